import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import type { Request } from 'express';
import type { SessionUser } from '../../../src/domain/schemas/auth';
import type { PasskeyInfo, PasskeyLoginBody, PasskeyRegisterBody } from '../../../src/domain/schemas/signin';
import type { Tx } from '../../db/scope';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import type { AuthRepository } from '../auth/repository';
import { hashToken, newToken } from '../auth/tokens';
import { toAuthUser, toSessionUser, type UsersRepository } from '../users/repository';
import type { SigninRepository } from './repository';
import type { SecondFactorService } from './second-factor';

/** Who the passkeys belong to: the site's host name and the origin the browser signs (PUBLIC_ORIGIN, else the request's). */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

/**
 * The relying party of a request. Behind PUBLIC_ORIGIN it is fixed; else the request's own host, which is safe here:
 * the browser signs the origin it really showed, so a forged Host header only makes the check fail.
 */
export function relyingParty(req: Request, publicOrigin?: string): RelyingParty {
  const origin = publicOrigin ? new URL(publicOrigin).origin : `${req.protocol}://${req.get('host')}`;
  return { rpID: new URL(origin).hostname, origin };
}

const RP_NAME = 'Blockspin Market';
const NOT_CHECKED = 'This passkey could not be checked. Please try again.';

/** The challenge the browser signed, read from its client data (the stored row says what it was handed out for). */
function signedChallenge(clientDataJSON: string): string {
  try {
    const parsed = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    if (typeof parsed.challenge === 'string' && parsed.challenge.length <= 200) return parsed.challenge;
  } catch {
    // answered below
  }
  throw badRequest(NOT_CHECKED);
}

const toInfo = (row: { id: string; name: string; created_at: number; last_used_at: number | null }): PasskeyInfo => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
});

/** A name for a new passkey from the browser's user agent, when the player gave none. */
function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const device = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X/.test(ua)
          ? 'Mac'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return device ? `Passkey on ${device}` : 'Passkey';
}

/**
 * A new passkey's name: the device and the day it was added, numbered when the account already has one so named, so
 * two passkeys of one computer are told apart (issue 52.5: two identical "Passkey on Linux" rows).
 */
export function distinctPasskeyName(device: string, now: number, taken: readonly string[]): string {
  const base = `${device}, added ${new Date(now).toISOString().slice(0, 10)}`;
  if (!taken.includes(base)) return base;
  let n = 2;
  while (taken.includes(`${base} (${n})`)) n += 1;
  return `${base} (${n})`;
}

export interface PasskeysDeps {
  tx: Tx;
  users: UsersRepository;
  auth: AuthRepository;
  signin: SigninRepository;
  secondFactor: SecondFactorService;
  logger: Logger;
  /** A session replaced by a sign-in ended (after its commit): its sockets close and no process keeps it. */
  sessionEnded?: (sessionHash: string) => Promise<void>;
}

/** A signed-in user’s passkeys: the list, and adding one. */
function passkeyRegistration({ tx, users, signin, secondFactor, logger }: PasskeysDeps) {
  return {
    list: async (userId: number): Promise<PasskeyInfo[]> => (await signin.listPasskeys(tx, userId)).map(toInfo),

    async registrationOptions(userId: number, sessionHash: string, rp: RelyingParty) {
      await secondFactor.requireMayChange(userId, sessionHash);
      const row = (await users.findById(tx, userId))!;
      const existing = await signin.listPasskeys(tx, userId);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: rp.rpID,
        userName: row.username,
        // Stable per account (ids are never reused), so an authenticator replaces its own older passkey for it.
        userID: isoUint8Array.fromUTF8String(`blockspin-user-${row.id}`),
        attestationType: 'none',
        excludeCredentials: existing.map((key) => ({
          id: key.id,
          transports: key.transports ? (JSON.parse(key.transports) as AuthenticatorTransport[]) : undefined,
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await signin.insertChallenge(tx, options.challenge, 'register', userId, Date.now());
      return options;
    },

    async register(
      userId: number,
      sessionHash: string,
      body: PasskeyRegisterBody,
      rp: RelyingParty,
      userAgent?: string,
    ): Promise<PasskeyInfo[]> {
      const now = Date.now();
      const challenge = await signin.takeChallenge(tx, signedChallenge(body.response.response.clientDataJSON), 'register', now);
      if (!challenge || challenge.user_id !== userId) throw badRequest(NOT_CHECKED);
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response: body.response as unknown as RegistrationResponseJSON,
          expectedChallenge: challenge.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: false,
        });
      } catch (error) {
        logger.info({ err: error }, 'a passkey registration was refused');
        throw badRequest(NOT_CHECKED);
      }
      if (!verified.verified) throw badRequest(NOT_CHECKED);
      const { credential } = verified.registrationInfo;
      if (await signin.findPasskey(tx, credential.id)) throw new AppError(409, 'This passkey is already added');
      await tx.run(async (tx) => {
        await signin.insertPasskey(tx, {
          id: credential.id,
          user_id: userId,
          public_key: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ? JSON.stringify(credential.transports) : null,
          name:
            body.name ||
            distinctPasskeyName(
              deviceName(userAgent),
              now,
              (await signin.listPasskeys(tx, userId)).map((key) => key.name),
            ),
          created_at: now,
        });
        // Adding a passkey proves this device holds it: for an admin, the session has passed its second factor.
        await signin.markSessionPassed(tx, sessionHash, 'passkey', now);
      });
      secondFactor.onPassed(sessionHash);
      return (await signin.listPasskeys(tx, userId)).map(toInfo);
    },
  };
}

/** Removing a passkey, and signing in with one. */
function passkeyUse({ tx, users, auth, signin, secondFactor, logger, sessionEnded }: PasskeysDeps) {
  return {
    async remove(userId: number, sessionHash: string, id: string): Promise<PasskeyInfo[]> {
      await secondFactor.requireMayChange(userId, sessionHash);
      if ((await signin.deletePasskey(tx, userId, id)) === 0) throw notFound('No such passkey');
      return (await signin.listPasskeys(tx, userId)).map(toInfo);
    },

    async loginOptions(rp: RelyingParty) {
      // No account named: the browser offers the passkeys it holds for this site (discoverable credentials).
      const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'preferred', allowCredentials: [] });
      await signin.insertChallenge(tx, options.challenge, 'login', null, Date.now());
      return options;
    },

    /** Signs in with a passkey: a new session that has also passed the admins' second factor. */
    async login(body: PasskeyLoginBody, rp: RelyingParty, previousHash?: string): Promise<{ user: SessionUser; token: string }> {
      const now = Date.now();
      const challenge = await signin.takeChallenge(tx, signedChallenge(body.response.response.clientDataJSON), 'login', now);
      if (!challenge) throw badRequest(NOT_CHECKED);
      const stored = await signin.findPasskey(tx, body.response.id);
      // A deleted account's passkeys are removed with it; one left behind by an older deletion signs nobody in.
      const owner = stored && (await users.findById(tx, stored.user_id));
      if (!stored || !owner || owner.deleted_at !== null)
        throw new AppError(401, 'This passkey is not known here. Sign in with your password, then add a passkey in Account.');
      const response = body.response as unknown as AuthenticationResponseJSON;
      const handle = response.response.userHandle;
      if (handle && isoBase64URL.toUTF8String(handle) !== `blockspin-user-${stored.user_id}`) throw badRequest(NOT_CHECKED);
      let verified;
      try {
        verified = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          credential: {
            id: stored.id,
            publicKey: isoBase64URL.toBuffer(stored.public_key),
            counter: stored.counter,
            transports: stored.transports ? (JSON.parse(stored.transports) as AuthenticatorTransport[]) : undefined,
          },
          requireUserVerification: false,
        });
      } catch (error) {
        logger.info({ err: error }, 'a passkey sign-in was refused');
        throw badRequest(NOT_CHECKED);
      }
      if (!verified.verified) throw badRequest(NOT_CHECKED);
      const token = newToken();
      await tx.run(async (tx) => {
        await signin.usePasskey(tx, stored.id, verified.authenticationInfo.newCounter, now);
        // A new session id at every sign-in, as with a password.
        if (previousHash) await auth.deleteSession(tx, previousHash);
        await auth.insertSession(tx, hashToken(token), stored.user_id, now);
        await signin.markSessionPassed(tx, hashToken(token), 'passkey', now);
      });
      if (previousHash) await sessionEnded?.(previousHash);
      const row = owner;
      logger.info({ username: row.username, admin: toAuthUser(row).isAdmin }, 'signed in with a passkey');
      return { user: toSessionUser(row), token };
    },
  };
}

/** Passkeys (issue 29.8): added from Account, used to sign in without a password; for an admin, also the second factor. */
export function createPasskeysService(deps: PasskeysDeps) {
  return {
    ...passkeyRegistration(deps),
    ...passkeyUse(deps),
  };
}
export type PasskeysService = ReturnType<typeof createPasskeysService>;

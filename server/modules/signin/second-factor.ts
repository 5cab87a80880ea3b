import QRCode from 'qrcode';
import type { SecondFactorStatus, SecondFactorSummary, TotpSetup } from '../../../src/domain/schemas/signin';
import type { Tx } from '../../db/scope';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { toAuthUser, type UsersRepository } from '../users/repository';
import { recordTransition } from '../history/audit';
import type { SigninRepository } from './repository';
import { newRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeHash } from './recovery-codes';
import { newTotpSecret, totpStep, totpUri } from './totp';

/** What an admin call answers while the session has not passed the second factor (issue 29.9). */
export const SECOND_FACTOR_NEEDED = "Confirm it's you with your passkey or authenticator code before using Admin Control";

const WRONG_CODE = 'That code is not right. Enter the current 6-digit code from your authenticator app';
export const WRONG_RECOVERY_CODE = 'That recovery code is not right or was used already';

export const secondFactorNeeded = () => new AppError(403, SECOND_FACTOR_NEEDED, undefined, undefined, { reason: 'second-factor' });

export interface SecondFactorDeps {
  tx: Tx;
  users: UsersRepository;
  signin: SigninRepository;
  mode: 'required' | 'optional';
  /** A session passed: its open sockets reconnect to hear admin messages. */
  onPassed?: (sessionHash: string) => void;
}

/** The helpers the use cases below share. */
function secondFactorServiceCore({ tx, users, signin }: SecondFactorDeps) {
  async function factors(userId: number, within: Tx = tx): Promise<SecondFactorSummary> {
    const [totp, passkeys] = await Promise.all([signin.findTotp(within, userId), signin.countPasskeys(within, userId)]);
    return { totp: !!totp?.enabled_at, passkeys };
  }

  async function userNamed(within: Tx, username: string) {
    const row = await users.findByName(within, username);
    if (!row) throw notFound(`There is no user named '${username}'`);
    return row;
  }

  async function isAdmin(userId: number): Promise<boolean> {
    const row = await users.findById(tx, userId);
    return !!row && toAuthUser(row).isAdmin;
  }

  /** The signed-in admin's own row; TOTP is for admins (players sign in with passkeys or passwords). */
  async function adminRow(userId: number) {
    const row = await users.findById(tx, userId);
    if (!row || !toAuthUser(row).isAdmin) throw forbidden('Only admins set up an authenticator app');
    return row;
  }

  return { factors, userNamed, isAdmin, adminRow };
}
type SecondFactorServiceCore = ReturnType<typeof secondFactorServiceCore>;

/** Where an admin’s second factor stands, and setting up an authenticator app. */
function factorStatus({ tx, signin, mode, onPassed }: SecondFactorDeps, { factors, isAdmin, adminRow }: SecondFactorServiceCore) {
  return {
    mode,
    onPassed: (sessionHash: string) => onPassed?.(sessionHash),

    /** Whether an admin's session may make admin calls now: always when optional, else once it passed a second factor. */
    sessionMayAdmin: async (sessionHash: string): Promise<boolean> => mode === 'optional' || (await signin.sessionPassed(tx, sessionHash)),

    /**
     * Adding or removing a passkey: an admin (under 'required') who already has a factor must have passed it in this
     * session, so a password alone can neither add a way in nor take one away.
     */
    async requireMayChange(userId: number, sessionHash: string): Promise<void> {
      if (mode === 'optional' || !(await isAdmin(userId)) || (await signin.sessionPassed(tx, sessionHash))) return;
      const have = await factors(userId);
      if (have.totp || have.passkeys > 0) throw secondFactorNeeded();
    },

    async status(userId: number, sessionHash: string): Promise<SecondFactorStatus> {
      const [have, admin, passed] = await Promise.all([factors(userId), isAdmin(userId), signin.sessionPassed(tx, sessionHash)]);
      const state = !admin || mode === 'optional' ? 'none' : passed ? 'passed' : have.totp || have.passkeys > 0 ? 'needed' : 'setup';
      return { state, ...have };
    },

    /**
     * A new secret to scan. An admin who has no second factor may start at once (the first set-up, asked before Admin
     * Control opens); one who has a factor must have passed it in this session (so a password alone cannot replace it).
     */
    async startTotp(userId: number, username: string, sessionHash: string): Promise<TotpSetup> {
      await adminRow(userId);
      const have = await factors(userId);
      if (have.totp) throw conflict('An authenticator app is already set up for this account');
      // Under 'optional' every admin may add one from Account (issue 52.5), as requireMayChange lets them add passkeys.
      if (mode === 'required' && have.passkeys > 0 && !(await signin.sessionPassed(tx, sessionHash))) throw secondFactorNeeded();
      const secret = newTotpSecret();
      await signin.startTotp(tx, userId, secret, Date.now());
      const uri = totpUri(secret, username);
      return { secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 240, errorCorrectionLevel: 'M' }) };
    },
  };
}

/** The super admin’s view of a user’s factors, and their reset. */
function factorAdministration({ tx, signin }: SecondFactorDeps, { factors, userNamed }: SecondFactorServiceCore) {
  return {
    /** What a user has set up, for the super admin's page of that user. */
    factorsOf: async (username: string): Promise<SecondFactorSummary> => factors((await userNamed(tx, username)).id),

    /**
     * The way back in for an admin who lost their phone or security key: the super admin removes the user's
     * authenticator app and every passkey. Answers the user's id, whose sessions the caller then ends: the next sign-in
     * with the password sets up a new second factor. The super admin's own factors are not removed here (the page
     * that would do it is behind them).
     */
    resetFor: (username: string, superAdmin: { id: number; username: string }): Promise<number> =>
      tx.run(async (tx) => {
        const row = await userNamed(tx, username);
        if (row.is_super_admin) throw forbidden("The super admin's own second factor cannot be reset here");
        const have = await factors(row.id, tx);
        if (!have.totp && have.passkeys === 0) throw conflict(`${row.username} has no authenticator app or passkey to remove`);
        await signin.deleteTotp(tx, row.id);
        await signin.deletePasskeysOf(tx, row.id);
        const removed = [
          have.totp ? 'the authenticator app' : null,
          have.passkeys > 0 ? `${have.passkeys} passkey${have.passkeys === 1 ? '' : 's'}` : null,
        ];
        await recordTransition(tx, {
          subject: 'user',
          subjectId: row.id,
          from: null,
          to: 'second-factor-reset',
          actor: superAdmin,
          note: `Removed ${removed.filter(Boolean).join(' and ')} of ${row.username}; their sessions ended`,
        });
        return row.id;
      }),
  };
}

/** Checking a code from the authenticator app or a recovery code. */
function factorChecks({ tx, signin, onPassed }: SecondFactorDeps, { adminRow }: SecondFactorServiceCore) {
  return {
    /**
     * Checks a code: the first one confirms a new set-up; later ones are the second factor of a sign-in. Either way the
     * session has passed. A code is accepted once (its step is recorded). Confirming answers the new recovery codes
     * (issue 52.5), replacing any earlier ones; a sign-in may give one of them instead of a code, once.
     */
    async checkTotp(userId: number, username: string, sessionHash: string, code: string, confirming: boolean): Promise<string[]> {
      await adminRow(userId);
      const stored = await signin.findTotp(tx, userId);
      if (!stored || (confirming ? !!stored.enabled_at : !stored.enabled_at)) {
        throw conflict(
          confirming ? 'Start the set-up again: there is no new authenticator app to confirm' : 'No authenticator app is set up',
        );
      }
      const now = Date.now();
      const recovery = !confirming && !/^\d{3} ?\d{3}$/.test(code.trim());
      const step = recovery ? null : totpStep(stored.secret, username, code, now);
      const recoveryCodes = confirming ? Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode) : [];
      await tx.run(async (tx) => {
        if (recovery) {
          if (!(await signin.useRecoveryCode(tx, userId, recoveryCodeHash(code), now))) {
            throw badRequest(WRONG_RECOVERY_CODE, [{ path: 'code', message: WRONG_RECOVERY_CODE }]);
          }
        } else if (step === null || !(await signin.acceptTotpStep(tx, userId, step, now))) {
          throw badRequest(WRONG_CODE, [{ path: 'code', message: WRONG_CODE }]);
        }
        if (confirming) await signin.replaceRecoveryCodes(tx, userId, recoveryCodes.map(recoveryCodeHash), now);
        await signin.markSessionPassed(tx, sessionHash, recovery ? 'recovery-code' : 'totp', now);
      });
      onPassed?.(sessionHash);
      return recoveryCodes;
    },
  };
}

/** The admins' second factor: whether a session may act as an admin, and the authenticator app (TOTP) set-up and check. */
export function createSecondFactorService(deps: SecondFactorDeps) {
  const core = secondFactorServiceCore(deps);
  return {
    ...factorStatus(deps, core),
    ...factorAdministration(deps, core),
    ...factorChecks(deps, core),
  };
}
export type SecondFactorService = ReturnType<typeof createSecondFactorService>;

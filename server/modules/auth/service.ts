import type { ChangePasswordBody, LoginBody, SessionUser, SignupBody } from '../../../src/domain/schemas/auth';
import { AppError, badRequest, conflict, forbidden, unauthorised } from '../../lib/app-error';
import type { Tx } from '../../db/scope';
import type { Logger } from '../../lib/logger';
import { nowIso } from '../../lib/time';
import type { Hub } from '../../realtime/hub';
import { toAuthUser, toSessionUser, type AuthUser, type UsersRepository } from '../users/repository';
import type { HashQueue } from './hash-queue';
import { hashPassword, verifyPassword } from './passwords';
import type { AuthRepository } from './repository';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './session-cookie';
import { hashToken, newToken } from './tokens';
import { isSessionEndReason, type SessionEndReason } from '../../../src/domain/session-end';

/** How often a session's last-seen time is written (not on every request). */
const TOUCH_EVERY_MS = 60_000;
/** How long the reason a session ended is kept to be told to the device that still holds its cookie. */
const ENDED_KEPT_MS = 30 * 24 * 3600 * 1000;

export interface AuthDeps {
  /** The database: reads outside a transaction, and `tx.run` to open one. */
  tx: Tx;
  users: UsersRepository;
  auth: AuthRepository;
  hub: Hub;
  logger: Logger;
  /** Every password hash and check of a request goes through it (issue 29.3). */
  hashing: HashQueue;
}

export interface NewSession {
  user: SessionUser;
  token: string;
}

/** The helpers the use cases below share. */
function authServiceCore({ tx, auth, hub }: AuthDeps) {
  async function openSession(userId: number, previousHash?: string): Promise<string> {
    const token = newToken();
    await tx.run(async (tx) => {
      if (previousHash) await auth.deleteSession(tx, previousHash);
      await auth.insertSession(tx, hashToken(token), userId, Date.now());
    });
    // The replaced session's sockets close on every process.
    if (previousHash) await hub.disconnectSession(previousHash);
    return token;
  }

  const isExpired = (session: { last_seen_at: number; created_at: number }, now: number) =>
    now - session.last_seen_at > SESSION_IDLE_MS || now - session.created_at > SESSION_ABSOLUTE_MS;

  /** The session with its user, read from the database on every call (one indexed lookup, DESIGN.md §12). */
  const findSession = (sessionHash: string) => auth.findSession(tx, sessionHash);

  return { openSession, isExpired, findSession };
}
type AuthServiceCore = ReturnType<typeof authServiceCore>;

/** Sessions: whether one is live, whom it belongs to, and why one ended. */
function sessionUseCases({ tx, auth }: AuthDeps, { isExpired, findSession }: AuthServiceCore) {
  return {
    /**
     * Whether the session exists and has not expired; unlike `resolve`, this does not count as activity. `stored`
     * reads the row itself, past the process's kept copy: the sockets' periodic check is the safety net for whatever a
     * note did not say (a row changed by hand, a lost note), so it must not answer from what the notes kept.
     */
    async isSessionLive(sessionHash: string, { stored = false }: { stored?: boolean } = {}): Promise<boolean> {
      const found = stored ? await auth.findSession(tx, sessionHash) : await findSession(sessionHash);
      return !!found && !isExpired(found.session, Date.now());
    },

    /** The user behind a session token, or null when it is unknown or expired (an expired one is deleted). */
    async resolve(token: string | undefined): Promise<{ user: AuthUser; sessionHash: string } | null> {
      if (!token || token.length > 100) return null;
      const sessionHash = hashToken(token);
      const found = await findSession(sessionHash);
      if (!found) return null;
      const { session, user: row } = found;
      const now = Date.now();
      if (isExpired(session, now)) {
        await tx.run(async (tx) => {
          await auth.markSessionEnded(tx, sessionHash, 'session-ended', now);
          await auth.deleteSession(tx, sessionHash);
        });
        return null;
      }
      if (now - session.last_seen_at > TOUCH_EVERY_MS) {
        await auth.touchSession(tx, sessionHash, now);
      }
      return { user: toAuthUser(row), sessionHash };
    },

    /**
     * Why a cookie's session is gone, for the 401 its next call gets: what ended it when that is known (a demotion,
     * a password change elsewhere, a deletion, its age), else simply 'session-ended'; null without a cookie.
     */
    async endedReason(token: string | undefined): Promise<SessionEndReason | null> {
      if (!token || token.length > 100) return null;
      const reason = await auth.endedReason(tx, hashToken(token));
      return isSessionEndReason(reason) ? reason : 'session-ended';
    },
  };
}

/** Signing up, logging in and out, and the signed-in user. */
function accountUseCases({ tx, users, auth, hub, hashing }: AuthDeps, { openSession }: AuthServiceCore) {
  return {
    async signup(body: SignupBody, previousHash?: string): Promise<NewSession> {
      if (await users.findByName(tx, body.username)) throw conflict('Username is already taken');
      const passwordHash = await hashing.run(() => hashPassword(body.password));
      const token = newToken();
      const row = await tx.run(async (tx) => {
        // Checked again inside the transaction: another signup may have won while hashing.
        if (await users.findByName(tx, body.username)) throw conflict('Username is already taken');
        const id = await users.insert(tx, body.username, passwordHash, nowIso());
        if (previousHash) await auth.deleteSession(tx, previousHash);
        await auth.insertSession(tx, hashToken(token), id, Date.now());
        return (await users.findById(tx, id))!;
      });
      if (previousHash) await hub.disconnectSession(previousHash);
      return { user: toSessionUser(row), token };
    },

    /** `knownDevice`: the browser has signed in to this account before, so its check waits ahead of a flood. */
    async login(body: LoginBody, previousHash?: string, knownDevice = false): Promise<NewSession> {
      const row = await users.findByName(tx, body.username.trim());
      const ok = await hashing.run(() => verifyPassword(row?.password_hash, body.password), knownDevice);
      if (!row || !ok) throw unauthorised('Invalid username or password');
      // A new session id at every login (no fixation).
      const token = await openSession(row.id, previousHash);
      return { user: toSessionUser((await users.findById(tx, row.id))!), token };
    },

    /** The signed-in user's own account, as stored now. */
    me: async (userId: number): Promise<SessionUser> => toSessionUser((await users.findById(tx, userId))!),

    async logout(sessionHash: string | undefined) {
      if (!sessionHash) return;
      await auth.deleteSession(tx, sessionHash);
      await hub.disconnectSession(sessionHash);
    },
  };
}

/** Changing a password (with the current one or a one-time link), and the super admin made at start. */
function passwordUseCases({ tx, users, auth, hub, logger, hashing }: AuthDeps, _core: AuthServiceCore) {
  return {
    /** Changes a password with the current one (signed in as that user) or a one-time setup token. */
    async changePassword(username: string, body: ChangePasswordBody, caller: { user?: AuthUser; sessionHash?: string }) {
      if (body.token) {
        const tokenHash = hashToken(body.token);
        const stored = await auth.findSetupToken(tx, tokenHash);
        const row = await users.findByName(tx, username);
        if (!stored || !row || stored.user_id !== row.id) throw forbidden('This password link is invalid or has already been used');
        const passwordHash = await hashing.run(() => hashPassword(body.newPassword));
        await tx.run(async (tx) => {
          // Works once: the token is gone in the same transaction that uses it.
          if (!(await auth.findSetupToken(tx, tokenHash))) throw forbidden('This password link is invalid or has already been used');
          await auth.deleteSetupTokens(tx, row.id);
          await users.setPassword(tx, row.id, passwordHash);
          await auth.markUserSessionsEnded(tx, row.id, 'password-changed', Date.now());
          await auth.deleteUserSessions(tx, row.id);
        });
        await hub.disconnectUser(row.id, undefined, 'password-changed');
        logger.info({ username: row.username }, 'password set with a setup link');
        return;
      }
      if (body.currentPassword === undefined || body.currentPassword === '') {
        throw badRequest('Please fill in all fields', [{ path: 'currentPassword', message: 'The current password is required' }]);
      }
      if (!caller.user) throw unauthorised();
      if (caller.user.username.toLowerCase() !== username.toLowerCase()) throw forbidden('You may only change your own password');
      const row = (await users.findById(tx, caller.user.id))!;
      if (!(await hashing.run(() => verifyPassword(row.password_hash, body.currentPassword!), true)))
        throw new AppError(401, 'Current password is incorrect');
      const passwordHash = await hashing.run(() => hashPassword(body.newPassword), true);
      await tx.run(async (tx) => {
        await users.setPassword(tx, row.id, passwordHash);
        // A reset link dies when the password changes by any path (issue 45.4).
        await auth.deleteSetupTokens(tx, row.id);
        // Every other session of this account ends; the one that changed it stays.
        await auth.markUserSessionsEnded(tx, row.id, 'password-changed', Date.now(), caller.sessionHash);
        if (caller.sessionHash) await auth.deleteOtherSessions(tx, row.id, caller.sessionHash);
        else await auth.deleteUserSessions(tx, row.id);
      });
      await hub.disconnectUser(row.id, caller.sessionHash, 'password-changed');
    },

    /**
     * Creates the configured super admin if missing and makes it the only one. Without a password, sets it from
     * `password` when given, or else issues a one-time setup token (returned, to be printed as a link).
     */
    async ensureSuperAdmin(username: string, password: string | undefined): Promise<{ token: string; username: string } | null> {
      const existing = await users.findByName(tx, username);
      const passwordHash = existing?.password_hash ? null : password ? await hashPassword(password) : null;
      return tx.run(async (tx) => {
        let row = await users.findByName(tx, username);
        if (!row) {
          await users.insert(tx, username, null, nowIso(), { isAdmin: true, isSuperAdmin: true });
          row = (await users.findByName(tx, username))!;
        }
        await users.markSuperAdmin(tx, row.id);
        if (row.password_hash) return null;
        if (passwordHash) {
          await users.setPassword(tx, row.id, passwordHash);
          await auth.deleteSetupTokens(tx, row.id);
          return null;
        }
        // A fresh link at every start until the password is set; older links stop working.
        const token = newToken();
        await auth.deleteSetupTokens(tx, row.id);
        await auth.insertSetupToken(tx, hashToken(token), row.id, Date.now());
        return { token, username: row.username };
      });
    },
  };
}

/** Ending sessions: the expired ones, and all of a user’s. */
function sessionUpkeep({ tx, auth, hub }: AuthDeps, _core: AuthServiceCore) {
  return {
    /** Deletes sessions past their idle or absolute lifetime (run at start). */
    async deleteExpiredSessions() {
      const now = Date.now();
      await auth.deleteExpiredSessions(tx, now - SESSION_IDLE_MS, now - SESSION_ABSOLUTE_MS);
      await auth.forgetEndedBefore(tx, now - ENDED_KEPT_MS);
    },

    /**
     * Ends every session and socket of a user (demotion, deletion), remembering why for the devices still holding them;
     * inside the caller's transaction when one is given. The processes are told once the change has committed, never
     * before: told earlier, a process could read the still-stored session again and keep it (issue 32), and a closed
     * socket could reconnect before the commit. `told` resolves once every process has applied it: inside a transaction
     * the caller awaits it after its commit (awaited inside, it would wait for a commit that waits for it).
     */
    async endUserSessions(userId: number, reason: SessionEndReason, within: Tx = tx): Promise<{ told: Promise<void> }> {
      const told = within.inTransaction()
        ? new Promise<void>((resolve, reject) =>
            within.afterCommit(() => hub.disconnectUser(userId, undefined, reason).then(resolve, reject)),
          )
        : null;
      await within.run(async (tx) => {
        await auth.markUserSessionsEnded(tx, userId, reason, Date.now());
        await auth.deleteUserSessions(tx, userId);
      });
      if (told) return { told };
      await hub.disconnectUser(userId, undefined, reason);
      return { told: Promise.resolve() };
    },
  };
}

/** Signup, login, logout, sessions (cookie-based; only the token's hash is stored), password changes and the super admin's setup. */
export function createAuthService(deps: AuthDeps) {
  const core = authServiceCore(deps);
  return {
    ...sessionUseCases(deps, core),
    ...accountUseCases(deps, core),
    ...passwordUseCases(deps, core),
    ...sessionUpkeep(deps, core),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

import type { ChangePasswordBody, LoginBody, SessionUser, SignupBody } from '../../../src/domain/schemas/auth';
import { AppError, badRequest, conflict, forbidden, unauthorised } from '../../lib/app-error';
import type { Db } from '../../db/connection';
import type { Logger } from '../../lib/logger';
import { nowIso } from '../../lib/time';
import type { Hub } from '../../realtime/hub';
import { toAuthUser, toSessionUser, type AuthUser, type UsersRepository } from '../users/repository';
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
  db: Db;
  users: UsersRepository;
  auth: AuthRepository;
  hub: Hub;
  logger: Logger;
}

export interface NewSession {
  user: SessionUser;
  token: string;
}

/** Signup, login, logout, sessions (cookie-based; only the token's hash is stored), password changes and the super admin's setup. */
export function createAuthService({ db, users, auth, hub, logger }: AuthDeps) {
  function openSession(userId: number, previousHash?: string): string {
    const token = newToken();
    db.transaction(() => {
      if (previousHash) auth.deleteSession(previousHash);
      auth.insertSession(hashToken(token), userId, Date.now());
    })();
    return token;
  }

  const isExpired = (session: { last_seen_at: number; created_at: number }, now: number) =>
    now - session.last_seen_at > SESSION_IDLE_MS || now - session.created_at > SESSION_ABSOLUTE_MS;

  return {
    /** Whether the session exists and has not expired; unlike `resolve`, this does not count as activity. */
    isSessionLive(sessionHash: string): boolean {
      const found = auth.findSession(sessionHash);
      return !!found && !isExpired(found.session, Date.now());
    },

    /** The user behind a session token, or null when it is unknown or expired (an expired one is deleted). */
    resolve(token: string | undefined): { user: AuthUser; sessionHash: string } | null {
      if (!token || token.length > 100) return null;
      const sessionHash = hashToken(token);
      const found = auth.findSession(sessionHash);
      if (!found) return null;
      const { session, user: row } = found;
      const now = Date.now();
      if (isExpired(session, now)) {
        db.transaction(() => {
          auth.markSessionEnded(sessionHash, 'session-ended', now);
          auth.deleteSession(sessionHash);
        })();
        return null;
      }
      if (now - session.last_seen_at > TOUCH_EVERY_MS) auth.touchSession(sessionHash, now);
      return { user: toAuthUser(row), sessionHash };
    },

    /**
     * Why a cookie's session is gone, for the 401 its next call gets: what ended it when that is known (a demotion,
     * a password change elsewhere, a deletion, its age), else simply 'session-ended'; null without a cookie.
     */
    endedReason(token: string | undefined): SessionEndReason | null {
      if (!token || token.length > 100) return null;
      const reason = auth.endedReason(hashToken(token));
      return isSessionEndReason(reason) ? reason : 'session-ended';
    },

    async signup(body: SignupBody, previousHash?: string): Promise<NewSession> {
      if (users.findByName(body.username)) throw conflict('Username is already taken');
      const passwordHash = await hashPassword(body.password);
      const token = newToken();
      const row = db.transaction(() => {
        // Checked again inside the transaction: another signup may have won while hashing.
        if (users.findByName(body.username)) throw conflict('Username is already taken');
        const id = users.insert(body.username, passwordHash, nowIso());
        if (previousHash) auth.deleteSession(previousHash);
        auth.insertSession(hashToken(token), id, Date.now());
        return users.findById(id)!;
      })();
      return { user: toSessionUser(row), token };
    },

    async login(body: LoginBody, previousHash?: string): Promise<NewSession> {
      const row = users.findByName(body.username.trim());
      const ok = await verifyPassword(row?.password_hash, body.password);
      if (!row || !ok) throw unauthorised('Invalid username or password');
      // A new session id at every login (no fixation).
      const token = openSession(row.id, previousHash);
      return { user: toSessionUser(users.findById(row.id)!), token };
    },

    logout(sessionHash: string | undefined) {
      if (!sessionHash) return;
      auth.deleteSession(sessionHash);
      hub.disconnectSession(sessionHash);
    },

    /** Changes a password with the current one (signed in as that user) or a one-time setup token. */
    async changePassword(username: string, body: ChangePasswordBody, caller: { user?: AuthUser; sessionHash?: string }) {
      if (body.token) {
        const tokenHash = hashToken(body.token);
        const stored = auth.findSetupToken(tokenHash);
        const row = users.findByName(username);
        if (!stored || !row || stored.user_id !== row.id) throw forbidden('This password link is invalid or has already been used');
        const passwordHash = await hashPassword(body.newPassword);
        db.transaction(() => {
          // Works once: the token is gone in the same transaction that uses it.
          if (!auth.findSetupToken(tokenHash)) throw forbidden('This password link is invalid or has already been used');
          auth.deleteSetupTokens(row.id);
          users.setPassword(row.id, passwordHash);
          auth.markUserSessionsEnded(row.id, 'password-changed', Date.now());
          auth.deleteUserSessions(row.id);
        })();
        hub.disconnectUser(row.id, undefined, 'password-changed');
        logger.info({ username: row.username }, 'password set with a setup link');
        return;
      }
      if (body.currentPassword === undefined || body.currentPassword === '') {
        throw badRequest('Please fill in all fields', [{ path: 'currentPassword', message: 'The current password is required' }]);
      }
      if (!caller.user) throw unauthorised();
      if (caller.user.username.toLowerCase() !== username.toLowerCase()) throw forbidden('You may only change your own password');
      const row = users.findById(caller.user.id)!;
      if (!(await verifyPassword(row.password_hash, body.currentPassword))) throw new AppError(401, 'Current password is incorrect');
      const passwordHash = await hashPassword(body.newPassword);
      db.transaction(() => {
        users.setPassword(row.id, passwordHash);
        // Every other session of this account ends; the one that changed it stays.
        auth.markUserSessionsEnded(row.id, 'password-changed', Date.now(), caller.sessionHash);
        if (caller.sessionHash) auth.deleteOtherSessions(row.id, caller.sessionHash);
        else auth.deleteUserSessions(row.id);
      })();
      hub.disconnectUser(row.id, caller.sessionHash, 'password-changed');
    },

    /**
     * Creates the configured super admin if missing and makes it the only one. Without a password, sets it from
     * `password` when given, or else issues a one-time setup token (returned, to be printed as a link).
     */
    async ensureSuperAdmin(username: string, password: string | undefined): Promise<{ token: string; username: string } | null> {
      let row = users.findByName(username);
      const passwordHash = row?.password_hash ? null : password ? await hashPassword(password) : null;
      return db.transaction(() => {
        if (!row) {
          users.insert(username, null, nowIso(), { isAdmin: true, isSuperAdmin: true });
          row = users.findByName(username)!;
        }
        users.markSuperAdmin(row.id);
        if (row.password_hash) return null;
        if (passwordHash) {
          users.setPassword(row.id, passwordHash);
          auth.deleteSetupTokens(row.id);
          return null;
        }
        // A fresh link at every start until the password is set; older links stop working.
        const token = newToken();
        auth.deleteSetupTokens(row.id);
        auth.insertSetupToken(hashToken(token), row.id, Date.now());
        return { token, username: row.username };
      })();
    },

    /** Deletes sessions past their idle or absolute lifetime (run at start). */
    deleteExpiredSessions() {
      const now = Date.now();
      db.prepare('DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?').run(now - SESSION_IDLE_MS, now - SESSION_ABSOLUTE_MS);
      auth.forgetEndedBefore(now - ENDED_KEPT_MS);
    },

    /** Ends every session and socket of a user (demotion, deletion), remembering why for the devices still holding them. */
    endUserSessions(userId: number, reason: SessionEndReason) {
      auth.markUserSessionsEnded(userId, reason, Date.now());
      auth.deleteUserSessions(userId);
      hub.disconnectUser(userId, undefined, reason);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

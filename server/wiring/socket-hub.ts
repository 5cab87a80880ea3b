import type { Config } from '../config';
import type { Durability } from '../db/durability';
import type { Engine } from '../db/engine';
import type { Logger } from '../lib/logger';
import type { AuthService } from '../modules/auth/service';
import { readCookie, SESSION_COOKIE } from '../modules/auth/session-cookie';
import type { SecondFactorService } from '../modules/signin/second-factor';
import { createUsersRepository, toAuthUser } from '../modules/users/repository';
import { createHub, type Hub } from '../realtime/hub';

/** What the hub asks of the sessions, given once the app (which needs the hub) is built. */
interface SessionReads {
  resolve(token: string | undefined): Promise<{ user: { id: number; isAdmin: boolean }; sessionHash: string } | null>;
  isSessionLive(sessionHash: string): Promise<boolean>;
  isAdminSession(sessionHash: string): Promise<boolean>;
}

/**
 * The /ws hub. The hub needs the auth service and the app needs the hub: the hub resolves sessions through a late
 * binding, `bindSessions`, called once the app is built (until then no socket is let in).
 */
export function createSocketHub(
  config: Config,
  logger: Logger,
  engine: Engine,
  durability: Durability,
): { hub: Hub; bindSessions(auth: AuthService, secondFactor: SecondFactorService): void } {
  const users = createUsersRepository();
  let sessions: SessionReads = { resolve: async () => null, isSessionLive: async () => true, isAdminSession: async () => false };
  const hub = createHub({
    logger,
    publicOrigin: config.publicOrigin,
    durable: () => durability.flush(),
    isSessionLive: (sessionHash) => sessions.isSessionLive(sessionHash),
    isAdminSession: (sessionHash) => sessions.isAdminSession(sessionHash),
    maxSocketsPerSession: config.maxSocketsPerSession,
    sessionCheckMs: config.socketSessionCheckMs,
    authenticate: async (req) => {
      const session = await sessions.resolve(readCookie(req.headers.cookie, SESSION_COOKIE));
      if (!session) return null;
      // An admin's session opens as an admin's only once it passed the second factor (issue 29.9).
      const isAdmin = session.user.isAdmin && (await sessions.isAdminSession(session.sessionHash));
      return { userId: session.user.id, sessionHash: session.sessionHash, isAdmin };
    },
    isAdmin: async (userId) => {
      const row = await users.findById(engine.tx, userId);
      return !!row && toAuthUser(row).isAdmin;
    },
  });
  return {
    hub,
    bindSessions(auth, secondFactor) {
      sessions = {
        resolve: (token) => auth.resolve(token),
        isSessionLive: (sessionHash) => auth.isSessionLive(sessionHash, { stored: true }),
        isAdminSession: (sessionHash) => secondFactor.sessionMayAdmin(sessionHash),
      };
    },
  };
}

import type { RequestHandler } from 'express';
import type { AuthService } from '../modules/auth/service';
import { readCookie, SESSION_COOKIE } from '../modules/auth/session-cookie';
import type { SecondFactorService } from '../modules/signin/second-factor';

/** Puts the session's user on the request (`req.user`), or why a sent session ended; every API answer is no-store. */
export function resolveSession(authService: AuthService, secondFactor: SecondFactorService): RequestHandler {
  return async (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    const session = await authService.resolve(token);
    if (session) {
      req.user = session.user;
      req.sessionHash = session.sessionHash;
      // An admin's session acts as a player until it passes the second factor; admin calls then say what to do.
      if (session.user.isAdmin && !(await secondFactor.sessionMayAdmin(session.sessionHash))) {
        req.user = { ...session.user, isAdmin: false, isSuperAdmin: false };
        req.secondFactorPending = true;
      }
    } else if (token) {
      const ended = await authService.endedReason(token);
      if (ended) req.sessionEnded = ended;
    }
    next();
  };
}

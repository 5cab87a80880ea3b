import type { Request } from 'express';
import { forbidden, loginRequired } from '../../lib/app-error';
import type { SessionEndReason } from '../../../src/domain/session-end';
import type { AuthUser } from '../users/repository';
import { secondFactorNeeded } from '../signin/second-factor';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user, from the session cookie alone. */
    user?: AuthUser;
    /** Hash of the session token of this request. */
    sessionHash?: string;
    /** Why the request's session cookie no longer signs anyone in (a 401 tells it), when it carried one. */
    sessionEnded?: SessionEndReason;
    /** An admin's session that has not passed the second factor yet: it acts as a player until it does (issue 29.9). */
    secondFactorPending?: boolean;
  }
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The signed-in user, or 401. */
export function requireUser(req: Request): AuthUser {
  if (!req.user) throw loginRequired(req.sessionEnded);
  return req.user;
}

/** An admin (the super admin included), or 401/403. */
export function requireAdmin(req: Request): AuthUser {
  const user = requireUser(req);
  if (!user.isAdmin) throw req.secondFactorPending ? secondFactorNeeded() : forbidden('Only admins may do that');
  return user;
}

/** The super admin, or 401/403. */
export function requireSuperAdmin(req: Request): AuthUser {
  const user = requireUser(req);
  if (!user.isSuperAdmin) throw req.secondFactorPending ? secondFactorNeeded() : forbidden('Only the super admin may do that');
  return user;
}

/** The user named in the path, or 401/403. */
export function requireSelf(req: Request, username: string): AuthUser {
  const user = requireUser(req);
  if (!sameName(user.username, username)) throw forbidden('You may only change your own account');
  return user;
}

/** The user named in the path or an admin (reading), or 401/403. */
export function requireSelfOrAdmin(req: Request, username: string): AuthUser {
  const user = requireUser(req);
  if (!user.isAdmin && !sameName(user.username, username))
    throw req.secondFactorPending ? secondFactorNeeded() : forbidden("You may only see your own account's records");
  return user;
}

import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { slowDown } from 'express-slow-down';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

/** Failed logins of one username answered at full speed; each one after them waits this much longer. */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_DELAY_STEP_MS = 250;
export const LOGIN_MAX_DELAY_MS = 5_000;

const byIp = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');
const byUsername = (req: Request) =>
  `user:${typeof req.body?.username === 'string' ? req.body.username.trim().toLowerCase().slice(0, 64) : ''}`;

/**
 * Where the counters live: null keeps them in this process's memory (one process, SQLite); several processes pass a
 * factory for a shared store, given a name per limiter so that two limiters never share a key.
 */
export type LimitStores = ((name: string) => Store) | null;

function limiter(
  limit: number,
  windowMs: number,
  keyGenerator: (req: Request) => string,
  failuresOnly: boolean,
  store: Store | undefined,
): RequestHandler {
  return rateLimit({
    ...(store ? { store } : {}),
    windowMs,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skipSuccessfulRequests: failuresOnly,
    keyGenerator,
    handler: (req, res) => {
      const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + windowMs) - Date.now()) / 1000));
      res.setHeader('Retry-After', String(seconds));
      res.status(429).json({ message: `Too many attempts. Please wait ${Math.ceil(seconds / 60)} minute(s) and try again.` });
    },
  });
}

/**
 * Login. Only failures count, so a player who logs in often is never limited. Per username, failures slow the next
 * attempts down (a growing delay, capped) instead of locking the account: ten wrong passwords typed by somebody else
 * cost the real player a few seconds, not fifteen minutes. Per address, a hard limit stops one machine guessing many
 * accounts; it is sized for a drop, where a crowd shares one network.
 */
export function loginLimits(enabled: boolean, stores: LimitStores = null): RequestHandler[] {
  if (!enabled) return [];
  const slowStore = stores?.('login-slow');
  return [
    limiter(100, FIFTEEN_MINUTES, byIp, true, stores?.('login-ip')),
    slowDown({
      ...(slowStore ? { store: slowStore } : {}),
      windowMs: FIFTEEN_MINUTES,
      delayAfter: LOGIN_FREE_FAILURES,
      delayMs: (used) => (used - LOGIN_FREE_FAILURES) * LOGIN_DELAY_STEP_MS,
      maxDelayMs: LOGIN_MAX_DELAY_MS,
      skipSuccessfulRequests: true,
      keyGenerator: byUsername,
    }),
  ];
}

/** Signup: per address (a drop's shared network signs many players up within the hour) and per username. */
export function signupLimits(enabled: boolean, stores: LimitStores = null): RequestHandler[] {
  if (!enabled) return [];
  return [
    limiter(200, ONE_HOUR, byIp, false, stores?.('signup-ip')),
    limiter(5, FIFTEEN_MINUTES, byUsername, false, stores?.('signup-name')),
  ];
}

import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { slowDown } from 'express-slow-down';
import type { DeviceCookies } from './device-cookie';

const ONE_MINUTE = 60 * 1000;
const FIFTEEN_MINUTES = 15 * ONE_MINUTE;
const ONE_HOUR = 60 * ONE_MINUTE;

/** Wrong passwords checked against one account in an hour, whatever the addresses (OWASP ASVS 4.0.3 V2.2.1). */
export const PASSWORD_BUDGET = 100;
/** Successful sign-ins to one account in a minute: a flood of correct logins must not take the machine (issue 29.3). */
export const SIGN_INS_PER_MINUTE = 10;

/** Failed logins of one username answered at full speed; each one after them waits this much longer. */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_DELAY_STEP_MS = 250;
export const LOGIN_MAX_DELAY_MS = 5_000;

const byIp = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');
const nameKey = (name: unknown) => `user:${typeof name === 'string' ? name.trim().toLowerCase().slice(0, 64) : ''}`;
const byUsername = (req: Request) => nameKey(req.body?.username);
/** The account a password is checked against: the login's username, or the one whose password is being changed. */
const accountOf = (req: Request) => (typeof req.params?.username === 'string' ? req.params.username : req.body?.username);
/** Per account, but a device that signed in to it before counts apart: nothing done elsewhere spends its share. */
const byAccountOrDevice = (req: Request) => (req.knownDevice ? `device:${req.knownDevice}` : nameKey(accountOf(req)));

/**
 * Where the counters live: null keeps them in this process's memory (one process, SQLite); several processes pass a
 * factory for a shared store, given a name per limiter so that two limiters never share a key.
 */
export type LimitStores = ((name: string) => Store) | null;

/** What a limiter counts: every attempt, only failures (the rest are given back), or only successes. */
type Counts = 'all' | 'failures' | 'successes';

function limiter(
  limit: number,
  windowMs: number,
  keyGenerator: (req: Request) => string,
  counts: Counts | boolean,
  store: Store | undefined,
  extra: { skip?: (req: Request) => boolean; wrongPasswordOnly?: boolean } = {},
): RequestHandler {
  const mode: Counts = counts === true ? 'failures' : counts === false ? 'all' : counts;
  return rateLimit({
    ...(store ? { store } : {}),
    windowMs,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skipSuccessfulRequests: mode === 'failures',
    skipFailedRequests: mode === 'successes',
    // A password budget spends only on a wrong password (401); a refusal for any other reason is given back.
    ...(extra.wrongPasswordOnly ? { requestWasSuccessful: (_req: Request, res: { statusCode: number }) => res.statusCode !== 401 } : {}),
    ...(extra.skip ? { skip: extra.skip } : {}),
    keyGenerator,
    handler: (req, res) => {
      const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + windowMs) - Date.now()) / 1000));
      res.setHeader('Retry-After', String(seconds));
      res.status(429).json({ message: `Too many attempts. Please wait ${Math.ceil(seconds / 60)} minute(s) and try again.` });
    },
  });
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The id of this browser's device cookie, when it is valid for the account the request checks a password of. */
    knownDevice?: string | null;
  }
}

/** Reads the device cookie for the account a request names (before any limiter decides). */
export function readKnownDevice(devices: DeviceCookies): RequestHandler {
  return async (req, _res, next) => {
    req.knownDevice = await devices.knownDevice(req, accountOf(req));
    next();
  };
}

/** Password checks of one account (or one known device) in progress at once in this process. */
export const CHECKS_IN_FLIGHT = 10;

/**
 * Refuses, before any database or hashing work, an attempt on an account that already has CHECKS_IN_FLIGHT attempts
 * being checked in this process (429, Retry-After 1): a flood of hundreds at once then costs the counters in the
 * database (and the other players waiting for those connections) only what ten cost. A bound on this process's own
 * work, so it is kept in its memory; the budgets themselves are shared by every process.
 */
export function checksInFlight(enabled: boolean): RequestHandler {
  if (!enabled) return (_req, _res, next) => next();
  const inFlight = new Map<string, number>();
  return (req, res, next) => {
    const key = byAccountOrDevice(req);
    const count = inFlight.get(key) ?? 0;
    if (count >= CHECKS_IN_FLIGHT) {
      res.setHeader('Retry-After', '1');
      res.status(429).json({ message: 'Too many attempts at once. Please wait a moment and try again.' });
      return;
    }
    inFlight.set(key, count + 1);
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left <= 0) inFlight.delete(key);
      else inFlight.set(key, left);
    };
    res.once('finish', release);
    res.once('close', release);
    next();
  };
}

/**
 * The password budget of an account (issue 29.2), counted *before* the password is hashed and checked, so however
 * many requests arrive at once, at most PASSWORD_BUDGET wrong ones an hour are ever checked, whatever their
 * addresses. A browser holding the account's device cookie spends a budget of its own instead, so its owner still
 * gets in while somebody else burns the account's. One instance serves login and change-password's current
 * password alike: the same budget.
 */
export function passwordBudget(enabled: boolean, stores: LimitStores = null): RequestHandler {
  if (!enabled) return (_req, _res, next) => next();
  return limiter(PASSWORD_BUDGET, ONE_HOUR, byAccountOrDevice, 'failures', stores?.('password-budget'), {
    wrongPasswordOnly: true,
    // A password change by setup token checks no password.
    skip: (req) => typeof req.body?.token === 'string' && req.body.token !== '',
  });
}

/**
 * Login (after `readKnownDevice`). Per address, a hard limit on failures stops one machine guessing many accounts; it
 * is sized for a drop, where a crowd shares one network. Per account, successes are capped a minute (a flood of
 * correct logins), and the password budget bounds wrong passwords. Per username, failures also slow the next
 * attempts down (a growing delay, capped) instead of locking the account. A known device skips the address limit
 * and the delay, and spends its own budget.
 */
export function loginLimits(enabled: boolean, stores: LimitStores = null, budget?: RequestHandler): RequestHandler[] {
  if (!enabled) return [];
  const slowStore = stores?.('login-slow');
  const known = (req: Request) => !!req.knownDevice;
  return [
    checksInFlight(true),
    // A known device is spared the per-address limit: one player's typos must not lock out everyone behind the same
    // network, and a device that signed in before is not the guesser the limit is for.
    limiter(100, FIFTEEN_MINUTES, byIp, true, stores?.('login-ip'), { skip: known }),
    // Counted on arrival and given back on failure: it also bounds the attempts on one account in flight at once.
    limiter(SIGN_INS_PER_MINUTE, ONE_MINUTE, byAccountOrDevice, 'successes', stores?.('login-success')),
    ...(budget ? [budget] : []),
    slowDown({
      skip: known,
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

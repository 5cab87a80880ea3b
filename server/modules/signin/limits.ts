import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { LimitStores } from '../auth/rate-limit';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

function limiter(name: string, limit: number, keyGenerator: (req: Request) => string, failuresOnly: boolean, stores: LimitStores) {
  const store = stores?.(name);
  return rateLimit({
    ...(store ? { store } : {}),
    windowMs: FIFTEEN_MINUTES,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skipSuccessfulRequests: failuresOnly,
    keyGenerator,
    handler: (req, res) => {
      const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + FIFTEEN_MINUTES) - Date.now()) / 1000));
      res.setHeader('Retry-After', String(seconds));
      res.status(429).json({ message: `Too many attempts. Please wait ${Math.ceil(seconds / 60)} minute(s) and try again.` });
    },
  });
}

/**
 * Wrong authenticator codes, per account whatever the address: a 6-digit code must not be guessed. Always on (unlike
 * the login limits RATE_LIMIT turns off): ten wrong codes in 15 minutes, then 429 until the window passes.
 */
export const totpCodeLimit = (stores: LimitStores): RequestHandler =>
  limiter('totp-code', 10, (req) => `user:${req.user?.id ?? 'none'}`, true, stores);

/** Passkey ceremonies per address (each hands out a stored challenge); generous, as conditional UI asks on every visit. */
export const passkeyLimit = (enabled: boolean, stores: LimitStores): RequestHandler[] =>
  enabled ? [limiter('passkey-ip', 300, (req) => ipKeyGenerator(req.ip ?? 'unknown'), false, stores)] : [];

/** Reset mails asked for, per address and per username (the same answer either way, so no account is revealed). */
export const resetRequestLimits = (enabled: boolean, stores: LimitStores): RequestHandler[] =>
  enabled
    ? [
        limiter('reset-ip', 30, (req) => ipKeyGenerator(req.ip ?? 'unknown'), false, stores),
        limiter(
          'reset-name',
          5,
          (req) =>
            `user:${String(req.body?.username ?? '')
              .trim()
              .toLowerCase()
              .slice(0, 64)}`,
          false,
          stores,
        ),
      ]
    : [];

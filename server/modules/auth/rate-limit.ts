import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

function limiter(limit: number, windowMs: number, key: 'ip' | 'username'): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: (req) =>
      key === 'ip'
        ? ipKeyGenerator(req.ip ?? 'unknown')
        : `user:${typeof req.body?.username === 'string' ? req.body.username.trim().toLowerCase().slice(0, 64) : ''}`,
    handler: (req, res) => {
      const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + windowMs) - Date.now()) / 1000));
      res.setHeader('Retry-After', String(seconds));
      res.status(429).json({ message: `Too many attempts. Please wait ${Math.ceil(seconds / 60)} minute(s) and try again.` });
    },
  });
}

/** Login: per address and per username (DESIGN §3). Failed and successful attempts both count. */
export function loginLimits(enabled: boolean): RequestHandler[] {
  if (!enabled) return [];
  return [limiter(30, FIFTEEN_MINUTES, 'ip'), limiter(10, FIFTEEN_MINUTES, 'username')];
}

/** Signup: per address and per username. */
export function signupLimits(enabled: boolean): RequestHandler[] {
  if (!enabled) return [];
  return [limiter(10, 60 * 60 * 1000, 'ip'), limiter(5, FIFTEEN_MINUTES, 'username')];
}

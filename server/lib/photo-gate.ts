import express, { type Request, type RequestHandler } from 'express';
import { AppError, forbidden, loginRequired } from './app-error';

export interface PhotoGateOptions {
  /** Photo calls processed at once; beyond it the call answers 503 with Retry-After. */
  concurrency: number;
  /** The largest body a photo call may send, in bytes. */
  maxBytes: number;
  /** Seconds a refused client is told to wait. */
  retryAfterSeconds?: number;
  /** The whole body must have arrived this long after the call took its slot, else 408 (a trickle holds no slot for long). */
  bodyTimeoutMs?: number;
  /** Whether the caller's role may make this call at all: checked before a slot is taken (403 otherwise). */
  allowed?: (req: Request) => boolean;
}

/**
 * Guards the calls whose JSON body carries a photo (several megabytes each). Everything that can refuse the call is
 * decided before a byte of the body is read: no session (401), a declared length over the limit (413), too many photo
 * calls already running (503 + Retry-After, which the outbox retries). Only then is the body parsed, with a bounded
 * limit, so the memory the server holds is at most `concurrency` photos, whatever arrives at once.
 */
export function photoGate({ concurrency, maxBytes, retryAfterSeconds = 2, bodyTimeoutMs = 60_000, allowed }: PhotoGateOptions) {
  const parse = express.json({ limit: maxBytes });
  let running = 0;
  /** Accounts holding a slot now: one each, so one account's uploads cannot take every slot (issue 29.5). */
  const holders = new Set<number>();
  const busy = () =>
    new AppError(503, 'The server is busy with other photos. Your item is kept and will be sent again in a moment.', undefined, {
      'Retry-After': String(retryAfterSeconds),
    });

  const handler: RequestHandler = (req, res, next) => {
    // A refused body is never parsed: Node discards it as it arrives, so it costs bandwidth, not memory.
    if (!req.user) return next(loginRequired(req.sessionEnded));
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      // Not worth receiving: close the connection after the answer.
      res.setHeader('Connection', 'close');
      return next(new AppError(413, 'The photo is too large (at most 6 MB)'));
    }
    if (allowed && !allowed(req)) return next(forbidden('Only admins may do that'));
    const userId = req.user.id;
    if (running >= concurrency || holders.has(userId)) return next(busy());
    running += 1;
    holders.add(userId);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      running -= 1;
      holders.delete(userId);
      clearTimeout(timer);
    };
    // A body that trickles in (a byte every few seconds) would hold the slot for as long as it likes: it has a deadline.
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      res.setHeader('Connection', 'close');
      res.status(408).json({ message: 'The photo took too long to arrive. Your item is kept and will be sent again.' });
      release();
      res.once('finish', () => req.destroy());
    }, bodyTimeoutMs);
    res.once('finish', release);
    res.once('close', release);
    parse(req, res, (error?: unknown) => {
      clearTimeout(timer);
      if (res.headersSent) return;
      next(error);
    });
  };

  return { handler, running: () => running };
}

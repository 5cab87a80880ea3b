import express, { type RequestHandler } from 'express';
import { AppError, loginRequired } from './app-error';

export interface PhotoGateOptions {
  /** Photo calls processed at once; beyond it the call answers 503 with Retry-After. */
  concurrency: number;
  /** The largest body a photo call may send, in bytes. */
  maxBytes: number;
  /** Seconds a refused client is told to wait. */
  retryAfterSeconds?: number;
}

/**
 * Guards the calls whose JSON body carries a photo (several megabytes each). Everything that can refuse the call is
 * decided before a byte of the body is read: no session (401), a declared length over the limit (413), too many photo
 * calls already running (503 + Retry-After, which the outbox retries). Only then is the body parsed, with a bounded
 * limit, so the memory the server holds is at most `concurrency` photos, whatever arrives at once.
 */
export function photoGate({ concurrency, maxBytes, retryAfterSeconds = 2 }: PhotoGateOptions) {
  const parse = express.json({ limit: maxBytes });
  let running = 0;

  const handler: RequestHandler = (req, res, next) => {
    // A refused body is never parsed: Node discards it as it arrives, so it costs bandwidth, not memory.
    if (!req.user) return next(loginRequired(req.sessionEnded));
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      // Not worth receiving: close the connection after the answer.
      res.setHeader('Connection', 'close');
      return next(new AppError(413, 'The photo is too large (at most 6 MB)'));
    }
    if (running >= concurrency) {
      return next(
        new AppError(503, 'The server is busy with other photos. Your item is kept and will be sent again in a moment.', undefined, {
          'Retry-After': String(retryAfterSeconds),
        }),
      );
    }
    running += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      running -= 1;
    };
    res.once('finish', release);
    res.once('close', release);
    parse(req, res, next);
  };

  return { handler, running: () => running };
}

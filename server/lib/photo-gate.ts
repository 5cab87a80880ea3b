import express, { type Request, type RequestHandler } from 'express';
import { AppError, forbidden, loginRequired } from './app-error';

export interface PhotoGateOptions {
  /** Photos processed at once (a slot each); a body that has arrived waits up to `slotWaitMs` for one, then 503. */
  concurrency: number;
  /** Photo bodies held at once, arriving or waiting for a slot (4 × concurrency): what bounds the memory of uploads. */
  receiving?: number;
  /** The largest body a photo call may send, in bytes. */
  maxBytes: number;
  /** Seconds a refused client is told to wait. */
  retryAfterSeconds?: number;
  /** The whole body must have arrived this long after the call started, else 408 (a trickle holds nothing for long). */
  bodyTimeoutMs?: number;
  /** How long a body that has arrived waits for a slot before answering 503. */
  slotWaitMs?: number;
  /** Whether the caller's role may make this call at all: checked before a byte is read (403 otherwise). */
  allowed?: (req: Request) => boolean;
}

export const PHOTO_BUSY_TEXT = 'The server is busy with other photos. Your item is kept and will be sent again in a moment.';
export const PHOTO_TOO_SLOW_TEXT = 'The photo took too long to arrive. Your item is kept and will be sent again.';

/**
 * Guards the calls whose JSON body carries a photo (several megabytes each). Everything that can refuse the call
 * without its body is decided before a byte is read: no session (401), a declared length over the limit (413), the
 * account already uploading, or too many bodies held already (503 + Retry-After, which the outbox retries).
 *
 * A processing slot is taken only once the whole body has arrived (issue 45.6): a connection sending a photo at 10
 * bytes a second held the one slot of a 2-core server, and every other player's sell got 503 meanwhile. Arriving
 * bodies are bounded by count (`receiving`) and by time (`bodyTimeoutMs`, then 408), so memory stays at most
 * `receiving + concurrency` photos and a trickle costs others nothing but one of the `receiving` places.
 */
export function photoGate({
  concurrency,
  receiving: receiveLimit = 4 * concurrency,
  maxBytes,
  retryAfterSeconds = 2,
  bodyTimeoutMs = 60_000,
  slotWaitMs = 10_000,
  allowed,
}: PhotoGateOptions) {
  const parse = express.json({ limit: maxBytes });
  let running = 0;
  let held = 0;
  /** Bodies that have arrived, waiting for a slot: first come, first served. */
  const waiting: Array<() => void> = [];
  /** Accounts uploading now: one each, so one account's uploads cannot take every place (issue 29.5). */
  const holders = new Set<number>();
  const busy = () => new AppError(503, PHOTO_BUSY_TEXT, undefined, { 'Retry-After': String(retryAfterSeconds) });

  const freeSlot = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) next();
  };

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
    if (held >= receiveLimit || holders.has(userId)) return next(busy());
    held += 1;
    holders.add(userId);
    // 'body': held (arriving, or arrived and waiting); 'slot': processing; 'answer': neither, its answer is on its way.
    let phase: 'body' | 'slot' | 'answer' | 'done' = 'body';
    const leave = (to: 'answer' | 'done') => {
      if (phase === 'body') held -= 1;
      else if (phase === 'slot') freeSlot();
      if (phase !== 'done') phase = to;
    };
    const release = () => {
      if (phase === 'done') return;
      leave('done');
      holders.delete(userId);
      clearTimeout(timer);
    };
    // A body that trickles in (a byte every few seconds) would hold its place for as long as it likes: it has a deadline.
    const timer = setTimeout(() => {
      if (res.headersSent || phase !== 'body') return;
      leave('answer');
      res.setHeader('Connection', 'close');
      res.status(408).json({ message: PHOTO_TOO_SLOW_TEXT });
      res.once('finish', () => req.destroy());
    }, bodyTimeoutMs);
    res.once('finish', release);
    res.once('close', release);

    const proceed = () => {
      if (phase !== 'body') return;
      held -= 1;
      running += 1;
      phase = 'slot';
      next();
    };
    parse(req, res, (error?: unknown) => {
      clearTimeout(timer);
      if (res.headersSent || phase !== 'body') return;
      if (error) {
        leave('answer');
        return next(error);
      }
      if (running < concurrency) return proceed();
      // Every slot is processing a photo: wait a little for one rather than make the player send it all again.
      const wait = setTimeout(() => {
        const index = waiting.indexOf(take);
        if (index >= 0) waiting.splice(index, 1);
        if (phase !== 'body') return;
        leave('answer');
        next(busy());
      }, slotWaitMs);
      const take = () => {
        clearTimeout(wait);
        // Gone while it waited (the client hung up): the slot goes to the next in line.
        if (phase !== 'body') return freeSlotIfUnused();
        proceed();
      };
      // `take` is called with a slot just freed; `running` is raised again by `proceed`.
      const freeSlotIfUnused = () => {
        const following = waiting.shift();
        if (following) following();
      };
      waiting.push(take);
    });
  };

  return { handler, running: () => running, held: () => held };
}

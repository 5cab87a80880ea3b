import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
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
export function photoGate(options: PhotoGateOptions) {
  const gate = new GateState(options);
  const handler: RequestHandler = (req, res, next) => {
    // A refused body is never parsed: Node discards it as it arrives, so it costs bandwidth, not memory.
    const refused = gate.refusal(req, res);
    if (refused) return next(refused);
    new Upload(gate, req.user!.id, req, res, next).receive();
  };
  return { handler, running: () => gate.running, held: () => gate.held };
}

/** The gate's counts, shared by every upload: bodies held, slots processing, who waits, who uploads. */
class GateState {
  readonly concurrency: number;
  readonly receiveLimit: number;
  readonly maxBytes: number;
  readonly retryAfterSeconds: number;
  readonly bodyTimeoutMs: number;
  readonly slotWaitMs: number;
  readonly allowed?: (req: Request) => boolean;
  readonly parse: RequestHandler;
  running = 0;
  held = 0;
  /** Bodies that have arrived, waiting for a slot: first come, first served. */
  readonly waiting: Array<() => void> = [];
  /** Accounts uploading now: one each, so one account's uploads cannot take every place (issue 29.5). */
  readonly holders = new Set<number>();

  constructor(options: PhotoGateOptions) {
    this.concurrency = options.concurrency;
    this.receiveLimit = options.receiving ?? 4 * options.concurrency;
    this.maxBytes = options.maxBytes;
    this.retryAfterSeconds = options.retryAfterSeconds ?? 2;
    this.bodyTimeoutMs = options.bodyTimeoutMs ?? 60_000;
    this.slotWaitMs = options.slotWaitMs ?? 10_000;
    this.allowed = options.allowed;
    this.parse = express.json({ limit: options.maxBytes });
  }

  busy() {
    return new AppError(503, PHOTO_BUSY_TEXT, undefined, { 'Retry-After': String(this.retryAfterSeconds) });
  }

  /** What refuses the call before a byte of its body is read, if anything: no session, too large, not allowed, busy. */
  refusal(req: Request, res: Response): AppError | null {
    if (!req.user) return loginRequired(req.sessionEnded);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > this.maxBytes) {
      // Not worth receiving: close the connection after the answer.
      res.setHeader('Connection', 'close');
      return new AppError(413, 'The photo is too large (at most 6 MB)');
    }
    if (this.allowed && !this.allowed(req)) return forbidden('Only admins may do that');
    if (this.held >= this.receiveLimit || this.holders.has(req.user.id)) return this.busy();
    return null;
  }

  freeSlot() {
    this.running -= 1;
    const next = this.waiting.shift();
    if (next) next();
  }
}

/** One photo call let in: its body arrives (within a deadline), then it takes a slot or waits a little for one. */
class Upload {
  // 'body': held (arriving, or arrived and waiting); 'slot': processing; 'answer': neither, its answer is on its way.
  private phase: 'body' | 'slot' | 'answer' | 'done' = 'body';
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly gate: GateState,
    private readonly userId: number,
    private readonly req: Request,
    private readonly res: Response,
    private readonly next: NextFunction,
  ) {}

  receive() {
    const { gate, req, res } = this;
    gate.held += 1;
    gate.holders.add(this.userId);
    // A body that trickles in (a byte every few seconds) would hold its place for as long as it likes: it has a deadline.
    this.timer = setTimeout(() => this.tooSlow(), gate.bodyTimeoutMs);
    res.once('finish', () => this.release());
    res.once('close', () => this.release());
    gate.parse(req, res, (error?: unknown) => this.arrived(error));
  }

  private leave(to: 'answer' | 'done') {
    if (this.phase === 'body') this.gate.held -= 1;
    else if (this.phase === 'slot') this.gate.freeSlot();
    if (this.phase !== 'done') this.phase = to;
  }

  private release() {
    if (this.phase === 'done') return;
    this.leave('done');
    this.gate.holders.delete(this.userId);
    clearTimeout(this.timer);
  }

  private tooSlow() {
    const { req, res } = this;
    if (res.headersSent || this.phase !== 'body') return;
    this.leave('answer');
    res.setHeader('Connection', 'close');
    res.status(408).json({ message: PHOTO_TOO_SLOW_TEXT });
    res.once('finish', () => req.destroy());
  }

  private proceed() {
    if (this.phase !== 'body') return;
    this.gate.held -= 1;
    this.gate.running += 1;
    this.phase = 'slot';
    this.next();
  }

  private arrived(error?: unknown) {
    clearTimeout(this.timer);
    if (this.res.headersSent || this.phase !== 'body') return;
    if (error) {
      this.leave('answer');
      return this.next(error);
    }
    if (this.gate.running < this.gate.concurrency) return this.proceed();
    this.waitForSlot();
  }

  /** Every slot is processing a photo: wait a little for one rather than make the player send it all again. */
  private waitForSlot() {
    const { waiting } = this.gate;
    const wait = setTimeout(() => {
      const index = waiting.indexOf(take);
      if (index >= 0) waiting.splice(index, 1);
      if (this.phase !== 'body') return;
      this.leave('answer');
      this.next(this.gate.busy());
    }, this.gate.slotWaitMs);
    // `take` is called with a slot just freed; `running` is raised again by `proceed`.
    const take = () => {
      clearTimeout(wait);
      // Gone while it waited (the client hung up): the slot goes to the next in line.
      if (this.phase !== 'body') return waiting.shift()?.();
      this.proceed();
    };
    waiting.push(take);
  }
}

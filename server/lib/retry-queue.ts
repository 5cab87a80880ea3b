import { backoffDelay } from '../../src/domain/backoff';

/**
 * What a send answers: done, or try again later (after `afterMs` when the other side asked for a wait, e.g. a
 * Retry-After, else after the queue's backoff).
 */
export type SendOutcome = void | { retry: string; afterMs?: number | null };

export interface RetryQueueOptions<J> {
  /** Sends one job once; throwing counts as a retry with the error's message. */
  send(job: J, signal: AbortSignal): Promise<SendOutcome>;
  /** Jobs sent at once (1: in order). */
  concurrency: number;
  /** Jobs waiting at most; beyond it the oldest is dropped (a service down for hours must not eat memory). */
  maxQueued: number;
  /** Tries per job before it is given up. */
  maxAttempts: number;
  /** The first retry's wait; each later one waits twice as long, or what the other side asked for if longer. */
  retryBaseMs: number;
  /** The longest wait between tries, whatever the other side asks. */
  maxDelayMs: number;
  /** A job dropped because the queue is full. */
  dropped(job: J): void;
  /** A job given up after its last try. */
  gaveUp(job: J, reason: string): void;
  /** A job to be tried again after `delayMs`. */
  retrying?(job: J, reason: string, delayMs: number): void;
}

interface Entry<J> {
  job: J;
  attempt: number;
}

/**
 * The in-process queue the push sender and the alerts webhook share (issue 48.5: one retry helper): `add` returns at
 * once; jobs go out `concurrency` at a time; a retry waits with exponential backoff on a timer that keeps no process
 * alive; `close` aborts sends in flight and forgets what waits.
 */
export class RetryQueue<J> {
  private readonly waiting: Entry<J>[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stopping = new AbortController();
  private running = 0;
  private closed = false;
  private idle: Array<() => void> = [];

  constructor(private readonly options: RetryQueueOptions<J>) {}

  add(job: J): void {
    this.enqueue({ job, attempt: 0 });
  }

  /** Jobs waiting, being sent or waiting for a retry. */
  pending(): number {
    return this.waiting.length + this.running + this.timers.size;
  }

  /** Resolves once nothing waits (tests). */
  settled(): Promise<void> {
    return new Promise((done) => (this.pending() === 0 ? done() : this.idle.push(done)));
  }

  close(): void {
    this.closed = true;
    this.stopping.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.waiting.length = 0;
    this.wakeIdle();
  }

  private enqueue(entry: Entry<J>) {
    if (this.closed) return;
    this.waiting.push(entry);
    if (this.waiting.length > this.options.maxQueued) this.options.dropped(this.waiting.shift()!.job);
    this.pump();
  }

  private pump() {
    while (!this.closed && this.running < this.options.concurrency && this.waiting.length > 0) {
      const entry = this.waiting.shift()!;
      this.running += 1;
      void this.sendOnce(entry).finally(() => {
        this.running -= 1;
        this.pump();
        if (this.pending() === 0) this.wakeIdle();
      });
    }
  }

  private async sendOnce(entry: Entry<J>) {
    let outcome: SendOutcome;
    try {
      outcome = await this.options.send(entry.job, this.stopping.signal);
    } catch (error) {
      outcome = { retry: error instanceof Error ? error.message : 'no answer' };
    }
    if (outcome && !this.closed) this.retry(entry, outcome.retry, outcome.afterMs ?? null);
  }

  private retry(entry: Entry<J>, reason: string, asked: number | null) {
    const { maxAttempts, retryBaseMs, maxDelayMs } = this.options;
    if (entry.attempt + 1 >= maxAttempts) return this.options.gaveUp(entry.job, reason);
    // The backoff's wait, or what the other side asked for if longer; never past the longest.
    const delay = Math.max(backoffDelay({ firstMs: retryBaseMs, maxMs: maxDelayMs }, entry.attempt), Math.min(maxDelayMs, asked ?? 0));
    this.options.retrying?.(entry.job, reason, delay);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.enqueue({ job: entry.job, attempt: entry.attempt + 1 });
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  private wakeIdle() {
    for (const done of this.idle.splice(0)) done();
  }
}

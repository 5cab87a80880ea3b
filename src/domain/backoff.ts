// One retry helper for every retry-with-backoff loop (issue 48.5): the push and webhook queue
// (server/lib/retry-queue.ts), the live-update listener's reconnect (server/realtime/bus.ts), PostgreSQL's retried
// transactions (server/db/postgres.ts) and the outbox's retry timer (src/lib/outbox/triggers.ts). Each keeps its own
// delays and limits.

/** How a loop waits between tries: the first wait, doubled each time up to the longest. */
export interface BackoffPolicy {
  firstMs: number;
  maxMs: number;
}

/** The wait before try `attempt + 1` (attempt 0 is the first retry): `firstMs × 2^attempt`, at most `maxMs`. */
export function backoffDelay({ firstMs, maxMs }: BackoffPolicy, attempt: number): number {
  // The exponent stops at 30 (2^30 ms is twelve days, past any cap): a loop that retries for ever never reaches Infinity.
  return Math.min(maxMs, firstMs * 2 ** Math.min(attempt, 30));
}

/** A loop's backoff: each `next()` is the following wait; `reset()` starts short again (the other side is back). */
export interface Backoff {
  next(): number;
  reset(): void;
}

/** A backoff that counts its own tries. */
export function createBackoff(policy: BackoffPolicy): Backoff {
  let attempt = 0;
  return {
    next: () => backoffDelay(policy, attempt++),
    reset: () => void (attempt = 0),
  };
}

import { AppError } from '../../lib/app-error';

export interface HashQueueOptions {
  /** Password hashes computed at once (cores − 1 by default: one core always stays for everything else). */
  concurrency: number;
  /** How long a hash may wait for its turn before the call answers 503 with Retry-After. */
  maxWaitMs: number;
  /** Seconds a refused client is told to wait. */
  retryAfterSeconds?: number;
}

interface Waiting {
  start: () => void;
  refuse: (error: AppError) => void;
  timer: NodeJS.Timeout;
}

/**
 * A bounded queue for password hashing (issue 29.3). argon2id spends ~19 MiB and tens of milliseconds of a core per
 * password: a flood of logins once held every core and took other players' calls from 9 ms to 450 ms. At most
 * `concurrency` hashes run at once; the rest wait in order, briefly, and then answer 503 with Retry-After. A device
 * that has signed in before waits ahead of the others, so its owner is not queued behind a flood.
 */
export function createHashQueue({ concurrency, maxWaitMs, retryAfterSeconds = 2 }: HashQueueOptions) {
  let running = 0;
  const first: Waiting[] = [];
  const rest: Waiting[] = [];
  const busy = () =>
    new AppError(503, 'The server is busy signing other players in. Please try again in a moment.', undefined, {
      'Retry-After': String(retryAfterSeconds),
    });

  function next() {
    const waiting = first.shift() ?? rest.shift();
    if (!waiting) return;
    clearTimeout(waiting.timer);
    waiting.start();
  }

  return {
    /** Runs `task` (a password hash or check) when a slot is free; 503 when none frees up in time. */
    async run<T>(task: () => Promise<T>, priority = false): Promise<T> {
      if (running >= concurrency) {
        await new Promise<void>((resolve, reject) => {
          const lane = priority ? first : rest;
          const waiting: Waiting = {
            start: resolve,
            refuse: reject,
            timer: setTimeout(() => {
              lane.splice(lane.indexOf(waiting), 1);
              reject(busy());
            }, maxWaitMs),
          };
          lane.push(waiting);
        });
      }
      running += 1;
      try {
        return await task();
      } finally {
        running -= 1;
        next();
      }
    },
    /** Hashes running and waiting now (for tests and the bench). */
    load: () => ({ running, waiting: first.length + rest.length }),
  };
}
export type HashQueue = ReturnType<typeof createHashQueue>;

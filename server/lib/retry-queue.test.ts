import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RetryQueue, type RetryQueueOptions, type SendOutcome } from './retry-queue';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

function queueOf(send: (job: string) => Promise<SendOutcome>, overrides: Partial<RetryQueueOptions<string>> = {}) {
  const events: string[] = [];
  const queue = new RetryQueue<string>({
    send: (job) => send(job),
    concurrency: 2,
    maxQueued: 3,
    maxAttempts: 3,
    retryBaseMs: 1_000,
    maxDelayMs: 5_000,
    dropped: (job) => events.push(`dropped ${job}`),
    gaveUp: (job, reason) => events.push(`gave up ${job}: ${reason}`),
    retrying: (job, reason, delay) => events.push(`retry ${job} in ${delay}`),
    ...overrides,
  });
  return { queue, events };
}

describe('RetryQueue', () => {
  it('when jobs are added, then at most `concurrency` are sent at once and the rest wait their turn', async () => {
    let running = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const { queue } = queueOf(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((done) => release.push(done));
      running -= 1;
    });
    for (const job of ['a', 'b', 'c']) queue.add(job);
    await vi.advanceTimersByTimeAsync(0);
    expect(running).toBe(2);
    expect(queue.pending()).toBe(3);
    while (release.length) {
      release.shift()!();
      await vi.advanceTimersByTimeAsync(0);
    }
    await queue.settled();
    expect(most).toBe(2);
    expect(queue.pending()).toBe(0);
  });

  it('when a send asks to retry, then it waits 1 s, then 2 s, or longer when asked, and gives up after the last try', async () => {
    const tries: Array<[string, number]> = [];
    const { queue, events } = queueOf(async (job) => {
      tries.push([job, Date.now()]);
      return { retry: 'HTTP 503', afterMs: job === 'slow' ? 4_000 : null };
    });
    const start = Date.now();
    queue.add('fast');
    queue.add('slow');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(tries.filter(([job]) => job === 'fast').map(([, at]) => at - start)).toEqual([0, 1_000, 3_000]);
    expect(tries.filter(([job]) => job === 'slow').map(([, at]) => at - start)).toEqual([0, 4_000, 8_000]);
    expect(events).toContain('gave up fast: HTTP 503');
    expect(events).toContain('gave up slow: HTTP 503');
    expect(queue.pending()).toBe(0);
  });

  it('when a send throws, then it counts as a retry with its message', async () => {
    let calls = 0;
    const { queue, events } = queueOf(async () => {
      calls += 1;
      if (calls === 1) throw new Error('socket hang up');
    });
    queue.add('a');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(events).toEqual(['retry a in 1000']);
    expect(calls).toBe(2);
  });

  it('when more than maxQueued wait, then the oldest is dropped', async () => {
    const { queue, events } = queueOf(() => new Promise(() => {}), { concurrency: 1 });
    for (const job of ['a', 'b', 'c', 'd', 'e']) queue.add(job);
    expect(events).toEqual(['dropped b']);
    expect(queue.pending()).toBe(4);
  });

  it('when closed, then waiting jobs and pending retries are forgotten and the send in flight is aborted', async () => {
    let signal: AbortSignal | undefined;
    const queue = new RetryQueue<string>({
      send: async (_job, abort) => {
        signal = abort;
        return { retry: 'HTTP 500' };
      },
      concurrency: 1,
      maxQueued: 10,
      maxAttempts: 5,
      retryBaseMs: 1_000,
      maxDelayMs: 5_000,
      dropped: () => {},
      gaveUp: () => {},
    });
    queue.add('a');
    queue.add('b');
    await vi.advanceTimersByTimeAsync(0);
    queue.close();
    expect(signal?.aborted).toBe(true);
    expect(queue.pending()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(queue.pending()).toBe(0);
  });
});

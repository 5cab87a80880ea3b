import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { createHashQueue } from './hash-queue';

/** A task that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, task: () => opened.then(() => 'done') };
}

describe('createHashQueue', () => {
  it('when more tasks arrive than its concurrency, then only that many run, the rest start in order as slots free', async () => {
    const queue = createHashQueue({ concurrency: 2, maxWaitMs: 10_000 });
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const results = gates.map((g, i) => queue.run(() => (started.push(i), g.task())));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.load()).toEqual({ running: 2, waiting: 1 });
    gates[0].open();
    await results[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    gates[1].open();
    gates[2].open();
    expect(await Promise.all(results)).toEqual(['done', 'done', 'done']);
    expect(queue.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('when a task waits longer than maxWaitMs, then it is refused with 503 and Retry-After, and never runs', async () => {
    const queue = createHashQueue({ concurrency: 1, maxWaitMs: 20, retryAfterSeconds: 3 });
    const held = gate();
    const running = queue.run(held.task);
    let ran = false;
    const refused = await queue
      .run(async () => {
        ran = true;
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, headers: { 'Retry-After': '3' } });
    expect(ran).toBe(false);
    expect(queue.load()).toEqual({ running: 1, waiting: 0 });
    held.open();
    await running;
  });

  it('when a known device waits, then it goes ahead of the others waiting', async () => {
    const queue = createHashQueue({ concurrency: 1, maxWaitMs: 10_000 });
    const held = gate();
    const order: string[] = [];
    const first = queue.run(held.task);
    const others = ['a', 'b'].map((name) => queue.run(async () => void order.push(name)));
    const known = queue.run(async () => void order.push('known'), true);
    held.open();
    await Promise.all([first, ...others, known]);
    expect(order).toEqual(['known', 'a', 'b']);
  });
});

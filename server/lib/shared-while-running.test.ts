import { describe, expect, it } from 'vitest';
import { sharedWhileRunning } from './shared-while-running';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** A shared read whose every underlying read is kept, to be answered by the test. */
function recordedReads() {
  const reads: Array<ReturnType<typeof deferred<number>>> = [];
  const shared = sharedWhileRunning(() => {
    const read = deferred<number>();
    reads.push(read);
    return read.promise;
  });
  return { reads, shared };
}

describe('sharedWhileRunning', () => {
  it('gives callers asking while a read is under way that read’s answer, and reads again once it settled', async () => {
    const { reads, shared } = recordedReads();
    const first = shared();
    const second = shared();
    expect(reads).toHaveLength(1);
    reads[0].resolve(1);
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    const third = shared();
    expect(reads).toHaveLength(2);
    reads[1].resolve(2);
    expect(await third).toBe(2);
  });

  it('lets a failed read fail every caller that shared it, and the next caller read again', async () => {
    const { reads, shared } = recordedReads();
    const first = shared();
    const second = shared();
    reads[0].reject(new Error('down'));
    await expect(first).rejects.toThrow('down');
    await expect(second).rejects.toThrow('down');
    const third = shared();
    expect(reads).toHaveLength(2);
    reads[1].resolve(3);
    expect(await third).toBe(3);
  });
});

/**
 * A read that callers asking at the same time share: while one call of `read` is under way, every other call gets its
 * result instead of starting another; the next call after it settles reads again. Nothing is kept once it settles, so
 * an answer is never older than the read in flight when it was asked for.
 */
export function sharedWhileRunning<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () =>
    (running ??= read().finally(() => {
      running = null;
    }));
}

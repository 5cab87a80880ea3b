// Which outbox items a page is sending right now (issue 47: write-ahead). A creating call is stored in the outbox before
// it is sent, in the state 'sending', and the page that sends it holds a Web Lock named after it until the answer is
// settled. A drain that finds a 'sending' item whose lock nobody holds knows its page died mid-send (a reload, a killed
// tab) and sends it again under the same key; one whose lock is held is left to its page. Web Locks are released by
// the browser when a page goes away, so a lost tap is never stuck.

type LockManagerLike = {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
  query?(): Promise<{ held?: Array<{ name?: string }> }>;
};

const lockName = (id: string) => `outbox-item:${id}`;
/** Items this context is sending (where Web Locks are missing, at least this page's own are known). */
const sendingHere = new Set<string>();

const lockManager = () => (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;

/** Runs `task` (the write-ahead, the send and its settling) holding the item's lock. */
export async function whileSending<T>(id: string, task: () => Promise<T>): Promise<T> {
  sendingHere.add(id);
  try {
    const locks = lockManager();
    return locks ? await locks.request(lockName(id), task) : await task();
  } finally {
    sendingHere.delete(id);
  }
}

/** Whether a live page (this one or another) is sending the item now. */
export async function beingSent(id: string): Promise<boolean> {
  if (sendingHere.has(id)) return true;
  const locks = lockManager();
  if (!locks?.query) return false;
  const { held = [] } = await locks.query();
  return held.some((lock) => lock.name === lockName(id));
}

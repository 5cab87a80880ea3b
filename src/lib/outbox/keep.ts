// Keeping an item in the outbox: stored (with what its write-ahead writes beside it), the storage asked to persist,
// and the service worker asked to drain on the next connectivity.
import type { OutboxRecord } from '../db';
import { markSessionRequestKept } from '../session-notice';
import { NEEDS_LOGIN_MESSAGE } from './machine';
import { putOutboxRecord, putOutboxRecordWith, type KvWriter } from './store';
import { SYNC_TAG } from './drain';

/** Whether the browser knows it is offline. */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Stores an item (with what its write-ahead writes beside it), asks for persistent storage and a Background Sync wake-up. */
export async function enqueue(record: OutboxRecord, alongside?: (kv: KvWriter) => Promise<void>): Promise<void> {
  if (alongside) await putOutboxRecordWith(record, alongside);
  else await putOutboxRecord(record);
  // Ask the browser not to evict what is queued (photos included) under storage pressure.
  void globalThis.navigator?.storage?.persist?.().catch(() => false);
  void registerBackgroundSync();
}

/** Asks the service worker to drain on the next connectivity (Background Sync, where the browser has it). */
export async function registerBackgroundSync(): Promise<boolean> {
  try {
    if (!('serviceWorker' in navigator)) return false;
    const registration = (await Promise.race([
      navigator.serviceWorker.ready,
      new Promise((resolve) => setTimeout(resolve, 3000, null)),
    ])) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | null;
    if (!registration?.sync) return false;
    await registration.sync.register(SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

/** Queues an item refused with 401 until its user logs in again, and lets the login screen say it is kept. */
export async function keepUntilLogin(record: OutboxRecord): Promise<{ status: 'queued'; id: string; needsLogin: true }> {
  await enqueue({ ...record, state: 'needs-login', error: NEEDS_LOGIN_MESSAGE });
  markSessionRequestKept();
  return { status: 'queued', id: record.id, needsLogin: true };
}

// The outbox's IndexedDB store and its change signal. Runs in pages and in the service worker.
import { getDb, type OutboxKind, type OutboxRecord } from '../db';
import { transition, type OutboxEvent } from './machine';

/** Name of the BroadcastChannel on which every context announces outbox changes. */
export const OUTBOX_CHANNEL = 'blockspin-outbox';

export interface OutboxChange {
  id: string;
  kind: OutboxKind;
  /** The item's new state, or 'removed' when it left the outbox. */
  state: OutboxRecord['state'] | 'removed';
  /** True when it left because the server confirmed it. */
  confirmed?: boolean;
}

type Listener = (change: OutboxChange) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function getChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(OUTBOX_CHANNEL);
  // Changes made by other tabs or by the service worker.
  channel.onmessage = (event: MessageEvent<OutboxChange>) => listeners.forEach((l) => l(event.data));
  return channel;
}

function announce(change: OutboxChange): void {
  listeners.forEach((l) => l(change));
  getChannel()?.postMessage(change);
}

/** Calls `listener` on every outbox change, here or in another tab or the service worker. */
export function onOutboxChange(listener: Listener): () => void {
  getChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores a new item (already in its first state). */
export async function putOutboxRecord(record: OutboxRecord): Promise<void> {
  await (await getDb()).put('outbox', record);
  announce({ id: record.id, kind: record.kind, state: record.state });
}

/** The kv store as a write-ahead sees it: what is written beside an item, in the item's own transaction. */
export interface KvWriter {
  get(key: string): Promise<unknown>;
  put(value: unknown, key: string): Promise<unknown>;
  delete(key: string): Promise<unknown>;
}

/**
 * Stores a new item and, in the same IndexedDB transaction, what `alongside` writes to the kv store (issue 47: the
 * purchase's lines leave the cart as the purchase enters the outbox, so a reload shows neither twice nor none).
 */
export async function putOutboxRecordWith(record: OutboxRecord, alongside: (kv: KvWriter) => Promise<void>): Promise<void> {
  const tx = (await getDb()).transaction(['outbox', 'kv'], 'readwrite');
  const kv = tx.objectStore('kv');
  await Promise.all([
    tx.objectStore('outbox').put(record),
    alongside({ get: (key) => kv.get(key), put: (value, key) => kv.put(value, key), delete: (key) => kv.delete(key) }),
    tx.done,
  ]);
  announce({ id: record.id, kind: record.kind, state: record.state });
}

/** Removes an item whatever its state (its own sender settling a refusal); announced as removed, not confirmed. */
export async function deleteOutboxRecord(id: string): Promise<void> {
  const db = await getDb();
  const record = await db.get('outbox', id);
  if (!record) return;
  await db.delete('outbox', id);
  announce({ id, kind: record.kind, state: 'removed' });
}

/** One item, or undefined. */
export async function getOutboxRecord(id: string): Promise<OutboxRecord | undefined> {
  return (await getDb()).get('outbox', id);
}

/** Items of one user and kind, or every item. */
export async function listOutboxRecords(filter?: { username: string; kind: OutboxKind }): Promise<OutboxRecord[]> {
  const db = await getDb();
  const records = filter ? await db.getAllFromIndex('outbox', 'by-user-kind', [filter.username, filter.kind]) : await db.getAll('outbox');
  return records.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Applies a machine event to a stored item in one transaction; returns the result (null: removed). */
export async function applyOutboxEvent(id: string, event: OutboxEvent): Promise<OutboxRecord | null> {
  const db = await getDb();
  const tx = db.transaction('outbox', 'readwrite');
  const current = await tx.store.get(id);
  if (!current) {
    await tx.done;
    return null;
  }
  let next: OutboxRecord | null;
  try {
    next = transition(current, event, new Date().toISOString());
  } catch (error) {
    tx.abort();
    await tx.done.catch(() => undefined);
    throw error;
  }
  if (next) await tx.store.put(next);
  else await tx.store.delete(id);
  await tx.done;
  announce({
    id,
    kind: current.kind,
    state: next ? next.state : 'removed',
    confirmed: !next && (event.type === 'confirmed' || event.type === 'refused'),
  });
  return next;
}

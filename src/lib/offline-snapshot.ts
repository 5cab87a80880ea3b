// The last data received for a query, kept in IndexedDB (kv `cache:{key}`) so My Buy and Sell Requests
// open offline, marked as offline data with its time.
import { useSyncExternalStore } from 'react';
import { NetworkError } from './api-client';
import { kvGet, kvSet, snapshotKey } from './db';

export interface Snapshot<T> {
  data: T;
  savedAt: string;
}

/** Query keys (JSON) whose data on screen came from a snapshot, with the snapshot's time. */
const served = new Map<string, string>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function mark(hash: string, savedAt: string | null) {
  if ((served.get(hash) ?? null) === savedAt) return;
  if (savedAt) served.set(hash, savedAt);
  else served.delete(hash);
  notify();
}

const isNetworkFailure = (error: unknown) => error instanceof NetworkError || error instanceof TypeError;

/**
 * Wraps a queryFn: a success is saved with its time; a network failure answers the last saved data
 * (and useOfflineSnapshot then reports its time). Other errors and a missing snapshot still throw.
 */
export function withOfflineSnapshot<T, K extends readonly unknown[]>(
  queryFn: (context: { queryKey: K; signal?: AbortSignal }) => Promise<T>,
) {
  return async (context: { queryKey: K; signal?: AbortSignal }): Promise<T> => {
    const hash = JSON.stringify(context.queryKey);
    try {
      const data = await queryFn(context);
      mark(hash, null);
      void kvSet(snapshotKey(context.queryKey), { data, savedAt: new Date().toISOString() } satisfies Snapshot<T>).catch(() => undefined);
      return data;
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      const snapshot = await kvGet<Snapshot<T>>(snapshotKey(context.queryKey)).catch(() => undefined);
      if (!snapshot) throw error;
      mark(hash, snapshot.savedAt);
      return snapshot.data;
    }
  };
}

/** Keys (JSON) currently shown from a snapshot: refetched when the network returns. */
export function snapshotServedKeys(): Set<string> {
  return new Set(served.keys());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The time of the offline snapshot shown for this query, or null when the data is live. */
export function useOfflineSnapshot(queryKey: readonly unknown[]): string | null {
  const hash = JSON.stringify(queryKey);
  return useSyncExternalStore(
    subscribe,
    () => served.get(hash) ?? null,
    () => null,
  );
}

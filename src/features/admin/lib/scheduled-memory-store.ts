import { useSyncExternalStore } from 'react';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import {
  EMPTY_MEMORY,
  readMemory,
  rememberPickup,
  SCHEDULED_PICKUPS_KEY,
  SCHEDULED_SUBMISSION_IDS_KEY,
  writeMemory,
  type MemoryStorage,
  type ScheduledMemory,
} from './scheduled-memory';

// The localStorage side of the scheduled memory (keys scheduledPickups and scheduledSubmissionIds),
// as a small external store so the menu badge and the pending list change together.

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cached: ScheduledMemory = EMPTY_MEMORY;

function storage(): MemoryStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function getSnapshot(): ScheduledMemory {
  const store = storage();
  if (!store) return EMPTY_MEMORY;
  let raw: string;
  try {
    raw = `${store.getItem(SCHEDULED_SUBMISSION_IDS_KEY)}\n${store.getItem(SCHEDULED_PICKUPS_KEY)}`;
  } catch {
    return EMPTY_MEMORY;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = readMemory(store);
  }
  return cached;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SCHEDULED_SUBMISSION_IDS_KEY || event.key === SCHEDULED_PICKUPS_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Applies a change to the stored memory and tells the screens; an unchanged memory writes nothing. */
export function updateScheduledMemory(change: (memory: ScheduledMemory) => ScheduledMemory): void {
  const store = storage();
  if (!store) return;
  const current = getSnapshot();
  const next = change(current);
  if (next === current) return;
  writeMemory(store, next);
  listeners.forEach((listener) => listener());
}

/** Stores a pickup the server just created and its submission id: an ok answer stores the id locally. */
export function rememberScheduledPickup(pickup: ScheduledPickup): void {
  updateScheduledMemory((memory) => rememberPickup(memory, pickup, Date.now()));
}

/** The stored memory, re-rendering when it changes (also from another tab). */
export function useScheduledMemory(): ScheduledMemory {
  return useSyncExternalStore(subscribe, getSnapshot, () => EMPTY_MEMORY);
}

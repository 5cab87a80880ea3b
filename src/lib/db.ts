import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** One versioned IndexedDB database for the app (DESIGN §9). Add a store with a new version and an upgrade step. */
export const DB_NAME = 'blockspin-market';
export const DB_VERSION = 1;

/** The spec's cart key (spec §3 Local browser storage), kept per signed-in user. */
export const CART_KEY = 'cart';

export interface OutboxRecord {
  /** The Idempotency-Key, chosen when the action was first made. */
  id: string;
  kind: 'sell' | 'purchase';
  username: string;
  /** JSON payload of the call(s) to make; a sell photo is kept as a Blob in `photo`. */
  payload: unknown;
  photo?: Blob;
  state: 'queued' | 'sending' | 'failed' | 'needs-login';
  error?: string;
  attempts: number;
  createdAt: string;
  updatedAt: string;
}

export interface MarketDB extends DBSchema {
  /** Small keyed values: `cart:{username}`, `userContact_{username}`, cached query data. */
  kv: { key: string; value: unknown };
  outbox: { key: string; value: OutboxRecord; indexes: { 'by-user': string } };
}

let dbPromise: Promise<IDBPDatabase<MarketDB>> | null = null;

/** Opens (and upgrades) the database once per page. */
export function getDb(): Promise<IDBPDatabase<MarketDB>> {
  dbPromise ??= openDB<MarketDB>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      // Each step brings a database of version N-1 to N; never edit a released step.
      if (oldVersion < 1) {
        db.createObjectStore('kv');
        const outbox = db.createObjectStore('outbox', { keyPath: 'id' });
        outbox.createIndex('by-user', 'username');
      }
    },
    blocked() {
      // Another tab holds an older version open; it reloads itself on versionchange.
    },
  }).then((db) => {
    db.addEventListener('versionchange', () => {
      db.close();
      dbPromise = null;
    });
    return db;
  });
  return dbPromise;
}

/** Reads a keyed value. */
export async function kvGet<T>(key: string): Promise<T | undefined> {
  return (await (await getDb()).get('kv', key)) as T | undefined;
}

/** Writes a keyed value. */
export async function kvSet(key: string, value: unknown): Promise<void> {
  await (await getDb()).put('kv', value, key);
}

/** Deletes a keyed value. */
export async function kvDelete(key: string): Promise<void> {
  await (await getDb()).delete('kv', key);
}

/** Test helper: forget the open connection (after fake-indexeddb is reset). */
export function resetDbConnection(): void {
  dbPromise = null;
}

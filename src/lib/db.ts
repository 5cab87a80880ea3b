import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';

/** One versioned IndexedDB database for the app: cart, contact cache and outbox. Add a store with a new version and an upgrade step. */
export const DB_NAME = 'blockspin-market';
export const DB_VERSION = 2;

/** The cart's storage key, kept per signed-in user. */
export const CART_KEY = 'cart';

/** kv key of a user's cart: `cart:{username}`. */
export const cartKey = (username: string) => `${CART_KEY}:${username}`;

/** kv key of a user's contact cache: `userContact_{username}`. */
export const contactKey = (username: string) => `userContact_${username}`;

/** kv keys of the last data received for a query (offline snapshots): `cache:{key}`. */
export const SNAPSHOT_PREFIX = 'cache:';
export const snapshotKey = (queryKey: readonly unknown[]) => `${SNAPSHOT_PREFIX}${JSON.stringify(queryKey)}`;

/** kv key naming the user whose session this browser holds: the service worker keeps and answers photos per user. */
export const SIGNED_IN_USER_KEY = 'signed-in-user';

/** `message`: a conversation message written offline (issue 28), sent once by the same drain. */
export type OutboxKind = 'sell' | 'purchase' | 'admin' | 'message';
/** `done`: an admin action another admin had already made; kept, with who and when, until dismissed. */
export type OutboxState = 'queued' | 'sending' | 'failed' | 'needs-login' | 'done';

export interface OutboxRecord {
  /** The Idempotency-Key, chosen when the action was first made; kept through every replay. */
  id: string;
  kind: OutboxKind;
  username: string;
  /** JSON payload of the call(s) to make; a sell photo is kept as a Blob in `photo`. */
  payload: unknown;
  photo?: Blob;
  state: OutboxState;
  error?: string;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  /** Results of the steps the server already confirmed (a sell's submission), so a replay skips them. */
  progress?: Record<string, unknown>;
  /**
   * Not sent before this instant (ISO 8601): an admin's Deny or Reject waits here for its 10 s Undo (issue 33 item 5).
   * Kept in the outbox, not in memory, so closing Admin Control or the app loses nothing: the next drain sends it.
   */
  notBefore?: string;
}

export interface MarketDB extends DBSchema {
  /** Small keyed values: `cart:{username}`, `userContact_{username}`, cached query data. */
  kv: { key: string; value: unknown };
  outbox: { key: string; value: OutboxRecord; indexes: { 'by-user': string; 'by-user-kind': [string, string] } };
}

let dbPromise: Promise<IDBPDatabase<MarketDB>> | null = null;

/** Each step brings a database of version N-1 to N; never edit a released step, add the next. */
export const UPGRADE_STEPS: Array<
  (db: IDBPDatabase<MarketDB>, tx: IDBPTransaction<MarketDB, Array<'kv' | 'outbox'>, 'versionchange'>) => void
> = [
  // 1: small keyed values and the outbox.
  (db) => {
    db.createObjectStore('kv');
    const outbox = db.createObjectStore('outbox', { keyPath: 'id' });
    outbox.createIndex('by-user', 'username');
  },
  // 2: My Sell / My Buy Requests read one user's queued items of one kind.
  (_db, tx) => {
    tx.objectStore('outbox').createIndex('by-user-kind', ['username', 'kind']);
  },
];

/** Opens (and upgrades) the database once per page (or service worker). */
export function getDb(): Promise<IDBPDatabase<MarketDB>> {
  dbPromise ??= openDB<MarketDB>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion, newVersion, tx) {
      for (let version = oldVersion + 1; version <= (newVersion ?? DB_VERSION); version++) UPGRADE_STEPS[version - 1](db, tx);
    },
    blocked() {
      // Another tab holds an older version open; it closes its connection on versionchange.
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

/** Test helper: forget the open connection (after fake-indexeddb is reset). */
export function resetDbConnection(): void {
  dbPromise = null;
}

/** Removes a keyed value. */
export async function kvDelete(key: string): Promise<void> {
  await (await getDb()).delete('kv', key);
}

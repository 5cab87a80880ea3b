import { statement, type Db } from './connection';

/**
 * Keeps the JSON text of list reads until the database changes (building a user's list was a quarter of a GET). The
 * key of validity is the connection's change counter, `total_changes()`, which every INSERT, UPDATE or DELETE on it
 * moves — so no write path can forget to invalidate — together with `data_version`, which moves when another
 * connection (a maintenance shell) commits. Reads inside a transaction bypass it: they may see changes that are
 * rolled back. On PostgreSQL another process may write at any time, so there the cache is off (`noReadCache`).
 */
export interface ReadCache {
  /** The cached text for `key`, or `read()`'s result (then cached) when the database changed since it was read. */
  get(key: string, read: () => string | Promise<string>): Promise<string>;
}

/** Every read goes to the database. */
export const noReadCache: ReadCache = { get: async (_key, read) => read() };

const caches = new WeakMap<Db, ReadCache>();

/** The database's read cache (one per connection, at most `maxEntries` texts, oldest dropped first). */
export function readCache(db: Db, maxEntries = 256): ReadCache {
  let cache = caches.get(db);
  if (cache) return cache;
  const version = statement<[], string>(db, "SELECT total_changes() || ':' || (SELECT data_version FROM pragma_data_version)").pluck();
  const entries = new Map<string, string>();
  let seen = '';
  cache = {
    async get(key, read) {
      // A transaction is open on the connection: this read is in it, or waits for its end to read anyway.
      if (db.inTransaction) return read();
      const before = version.get()!;
      if (before !== seen) {
        entries.clear();
        seen = before;
      }
      let text = entries.get(key);
      if (text === undefined) {
        text = await read();
        // Kept only if nothing was written while it was read: a text read before a write must not outlive it.
        if (version.get() === before && seen === before) {
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
          entries.set(key, text);
        }
      }
      return text;
    },
  };
  caches.set(db, cache);
  return cache;
}

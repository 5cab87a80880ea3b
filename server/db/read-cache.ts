import type pg from 'pg';
import { statement, type Db } from './connection';
import type { Tx } from './scope';

/**
 * Keeps the JSON text of list reads until the database changes (building a user's list was a quarter of a GET). The
 * key of validity is the connection's change counter, `total_changes()`, which every INSERT, UPDATE or DELETE on it
 * moves — so no write path can forget to invalidate — together with `data_version`, which moves when another
 * connection (a maintenance shell) commits. Reads inside a transaction bypass it: they may see changes that are
 * rolled back. On PostgreSQL (`postgresReadCache`) the key is the database's snapshot, which every process's commits move.
 */
export interface ReadCache {
  /**
   * The cached text for `key`, or `read()`'s result (then cached) when the database changed since it was read.
   * `tx` is where `read` runs: inside a transaction the cache is not used (its reads may see what is not committed).
   */
  get(key: string, read: () => string | Promise<string>, tx?: Tx): Promise<string>;
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

/** The database's current snapshot as text (`xmin:xmax:running xids`): what a statement starting now would see. */
const SNAPSHOT = 'SELECT pg_current_snapshot()::text AS snapshot';

/**
 * PostgreSQL's read cache: the list's JSON text kept with the snapshot it was read under, and served again while the
 * database's current snapshot is still that one — read each time in one short statement instead of the list (50 rows
 * read, mapped and encoded again; issue 32). The snapshot moves whenever any transaction that wrote, in any process,
 * commits or rolls back (it leaves the running xids, or raises xmax), and never returns to an earlier value; so an
 * unchanged snapshot means no commit since, and the text is exactly what a fresh read would answer now, whatever
 * process wrote last. The read runs after the snapshot is taken: if a commit came in between, the text is newer than
 * its snapshot and is simply never served (that snapshot cannot come back). Reads inside a transaction, or without
 * their scope given, go to the database.
 */
export function postgresReadCache(pool: pg.Pool, maxEntries = 256): ReadCache {
  const entries = new Map<string, { snapshot: string; text: string }>();
  // Reads share snapshot statements as commits share a WAL flush: the reads that arrive while none is on its way share
  // the next one, sent at the end of that turn of the event loop; those that arrive while one is on its way (it may
  // have been taken before they arrived) share the one sent as soon as it has answered. Each statement is sent after
  // every read it answers arrived, so a commit answered before a read was made is always in its snapshot. With one
  // statement per turn, fewer reads shared each statement the fewer connections a process had (issue 32: two processes
  // at 5 connections each cost more per read than one at 10).
  type Waiting = Array<{ resolve: (snapshot: string) => void; reject: (error: unknown) => void }>;
  let waiting: Waiting | null = null;
  let onItsWay = false;
  const take = () => {
    const those = waiting!;
    waiting = null;
    onItsWay = true;
    const answered = () => {
      onItsWay = false;
      if (waiting) take();
    };
    pool.query<{ snapshot: string }>(SNAPSHOT, []).then(
      ({ rows }) => {
        answered();
        those.forEach((read) => read.resolve(rows[0].snapshot));
      },
      (error: unknown) => {
        answered();
        those.forEach((read) => read.reject(error));
      },
    );
  };
  const snapshotNow = () =>
    new Promise<string>((resolve, reject) => {
      if (!waiting) {
        waiting = [];
        if (!onItsWay) setImmediate(take);
      }
      waiting.push({ resolve, reject });
    });
  return {
    async get(key, read, tx) {
      if (!tx || tx.inTransaction()) return read();
      const snapshot = await snapshotNow();
      const entry = entries.get(key);
      if (entry?.snapshot === snapshot) return entry.text;
      const text = await read();
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { snapshot, text });
      return text;
    },
  };
}

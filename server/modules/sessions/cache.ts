import type { SessionWithUser } from '../auth/repository';
import type { Hub } from '../../realtime/hub';

export interface SessionCacheOptions {
  /**
   * Whether every change another process makes reaches this one now (the live-update listener is connected). While it
   * is not, nothing is kept or served: each call reads its session from the database, as it did before the cache.
   */
  current: () => boolean;
  /** The longest an entry is served before it is read again, whatever the notes said (a note lost on a cut connection). */
  maxAgeMs?: number;
  /** Sessions kept at most; beyond it the oldest entry is dropped. */
  maxEntries?: number;
  now?: () => number;
}

/** What `get` answers: the session with its user (undefined when there is none), and whether it came from memory. */
export interface Looked {
  found: SessionWithUser | undefined;
  kept: boolean;
}

interface Entry {
  found: SessionWithUser;
  at: number;
}

/**
 * Sessions with their users, kept per process so that a call on PostgreSQL does not read its session from the
 * database each time (a round trip of every GET and POST, issue 32). Kept current by the changes that can make an
 * entry wrong, each of which the process that makes it applies here and sends to the others as a note on the live
 * channel: a logout (`forgetSession`), the end of a user's sessions (demotion, deletion, password change) and any
 * other change to a user's row that a session carries (role, contact email: `forgetUser`), and a reconnected
 * listener (`forgetAll`, its notes were lost). Time-based expiry is checked on the kept times; a session whose kept
 * times say it expired is read again before anything is decided.
 *
 * Every forget comes after its change has committed (the services tell the hub after their transactions; a change
 * made inside a caller's transaction, an account's deletion, is told at its commit), so a read that starts after a
 * forget sees the change and may be kept at once; a read that started before it may not have, and is not kept (the
 * generation). Until this pass a forget also held the user's reads from being kept for 10 s, in case its change was
 * not committed yet: a player who had just changed anything read their session from the database on every call for
 * those 10 s (issue 32: the bench's player, whose contact email is set at sign-up, did for most of its rounds).
 */
export function createSessionCache(options: SessionCacheOptions) {
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** Moves at every forget: a read that started before one is not kept. */
  let generation = 0;

  function keep(hash: string, found: SessionWithUser, at: number) {
    entries.delete(hash);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(hash, { found, at });
  }

  return {
    /**
     * The session of `hash`: from memory when it is kept, fresh and `usable` says so (its kept times may be behind
     * another process's), else `read()`'s answer, kept unless something about it was forgotten meanwhile.
     */
    async get(
      hash: string,
      read: () => Promise<SessionWithUser | undefined>,
      usable: (found: SessionWithUser) => boolean,
    ): Promise<Looked> {
      const at = now();
      if (options.current()) {
        const entry = entries.get(hash);
        if (entry && at - entry.at <= maxAgeMs && usable(entry.found)) return { found: entry.found, kept: true };
      }
      const started = generation;
      const found = await read();
      if (found && options.current() && generation === started) keep(hash, found, at);
      else entries.delete(hash);
      return { found, kept: false };
    },
    /** The session's last-seen time was written: the kept copy says so too. */
    touched(hash: string, at: number) {
      const entry = entries.get(hash);
      if (entry) entry.found = { ...entry.found, session: { ...entry.found.session, last_seen_at: at } };
    },
    /** A session ended (logout, expiry). */
    forgetSession(hash: string) {
      generation += 1;
      entries.delete(hash);
    },
    /** Something a session carries about this user changed, or all of their sessions ended. */
    forgetUser(userId: number) {
      generation += 1;
      for (const [hash, entry] of entries) if (entry.found.user.id === userId) entries.delete(hash);
    },
    /** Notes may have been lost (the listener reconnected): nothing kept is trusted. */
    forgetAll() {
      generation += 1;
      entries.clear();
    },
    size: () => entries.size,
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * One value read from the database and kept in the process while `current()` (the listener) holds, until `forget()`
 * (a change made here or told by a note) or `maxAgeMs`. A read that a forget overtook is answered but not kept.
 */
export function createKeptValue<T>(read: () => Promise<T>, options: { current: () => boolean; maxAgeMs?: number; now?: () => number }) {
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const now = options.now ?? Date.now;
  let kept: { value: T; at: number } | null = null;
  let generation = 0;
  return {
    async get(): Promise<T> {
      const at = now();
      if (kept && options.current() && at - kept.at <= maxAgeMs) return kept.value;
      const started = generation;
      const value = await read();
      kept = options.current() && generation === started ? { value, at } : null;
      return value;
    },
    forget() {
      generation += 1;
      kept = null;
    },
  };
}
export type KeptValue<T> = ReturnType<typeof createKeptValue<T>>;

/**
 * The hub as the bus and the services see it when sessions are kept: whatever ends a session or changes a user —
 * made here or told by another process's note, both of which come through these calls — also forgets what the cache
 * holds of it, before the sockets are told. `userChanged` hears of every user change too (0: any user, the listener
 * reconnected), for what else is kept about users (the admins' push devices).
 */
export function withSessionCache(hub: Hub, sessions: SessionCache, userChanged: (userId: number) => void = () => {}): Hub {
  return {
    ...hub,
    disconnectSession(sessionHash) {
      sessions.forgetSession(sessionHash);
      return hub.disconnectSession(sessionHash);
    },
    disconnectUser(userId, exceptSessionHash, reason) {
      sessions.forgetUser(userId);
      userChanged(userId);
      return hub.disconnectUser(userId, exceptSessionHash, reason);
    },
    userChanged(userId) {
      sessions.forgetUser(userId);
      userChanged(userId);
      return hub.userChanged(userId);
    },
    refreshSession(sessionHash) {
      sessions.forgetSession(sessionHash);
      hub.refreshSession(sessionHash);
    },
    reconnectAll() {
      sessions.forgetAll();
      userChanged(0);
      hub.reconnectAll();
    },
  };
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { SocketMessage, SocketMessageType } from '../../src/domain/socket-messages';
import type { Logger } from '../lib/logger';
import { noteBatches, NOTIFY_PAYLOAD_MAX } from '../db/postgres';
import type { Tx } from '../db/scope';
import type { Audience, Hub } from './hub';

/** The PostgreSQL channel every server process listens on. */
export const LIVE_CHANNEL = 'blockspin_live';
/**
 * The listening connections' `application_name`, followed by `:` and the process's origin: a process reads the
 * others' in `pg_stat_activity` (its own database) to know whether anyone else would read its live notes, and who must
 * say HEARD to a session change.
 */
export const LISTENER_NAME = 'blockspin_live_listener';
/** How often a process counts the other listeners again (to notice that the others have gone). */
const PEERS_CHECK_MS = 10_000;
/** The longest a starting process waits for the others to answer its hello. */
const HELLO_WAIT_MS = 1_000;

/**
 * What crosses processes: the message's type and the id of its record (the user's id for a credit update), never the
 * record itself — NOTIFY payloads stop at 8,000 bytes, and each process loads and filters per recipient as it would
 * for a change of its own.
 */
export interface LiveNote {
  /** The process that published it (it has told its own sockets already). */
  origin: string;
  type: SocketMessageType;
  id: number;
  /**
   * Who the message is for besides the admins (`Audience.ownerId`): a process with no socket of the owner and no
   * admin's loads nothing (absent from a process that predates it: loaded as before).
   */
  owner?: number | null;
  /**
   * A new record's note carries what was published, when it fits (`CARRIED_MAX`): the other processes publish it as
   * it is instead of each loading the record (a query per note and process, issue 32). Changes to a record are not
   * carried: two processes' changes to one record could arrive in either order, and only a load shows the last.
   */
  carried?: { message: SocketMessage; audience: Audience; ownerMessage?: SocketMessage };
}

/** A note with its record stays at most this many bytes, so a few still share one NOTIFY. */
const CARRIED_MAX = 3_500;

/** The record a note is about, for every message type about one (`CREDIT_UPDATE` is about a user, never new). */
const RECORD_OF: Partial<Record<SocketMessageType, string>> = {
  NEW_PURCHASE_REQUEST: 'purchase',
  PURCHASE_REQUEST_STATUS_UPDATE: 'purchase',
  NEW_SCHEDULED_PICKUP: 'pickup',
  PICKUP_STATUS_UPDATE: 'pickup',
  NEW_SELL_REQUEST: 'sell',
  SELL_REQUEST_STATUS_UPDATE: 'sell',
  NEW_ITEM_SUBMISSION: 'submission',
  ITEM_SUBMISSION_STATUS_UPDATE: 'submission',
  NEW_MESSAGE: 'message',
};
/** Messages about a new record: the record as it was made, which no later change can precede (but see `changed`). */
const CREATED = new Set<SocketMessageType>([
  'NEW_PURCHASE_REQUEST',
  'NEW_SCHEDULED_PICKUP',
  'NEW_SELL_REQUEST',
  'NEW_ITEM_SUBMISSION',
  'NEW_MESSAGE',
]);
/** Records whose change notes this process has seen, remembered at most. */
const CHANGED_KEPT = 10_000;

/**
 * Notes about sessions and roles, on the same channel so that they keep their order with the records' notes: a logout
 * (`session` is the session's hash, as stored), every session of a user ended (demotion, deletion, password change;
 * `except` keeps the one that changed the password), a user's role changed. Each process applies them to its own
 * sockets within the note's delivery (milliseconds), instead of at its next 30 s session check.
 */
export type SessionNote = (
  | { origin: string; type: 'SESSION_ENDED'; session: string }
  | { origin: string; type: 'USER_SESSIONS_ENDED'; id: number; reason: string; except: string | null }
  | { origin: string; type: 'USER_CHANGED'; id: number }
  | PresenceNote
) & {
  /** Numbers the notes this process waits to hear back (`notifySession`). */
  echo?: number;
};

/**
 * Who listens (issue 32: a process alone paid a NOTIFY, a transaction and a WAL flush, for live notes nobody read). A
 * process that starts listening says `HELLO`; every other answers `HERE` to it once it has heard it, from when on it
 * sends its live notes again. The starting process is ready once every listener it counted has answered (or after
 * `HELLO_WAIT_MS`), so no change it could serve after that goes unannounced to it.
 */
type PresenceNote =
  | { origin: string; type: 'HELLO' }
  | { origin: string; type: 'HERE'; to: string }
  /** A session or user change numbered `heard` by process `to` has been applied here (`notifySession` waits for it). */
  | { origin: string; type: 'HEARD'; to: string; heard: number };

/** The longest a session or user change waits to hear its own note back before it answers anyway. */
const ECHO_WAIT_MS = 1_000;

type Note = LiveNote | SessionNote;

/** Rebuilds a message from its note (the record as stored now); null when the record is gone. */
export type LoadNote = (note: LiveNote) => Promise<{ message: SocketMessage; audience: Audience; ownerMessage?: SocketMessage } | null>;

export interface BusOptions {
  url: string;
  logger: Logger;
  /** Sends to this process's sockets. */
  hub: Hub;
  load: LoadNote;
  /** Pool for NOTIFY (a listening connection cannot be shared). */
  pool: pg.Pool;
  /** First reconnect delay after the listening connection is lost; doubles up to 5 s. */
  retryMs?: number;
  /** How often the other listeners are counted again (`PEERS_CHECK_MS`). */
  peersCheckMs?: number;
}

/** The id a message is about (a conversation message's own id). */
export function noteId(message: SocketMessage, audience: Audience): number | null {
  if (message.type === 'CREDIT_UPDATE') return audience.ownerId;
  if (message.type === 'NEW_MESSAGE') return message.payload.message.id;
  return message.payload.id;
}

/**
 * Live updates across processes through LISTEN/NOTIFY. A process publishes to its own sockets and notifies the
 * others; a process that is told loads the record and publishes it to its sockets. When the listening connection
 * drops, updates sent meanwhile never reach this process: it reconnects, listens again, and then closes its sockets
 * (code 1012, service restart) so that every client reconnects and reads its lists afresh — and logs both events.
 */
export function createPostgresBus(options: BusOptions) {
  const origin = randomBytes(8).toString('hex');
  const { logger, hub } = options;
  const baseDelay = options.retryMs ?? 100;
  let client: pg.Client | null = null;
  let closed = false;
  let delay = baseDelay;
  let timer: NodeJS.Timeout | null = null;
  let connected = false;
  /** Listening now: every note sent from here on reaches this process (false from a lost connection to its return). */
  let listening = false;
  let onListening: (() => void) | null = null;
  const listeningOnce = new Promise<void>((resolve) => (onListening = resolve));
  /**
   * Whether another process listens: live notes go out only then (session notes always, they are rare and a change
   * waits to hear its own). Counted at each LISTEN and every `PEERS_CHECK_MS`; a hello makes it true at once. True
   * while not known.
   */
  let others = true;
  /**
   * The other listening processes' origins, as read last (`recount`) and heard saying hello since: a session change
   * waits for each one's HEARD.
   */
  let peers = new Set<string>();
  /** Hellos heard from other processes: a count that one overtook is not trusted. */
  let hellos = 0;
  /** The answers a starting process waits for, from the listeners it counted. */
  let awaitingHere: { expected: number; from: Set<string>; done: () => void } | null = null;

  // Notes are loaded as they arrive (up to the pool's size at once) and published in the order they arrived.
  let inOrder: Promise<unknown> = Promise.resolve();
  // Records a change note was seen for: a carried new record arriving after one of its changes (possible only if
  // another process changed it within the creating process's NOTIFY, which follows its commit) is loaded instead.
  // This process's own changes count too (its admin may change a record it read before the note arrived).
  const changed = new Set<string>();
  function remember(key: string) {
    changed.delete(key);
    changed.add(key);
    if (changed.size > CHANGED_KEPT) changed.delete(changed.values().next().value!);
  }

  // A payload holds one process's notes; this process's own come back to it too (with a single process, all of them),
  // and are only of use when a change waits to hear its note back.
  const ownPayload = `[{"origin":"${origin}"`;
  function receive(text: string | undefined) {
    if (!text) return;
    if (echoes.size === 0 && text.startsWith(ownPayload)) return;
    let notes: Note[];
    try {
      const parsed = JSON.parse(text) as Note | Note[];
      notes = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      return logger.warn({ text }, 'a live note that is not JSON was ignored');
    }
    for (const note of notes) apply(note);
  }

  function apply(note: Note) {
    if (note.origin === origin) {
      if ('echo' in note && note.echo !== undefined) echoes.get(note.echo)?.own();
      return;
    }
    switch (note.type) {
      case 'HELLO':
        // A process started listening: it reads every live note from now on, and hears so from this one.
        hellos += 1;
        others = true;
        peers.add(note.origin);
        send({ origin, type: 'HERE', to: note.origin });
        return;
      case 'HERE':
        others = true;
        if (note.to === origin && awaitingHere) {
          awaitingHere.from.add(note.origin);
          if (awaitingHere.from.size >= awaitingHere.expected) awaitingHere.done();
        }
        return;
      case 'HEARD':
        if (note.to === origin) echoes.get(note.heard)?.ack(note.origin);
        return;
      // An ended session loses its sockets at once, ahead of anything still loading: the safe side.
      case 'SESSION_ENDED':
        return acknowledge(note, hub.disconnectSession(note.session));
      case 'USER_SESSIONS_ENDED':
        return acknowledge(note, hub.disconnectUser(note.id, note.except ?? undefined, note.reason));
      case 'USER_CHANGED': {
        // Messages after it wait for the new role, so a promoted admin's sockets get the next admin message.
        const applied = hub.userChanged(note.id);
        inOrder = inOrder.then(() => applied);
        return acknowledge(note, applied);
      }
    }
    const record = RECORD_OF[note.type];
    const key = record ? `${record}:${note.id}` : null;
    if (key && !CREATED.has(note.type)) remember(key);
    // Nobody here would receive it (no admin's socket, none of the owner's, no role or session being read): nothing to
    // load or publish. A socket that opens later reads its lists when it opens (issue 32: with two processes, each
    // note cost the other process a load and a publish to no one).
    const owner = note.carried ? note.carried.audience.ownerId : note.owner;
    if (owner !== undefined && !hub.wants(owner)) return;
    const carried = note.carried && !(key && changed.has(key)) ? note.carried : null;
    const loaded = carried
      ? Promise.resolve(carried)
      : options.load(note).catch((error: unknown) => {
          logger.error({ err: error, note: { type: note.type, id: note.id } }, 'a live update from another process could not be loaded');
          return null;
        });
    inOrder = inOrder
      .then(() => loaded)
      .then((found) => {
        if (found) hub.publish(found.message, found.audience, found.ownerMessage);
      });
  }

  function retry() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    delay = Math.min(5_000, delay * 2);
  }

  async function connect() {
    const next = new pg.Client({ connectionString: options.url, application_name: `${LISTENER_NAME}:${origin}` });
    client = next;
    next.on('notification', (message) => receive(message.payload));
    next.on('error', (error) => {
      if (closed) return;
      logger.warn({ err: error }, 'the live-update listener lost its database connection: reconnecting');
      lost(next);
    });
    next.on('end', () => {
      if (!closed) lost(next);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      if (closed) return;
      logger.warn({ err: error }, 'the live-update listener could not connect: retrying');
      lost(next);
      return;
    }
    const wasConnected = connected;
    connected = true;
    listening = true;
    delay = baseDelay;
    await greet(next);
    if (client !== next) return;
    onListening?.();
    if (wasConnected) {
      // Updates published while this process was not listening are lost to it: its clients read everything again.
      logger.warn({ sockets: hub.clientCount() }, 'the live-update listener is back: sockets reconnect to read afresh');
      hub.reconnectAll();
    }
  }

  /**
   * The other processes' listening connections on this database (through the pool: the listening connection runs
   * nothing but its LISTEN).
   */
  async function otherListeners(on: pg.Client): Promise<string[]> {
    const own = (on as pg.Client & { processID?: number }).processID ?? 0;
    const { rows } = await options.pool.query<{ name: string }>(
      'SELECT application_name AS name FROM pg_stat_activity WHERE datname = current_database() AND starts_with(application_name, $1) AND pid <> $2',
      [LISTENER_NAME, own],
    );
    return rows.map((row) => row.name.slice(LISTENER_NAME.length + 1));
  }

  /** Whether anyone else listens now (kept unless a hello arrived meanwhile); true when it cannot be counted. */
  async function recount(on: pg.Client): Promise<number | null> {
    const before = hellos;
    try {
      const found = await otherListeners(on);
      const count = found.length;
      if (hellos === before) others = count > 0;
      // A hello heard while reading may not be in what was read: it is kept then.
      const read = new Set(found);
      if (hellos !== before) for (const peer of peers) read.add(peer);
      peers = read;
      return count;
    } catch {
      others = true;
      return null;
    }
  }

  /**
   * Just listening (again): counts the other listeners, says hello, and waits until each counted one has answered, so
   * that every process sends its live notes before this one serves anything (or `HELLO_WAIT_MS`, for one that hangs).
   */
  async function greet(on: pg.Client) {
    const expected = (await recount(on)) ?? 0;
    const answered = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        awaitingHere = null;
        resolve();
      };
      const timer = setTimeout(done, HELLO_WAIT_MS);
      awaitingHere = { expected, from: new Set(), done };
    });
    send({ origin, type: 'HELLO' });
    if (expected === 0) awaitingHere!.done();
    await answered;
  }

  const peersCheck = setInterval(() => {
    if (client && listening && !closed) void recount(client);
  }, options.peersCheckMs ?? PEERS_CHECK_MS);
  peersCheck.unref();

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = null;
    listening = false;
    others = true;
    which.removeAllListeners('notification');
    which.end().catch(() => {});
    retry();
  }

  // A session or user change waits until its own note has come back through PostgreSQL and every other listener
  // counted has said it applied it (HEARD), so a call answered after it (a logout, a demotion) finds the other
  // processes' kept sessions already ended (issue 32). Hearing its own note back was not enough: it says PostgreSQL
  // sent the note to every listener, not that another process had read it — under load the other process served the
  // logged-out cookie a request that had reached it first (tests/pg/live-sessions.test.ts). A process that stopped
  // without being counted out costs the wait its limit, ECHO_WAIT_MS.
  let echoCount = 0;
  const echoes = new Map<number, { own: () => void; ack: (from: string) => void; finish: () => void }>();
  function sendAndHear(note: SessionNote): Promise<void> {
    if (!listening || closed) {
      send(note);
      return Promise.resolve();
    }
    const echo = ++echoCount;
    const expected = others ? new Set(peers) : new Set<string>();
    return new Promise<void>((resolve) => {
      let ownHeard = false;
      const finish = () => {
        clearTimeout(timer);
        echoes.delete(echo);
        resolve();
      };
      const check = () => {
        if (ownHeard && expected.size === 0) finish();
      };
      const timer = setTimeout(finish, ECHO_WAIT_MS);
      echoes.set(echo, {
        own: () => {
          ownHeard = true;
          check();
        },
        ack: (from) => {
          expected.delete(from);
          check();
        },
        finish,
      });
      send({ ...note, echo });
    });
  }

  /** Tells the process that numbered a session or user change that it is applied here, once it is. */
  function acknowledge(note: SessionNote, applied: Promise<unknown> | void): Promise<void> | void {
    const heard = note.echo;
    if (heard === undefined) return applied as Promise<void> | void;
    return Promise.resolve(applied)
      .catch(() => {})
      .then(() => send({ origin, type: 'HEARD', to: note.origin, heard }));
  }

  // Notes made in the same turn of the event loop (a burst of writes answering together) go as one NOTIFY: each is
  // a transaction of its own on PostgreSQL, with its commit, and was one per write.
  let pending: string[] = [];
  /** Queues a note (or its JSON text, when the caller made it already) for the next NOTIFY. */
  function send(note: Note | string) {
    pending.push(typeof note === 'string' ? note : JSON.stringify(note));
    if (pending.length === 1) setImmediate(flush);
  }
  function flush() {
    const notes = pending;
    pending = [];
    for (const payload of noteBatches(notes))
      options.pool.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, payload]).catch((error: unknown) => {
        logger.error({ err: error, payload }, 'a live update could not be sent to the other processes');
      });
  }

  /** A live note's text (a new record carried when it fits); null when the message is about no record or user. */
  function liveNote(message: SocketMessage, audience: Audience, ownerMessage?: SocketMessage): string | null {
    const id = noteId(message, audience);
    if (id === null) return null;
    const note: LiveNote = { origin, type: message.type, id, owner: audience.ownerId };
    const record = RECORD_OF[message.type];
    if (record && !CREATED.has(message.type)) remember(`${record}:${id}`);
    if (CREATED.has(message.type)) {
      const carried: LiveNote = {
        ...note,
        carried: { message, audience, ...(ownerMessage && ownerMessage !== message ? { ownerMessage } : {}) },
      };
      const text = JSON.stringify(carried);
      if (Buffer.byteLength(text) <= CARRIED_MAX) return text;
    }
    return JSON.stringify(note);
  }

  void connect();

  return {
    /** Resolves once the first LISTEN is in place. */
    ready: () => listeningOnce,
    /**
     * Whether every note sent from now on reaches this process: what it keeps from the database (sessions) is trusted
     * only then.
     */
    listening: () => listening && !closed,
    /**
     * Tells the other processes (when any listens); the caller has already told this process's sockets. Notes made in
     * one turn of the event loop go as one NOTIFY.
     */
    notify(message: SocketMessage, audience: Audience, ownerMessage?: SocketMessage) {
      if (!others) return;
      const text = liveNote(message, audience, ownerMessage);
      if (text !== null) send(text);
    },
    /**
     * Tells the other processes (when any listens) with the COMMIT of the change's transaction `within`: delivered if
     * and only if it commits, in commit order, and without a transaction and a WAL flush of its own.
     */
    notifyWithin(within: Tx, message: SocketMessage, audience: Audience, ownerMessage?: SocketMessage) {
      if (!others) return;
      const text = liveNote(message, audience, ownerMessage);
      if (text === null) return;
      // A note too large for a NOTIFY would fail the COMMIT it travels with: sent after it instead (and only logged).
      if (Buffer.byteLength(text) > NOTIFY_PAYLOAD_MAX - 2 || !within.notifyAtCommit(LIVE_CHANNEL, text))
        within.afterCommit(() => send(text));
    },
    /** Whether another process is known to listen (live notes are sent only then). */
    othersListening: () => others,
    /**
     * Tells the other processes about a session or role change; the caller has applied it to this process's sockets.
     * Resolves once the note has come back to this process (or after a second, or at once when not listening).
     */
    notifySession(note: DistributiveOmit<SessionNote, 'origin' | 'echo'>): Promise<void> {
      return sendAndHear({ ...note, origin } as SessionNote);
    },
    /** The listening connection's backend pid (tests cut it with pg_terminate_backend). */
    async backendPid(): Promise<number | null> {
      await listeningOnce;
      const current = client as (pg.Client & { processID?: number }) | null;
      return current?.processID ?? null;
    },
    async close() {
      closed = true;
      clearInterval(peersCheck);
      awaitingHere?.done();
      for (const waiting of [...echoes.values()]) waiting.finish();
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
export type PostgresBus = ReturnType<typeof createPostgresBus>;

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/**
 * The hub as the services see it when several processes share the database: each publish, ended session and role
 * change also reaches the others.
 */
export function withBus(hub: Hub, bus: PostgresBus): Hub {
  return {
    ...hub,
    publish(message, audience, ownerMessage, within) {
      hub.publish(message, audience, ownerMessage, within);
      if (within?.inTransaction()) bus.notifyWithin(within, message, audience, ownerMessage);
      else bus.notify(message, audience, ownerMessage);
    },
    async disconnectSession(sessionHash) {
      await Promise.all([hub.disconnectSession(sessionHash), bus.notifySession({ type: 'SESSION_ENDED', session: sessionHash })]);
    },
    async disconnectUser(userId, exceptSessionHash, reason = 'Session ended') {
      await Promise.all([
        hub.disconnectUser(userId, exceptSessionHash, reason),
        bus.notifySession({ type: 'USER_SESSIONS_ENDED', id: userId, reason, except: exceptSessionHash ?? null }),
      ]);
    },
    async userChanged(userId) {
      const told = bus.notifySession({ type: 'USER_CHANGED', id: userId });
      await Promise.all([hub.userChanged(userId), told]);
    },
  };
}

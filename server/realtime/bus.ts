import pg from 'pg';
import { createBackoff } from '../../src/domain/backoff';
import type { SocketMessageJson as SocketMessage, SocketMessageType } from '../../src/domain/socket-messages';
import type { Tx } from '../db/scope';
import type { Logger } from '../lib/logger';
import type { Audience } from './hub';

/**
 * What crosses processes (`../shared/DESIGN.md` §12, issue 46): a record's message (its type, the record's id and its
 * owner, and the message itself when it fits), or a change to sessions and roles that sockets must follow.
 */
export type Note =
  | {
      kind: 'record';
      type: SocketMessageType;
      id: number;
      owner: number | null;
      /**
       * The message as published; absent when too large for a notification, or not sent inside its transaction. As
       * heard from PostgreSQL it is still the JSON text (`readCarried`): a process reads it only when one of its sockets
       * could receive it.
       */
      carried?: Carried | string;
    }
  | { kind: 'session-ended'; session: string }
  | { kind: 'session-refreshed'; session: string }
  | { kind: 'user-sessions-ended'; user: number; reason: string; except: string | null }
  | { kind: 'user-changed'; user: number };

export interface Carried {
  message: SocketMessage;
  audience: Audience;
  ownerMessage?: SocketMessage;
}

/** What a subscriber hears: every note, in commit order, and `lost()` when some may have been missed. */
export interface Subscriber {
  note(note: Note): void;
  lost(): void;
}

/**
 * Publish/subscribe between the processes. Two implementations: one process (`createLocalBus`) and PostgreSQL's
 * NOTIFY (`createPostgresBus`); a broker could stand behind the same four calls without the hub knowing.
 */
export interface Bus {
  /**
   * Tells every process, this one included. Given an open transaction the note is sent inside it, just before its
   * COMMIT: heard only if it commits, in commit order. Otherwise it is sent at once (after the change committed).
   */
  publish(note: Note, within?: Tx): Promise<void>;
  subscribe(subscriber: Subscriber): void;
  /** Resolves once notes are heard (the first LISTEN is in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One process (SQLite, or PostgreSQL with a single process in tests): notes go straight to the subscribers. */
export function createLocalBus(): Bus {
  const subscribers: Subscriber[] = [];
  const tell = (note: Note) => subscribers.forEach((subscriber) => subscriber.note(note));
  return {
    async publish(note, within) {
      if (within?.inTransaction()) within.afterCommit(() => tell(note));
      else tell(note);
    },
    subscribe: (subscriber) => void subscribers.push(subscriber),
    ready: async () => {},
    close: async () => {},
  };
}

/** The channel every process LISTENs on. */
export const LIVE_CHANNEL = 'blockspin_live';
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more: a larger record's note carries only its id. */
const PAYLOAD_MAX = 7_999;
const NOTIFY = 'SELECT pg_notify($1, $2)';

export interface PostgresBusOptions {
  url: string;
  /** Sends the notes made outside a transaction (the listening connection only listens). */
  pool: pg.Pool;
  logger: Logger;
  /** First reconnect delay after the listening connection is lost; doubles up to 5 s. */
  retryMs?: number;
}

/**
 * The note's text for `pg_notify`. A record's message goes after a newline, apart from the note itself (JSON has no raw
 * newline), so that a process none of whose sockets could receive it reads only the note: parsing the message was a
 * fifth of an idle process's CPU per note heard (`bench/tools/pg-hear.ts`). Without the message when it is not sent
 * in its transaction, or too large.
 */
function payload(note: Note, inTransaction: boolean): string {
  if (note.kind !== 'record' || !note.carried) return JSON.stringify(note);
  const head = JSON.stringify({ ...note, carried: undefined });
  // Sent after its commit, another process's later change to the record may be heard first: only the id, so that
  // each process reads the record as it is now.
  if (!inTransaction) return head;
  const text = `${head}\n${typeof note.carried === 'string' ? note.carried : JSON.stringify(note.carried)}`;
  return Buffer.byteLength(text) <= PAYLOAD_MAX ? text : head;
}

/** A note's text as `payload` wrote it: the note, a record's message left as its JSON text. Throws when not JSON. */
export function readNote(text: string): Note {
  const cut = text.indexOf('\n');
  const note = JSON.parse(cut < 0 ? text : text.slice(0, cut)) as Note;
  if (cut >= 0 && note.kind === 'record') note.carried = text.slice(cut + 1);
  return note;
}

/** A heard record's message, read from its text when it is one; null when that text is not JSON. */
export function readCarried(carried: Carried | string): Carried | null {
  if (typeof carried !== 'string') return carried;
  try {
    return JSON.parse(carried) as Carried;
  } catch {
    return null;
  }
}

/** Tells the subscribers a note heard on the channel; a payload that is not JSON is logged and ignored. */
function hear(subscribers: readonly Subscriber[], logger: Logger, text: string | undefined) {
  let note: Note;
  try {
    note = readNote(text ?? '');
  } catch {
    return logger.warn({ text: text?.slice(0, 200) }, 'a live note that is not JSON was ignored');
  }
  for (const subscriber of subscribers) subscriber.note(note);
}

/**
 * Notes through PostgreSQL: `pg_notify` inside the writing transaction (delivered in commit order, never for a
 * rollback), heard on one LISTEN connection per process. A lost connection is opened again with backoff; notes sent
 * meanwhile are lost, so once it listens again the subscribers hear `lost()` (the hub closes its sockets with 1012 and
 * every client reads its lists again).
 */
export function createPostgresBus({ url, pool, logger, retryMs = 100 }: PostgresBusOptions): Bus & { backendPid(): number | null } {
  const subscribers: Subscriber[] = [];
  let client: pg.Client | null = null;
  let closed = false;
  const backoff = createBackoff({ firstMs: retryMs, maxMs: 5_000 });
  let retry: NodeJS.Timeout | null = null;
  let everListened = false;
  let listened!: () => void;
  const firstListen = new Promise<void>((resolve) => (listened = resolve));

  function lost(which: pg.Client, error?: unknown) {
    if (closed || client !== which) return;
    client = null;
    logger.warn({ err: error }, 'the live-update listener lost its database connection: reconnecting');
    which.removeAllListeners('notification');
    which.end().catch(() => {});
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, backoff.next());
  }

  async function connect() {
    const next = new pg.Client({ connectionString: url, application_name: 'blockspin_live_listener' });
    client = next;
    next.on('notification', (message) => hear(subscribers, logger, message.payload));
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      return lost(next, error);
    }
    if (closed || client !== next) return;
    backoff.reset();
    if (everListened) {
      logger.warn('the live-update listener is back: sockets reconnect to read afresh');
      for (const subscriber of subscribers) subscriber.lost();
    }
    everListened = true;
    listened();
  }
  void connect();

  return {
    async publish(note, within) {
      if (within?.inTransaction()) {
        within.notify(LIVE_CHANNEL, payload(note, true));
        return;
      }
      try {
        await pool.query(NOTIFY, [LIVE_CHANNEL, payload(note, false)]);
      } catch (error) {
        // The change is committed; the other processes' sockets learn of it when their clients next read.
        logger.error({ err: error, note: { kind: note.kind } }, 'a live note could not be sent');
      }
    },
    subscribe: (subscriber) => void subscribers.push(subscriber),
    ready: () => firstListen,
    /** The listening connection's backend pid (tests cut it). */
    backendPid: () => (client as (pg.Client & { processID?: number }) | null)?.processID ?? null,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

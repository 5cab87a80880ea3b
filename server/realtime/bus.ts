import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { SocketMessage, SocketMessageType } from '../../src/domain/socket-messages';
import type { Logger } from '../lib/logger';
import type { Audience, Hub } from './hub';

/** The PostgreSQL channel every server process listens on. */
export const LIVE_CHANNEL = 'blockspin_live';

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
}

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
  let onListening: (() => void) | null = null;
  const listening = new Promise<void>((resolve) => (onListening = resolve));

  async function receive(text: string | undefined) {
    if (!text) return;
    let note: LiveNote;
    try {
      note = JSON.parse(text) as LiveNote;
    } catch {
      return logger.warn({ text }, 'a live note that is not JSON was ignored');
    }
    if (note.origin === origin) return;
    try {
      const loaded = await options.load(note);
      if (loaded) hub.publish(loaded.message, loaded.audience, loaded.ownerMessage);
    } catch (error) {
      logger.error({ err: error, note }, 'a live update from another process could not be loaded');
    }
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
    const next = new pg.Client({ connectionString: options.url });
    client = next;
    next.on('notification', (message) => void receive(message.payload));
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
    delay = baseDelay;
    onListening?.();
    if (wasConnected) {
      // Updates published while this process was not listening are lost to it: its clients read everything again.
      logger.warn({ sockets: hub.clientCount() }, 'the live-update listener is back: sockets reconnect to read afresh');
      hub.reconnectAll();
    }
  }

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = null;
    which.removeAllListeners('notification');
    which.end().catch(() => {});
    retry();
  }

  void connect();

  return {
    /** Resolves once the first LISTEN is in place. */
    ready: () => listening,
    /** Tells the other processes; the caller has already told this process's sockets. */
    notify(message: SocketMessage, audience: Audience) {
      const id = noteId(message, audience);
      if (id === null) return;
      const note: LiveNote = { origin, type: message.type, id };
      options.pool.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(note)]).catch((error: unknown) => {
        logger.error({ err: error, note }, 'a live update could not be sent to the other processes');
      });
    },
    /** The listening connection's backend pid (tests cut it with pg_terminate_backend). */
    async backendPid(): Promise<number | null> {
      await listening;
      const current = client as (pg.Client & { processID?: number }) | null;
      return current?.processID ?? null;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
export type PostgresBus = ReturnType<typeof createPostgresBus>;

/** The hub as the services see it when several processes share the database: each publish also reaches the others. */
export function withBus(hub: Hub, bus: PostgresBus): Hub {
  return {
    ...hub,
    publish(message, audience, ownerMessage) {
      hub.publish(message, audience, ownerMessage);
      bus.notify(message, audience);
    },
  };
}

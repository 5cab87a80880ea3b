import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { SOCKET_TOO_MANY_CLOSE, SOCKET_UNAUTHORISED_CLOSE, type SocketMessage } from '../../src/domain/socket-messages';
import type { Logger } from '../lib/logger';
import { isSameOrigin } from '../lib/same-origin';
import type { Tx } from '../db/scope';

export interface SocketIdentity {
  userId: number;
  sessionHash: string;
  /**
   * Whether the user is an admin, as known to this process: read when the socket opens and again once per role note
   * (`userChanged`), never per message — with a query per message and socket, a burst of 200 requests to 300 sockets
   * on two processes arrived 1.9–2.5 s late (issue 32).
   */
  isAdmin: boolean;
}

export interface HubOptions {
  logger: Logger;
  /** Reads the session from the upgrade request's cookie; null when there is none. */
  authenticate(req: IncomingMessage): Promise<SocketIdentity | null>;
  /** Whether the user is an admin now: read when a role note arrives for a user with open sockets. */
  isAdmin(userId: number): Promise<boolean>;
  /**
   * Whether an admin's session may receive admin messages (it passed the second factor, issue 29.9); all may when
   * absent. Read with the role (at open and on a role note), never per message.
   */
  isAdminSession?(sessionHash: string): Promise<boolean>;
  /** Whether a session still exists and is within its idle and absolute lifetimes (read without extending it). */
  isSessionLive?(sessionHash: string): Promise<boolean>;
  /** Sockets one session may hold; one more closes the oldest. */
  maxSocketsPerSession?: number;
  /** How often open sockets' sessions are checked for expiry. */
  sessionCheckMs?: number;
  publicOrigin?: string;
  heartbeatMs?: number;
  /** Resolves once the writes a message tells of are on disk (server/db/durability.ts); messages wait for it, in order. */
  durable?: () => Promise<void>;
}

const TEXT_FRAME = { binary: false } as const;

/** Who may receive a message: admins always, plus the owner of its subject; or every signed-in socket (`everyone`). */
export interface Audience {
  ownerId: number | null;
  /** Every signed-in socket receives it (the catalogue's CATALOGUE_UPDATE, DESIGN.md §14). */
  everyone?: boolean;
}

interface Client {
  socket: WebSocket;
  identity: SocketIdentity;
  alive: boolean;
}

/** The /ws hub: authenticated, same-origin, heartbeat, each message only to admins and the subject's owner. */
export function createHub(options: HubOptions) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024, clientTracking: false });
  const clients = new Set<Client>();
  let delivering: Promise<void> = Promise.resolve();
  /** Counts role changes and ended sessions: an upgrade authenticated across one is authenticated again. */
  let changes = 0;
  /** Per user, the latest role re-read asked for: an older answer arriving late is ignored. */
  const rereads = new Map<number, number>();
  /** Upgrades whose session is being read: such a socket may yet receive what is published now. */
  let authenticating = 0;

  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }, options.heartbeatMs ?? 30_000);
  heartbeat.unref();

  // A session that ends by time (idle or absolute lifetime) ends its sockets too, not only a logout.
  const sessionCheck = setInterval(() => {
    const isSessionLive = options.isSessionLive;
    if (!isSessionLive) return;
    void (async () => {
      const live = new Map<string, boolean>();
      for (const client of [...clients]) {
        const { sessionHash } = client.identity;
        if (!live.has(sessionHash)) live.set(sessionHash, await isSessionLive(sessionHash));
        if (!live.get(sessionHash)) client.socket.close(SOCKET_UNAUTHORISED_CLOSE, 'Session ended');
      }
    })().catch((error: unknown) => options.logger.error({ err: error }, "the sockets' sessions could not be checked"));
  }, options.sessionCheckMs ?? 30_000);
  sessionCheck.unref();

  /** Closes the oldest sockets of a session so that, with the one being added, it holds at most the cap. */
  function makeRoomFor(sessionHash: string) {
    const max = options.maxSocketsPerSession ?? 8;
    const same = [...clients].filter((client) => client.identity.sessionHash === sessionHash);
    for (const client of same.slice(0, Math.max(0, same.length - max + 1))) {
      clients.delete(client);
      client.socket.close(SOCKET_TOO_MANY_CLOSE, 'Too many connections');
    }
    // The newest socket of the same session takes its place, so nothing shrinks.
  }

  function refuse(socket: Duplex, status: number, text: string) {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== '/ws') return refuse(socket, 404, 'Not Found');
    if (!isSameOrigin(req.headers.origin, req.headers.host, options.publicOrigin)) return refuse(socket, 403, 'Forbidden');
    // A logout, demotion or role change that lands while the session is being read would be missed by this socket
    // (it is not in `clients` yet): then the session is read again, as it is now.
    const authenticate = async (): Promise<SocketIdentity | null> => {
      for (let attempt = 0; ; attempt++) {
        const before = changes;
        const identity = await options.authenticate(req);
        if (changes === before || attempt === 2) return identity;
      }
    };
    authenticating += 1;
    authenticate().then(
      (identity) => {
        authenticating -= 1;
        accept(req, socket, head, identity);
      },
      (error: unknown) => {
        authenticating -= 1;
        options.logger.error({ err: error }, 'a socket could not be authenticated');
        refuse(socket, 503, 'Service Unavailable');
      },
    );
  }

  function accept(req: IncomingMessage, socket: Duplex, head: Buffer, identity: SocketIdentity | null) {
    wss.handleUpgrade(req, socket, head, (ws) => {
      // Accept, then close with 4401: a browser cannot read an HTTP status from a refused upgrade.
      if (!identity) return ws.close(SOCKET_UNAUTHORISED_CLOSE, 'Please log in');
      const client: Client = { socket: ws, identity, alive: true };
      makeRoomFor(identity.sessionHash);
      clients.add(client);
      ws.on('pong', () => (client.alive = true));
      ws.on('message', () => {}); // the socket only talks one way
      ws.on('error', (error) => options.logger.debug({ err: error }, 'socket error'));
      ws.on('close', () => clients.delete(client));
    });
  }

  /** Hands the message to every open socket allowed to see it: admins, and the owner (their own version). */
  function deliver(message: SocketMessage, audience: Audience, ownerMessage: SocketMessage) {
    // Encoded once, sent as text to every socket: a string is encoded again for each socket it is sent to. Encoded
    // only when a socket receives it (a process with none for it encodes nothing).
    let adminData: Buffer | null = null;
    let ownerData: Buffer | null = null;
    for (const client of clients) {
      if (client.socket.readyState !== client.socket.OPEN) continue;
      const { userId, isAdmin } = client.identity;
      if (isAdmin || audience.everyone) client.socket.send((adminData ??= Buffer.from(JSON.stringify(message))), TEXT_FRAME);
      else if (audience.ownerId !== null && userId === audience.ownerId) {
        ownerData ??=
          ownerMessage === message ? (adminData ??= Buffer.from(JSON.stringify(message))) : Buffer.from(JSON.stringify(ownerMessage));
        client.socket.send(ownerData, TEXT_FRAME);
      }
    }
  }

  /**
   * Whether a message to `ownerId` (and the admins) could reach any socket of this process: an open admin's or
   * owner's, or one whose role or session is still being read. A note that does not carry its record is loaded only
   * then (issue 32); a socket that opens later reads its lists afresh anyway.
   */
  function wants(ownerId: number | null, everyone = false): boolean {
    if (authenticating > 0 || rereads.size > 0) return true;
    if (everyone) return clients.size > 0;
    for (const client of clients) if (client.identity.isAdmin || (ownerId !== null && client.identity.userId === ownerId)) return true;
    return false;
  }

  /** Closes the sockets that match, at once: a closed socket receives nothing more, even a message already queued. */
  function closeWhere(matches: (client: Client) => boolean, reason: string, code = SOCKET_UNAUTHORISED_CLOSE) {
    changes += 1;
    for (const client of clients) {
      if (!matches(client)) continue;
      clients.delete(client);
      client.identity.isAdmin = false;
      client.socket.close(code, reason);
    }
  }

  /**
   * Sends to admins and to the owner once the change is on disk; `ownerMessage` replaces the message for a non-admin
   * owner. Given the change's open transaction (`within`), nothing is sent before it commits, and nothing if it rolls
   * back. The services reach it through the bus (server/realtime/live.ts), which calls it on every process.
   */
  function publish(message: SocketMessage, audience: Audience, ownerMessage: SocketMessage = message, within?: Tx) {
    if (within?.inTransaction()) return within.afterCommit(() => publish(message, audience, ownerMessage));
    const durable = options.durable ? options.durable() : Promise.resolve();
    // One message at a time: recipients are looked up asynchronously, and every socket must get messages in order.
    delivering = delivering.then(() =>
      durable.then(
        () => {
          try {
            deliver(message, audience, ownerMessage);
          } catch (error) {
            options.logger.error({ err: error }, 'socket message not delivered');
          }
        },
        // The writer's HTTP answer reports the failure; a change that may not be saved is not announced.
        (error: unknown) => options.logger.error({ err: error }, 'socket message dropped: the database could not be synced'),
      ),
    );
  }

  return {
    attach(server: Server) {
      server.on('upgrade', onUpgrade);
    },
    publish,
    wants,
    /** Resolves once every message published so far has been handed to its sockets. */
    delivered: () => delivering,
    /**
     * Closes every socket of a user (deleted, demoted, password changed), the close reason saying why, at once; the
     * promise is for the bus's wrapper (resolved once every process has been told).
     */
    disconnectUser(userId: number, exceptSessionHash?: string, reason = 'Session ended'): Promise<void> {
      closeWhere((client) => client.identity.userId === userId && client.identity.sessionHash !== exceptSessionHash, reason);
      return Promise.resolve();
    },
    /** A session passed the second factor: its sockets reconnect (1012) and open as an admin's (issue 29.9). */
    refreshSession(sessionHash: string) {
      closeWhere((client) => client.identity.sessionHash === sessionHash, 'Reconnect to read the latest', 1012);
    },
    /** Closes the sockets opened with one session (logout), at once; the promise as for `disconnectUser`. */
    disconnectSession(sessionHash: string): Promise<void> {
      closeWhere((client) => client.identity.sessionHash === sessionHash, 'Session ended');
      return Promise.resolve();
    },
    /**
     * The user's role changed (a promotion; a demotion also ends the sessions): their open sockets take the new role
     * once it is read — one query per change and process, whatever the number of sockets. Resolves when applied.
     */
    async userChanged(userId: number): Promise<void> {
      changes += 1;
      if (![...clients].some((client) => client.identity.userId === userId)) return;
      const asked = changes;
      rereads.set(userId, asked);
      try {
        const isAdmin = await options.isAdmin(userId);
        // A promoted admin's sessions act as admins only once they passed the second factor.
        const sessions = new Map<string, boolean>();
        for (const client of clients) {
          const { sessionHash } = client.identity;
          if (client.identity.userId === userId && !sessions.has(sessionHash))
            sessions.set(sessionHash, isAdmin && (options.isAdminSession ? await options.isAdminSession(sessionHash) : true));
        }
        if (rereads.get(userId) !== asked) return; // a later change's answer wins
        for (const client of clients)
          if (client.identity.userId === userId) client.identity.isAdmin = sessions.get(client.identity.sessionHash) ?? false;
      } catch (error) {
        // Not knowing the role, the safe side: the sockets reconnect and read it with their session.
        options.logger.error({ err: error, userId }, "a user's new role could not be read: their sockets reconnect");
        closeWhere((client) => client.identity.userId === userId, 'Reconnect to read the latest', 1012);
      } finally {
        if (rereads.get(userId) === asked) rereads.delete(userId);
      }
    },
    clientCount: () => clients.size,
    /** Closes every socket with 1012 (service restart): clients reconnect and read their lists again. */
    reconnectAll() {
      closeWhere(() => true, 'Reconnect to read the latest', 1012);
    },
    close() {
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      for (const client of clients) client.socket.terminate();
      clients.clear();
      wss.close();
    },
  };
}
export type Hub = ReturnType<typeof createHub>;

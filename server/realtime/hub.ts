import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { SOCKET_TOO_MANY_CLOSE, SOCKET_UNAUTHORISED_CLOSE, type SocketMessage } from '../../src/domain/socket-messages';
import type { Logger } from '../lib/logger';
import { isSameOrigin } from '../lib/same-origin';

export interface SocketIdentity {
  userId: number;
  sessionHash: string;
}

export interface HubOptions {
  logger: Logger;
  /** Reads the session from the upgrade request's cookie; null when there is none. */
  authenticate(req: IncomingMessage): Promise<SocketIdentity | null>;
  /** Whether the user is an admin now (read at send time, so a promotion counts at once). */
  isAdmin(userId: number): Promise<boolean>;
  /** Whether an admin's session may receive admin messages (it passed the second factor, issue 29.9); all may when absent. */
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

/** Who may receive a message: admins always, plus the owner of its subject. */
export interface Audience {
  ownerId: number | null;
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
  }

  function refuse(socket: Duplex, status: number, text: string) {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== '/ws') return refuse(socket, 404, 'Not Found');
    if (!isSameOrigin(req.headers.origin, req.headers.host, options.publicOrigin)) return refuse(socket, 403, 'Forbidden');
    options.authenticate(req).then(
      (identity) => accept(req, socket, head, identity),
      (error: unknown) => {
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

  async function deliver(message: SocketMessage, audience: Audience, ownerMessage: SocketMessage) {
    const adminText = JSON.stringify(message);
    const ownerText = ownerMessage === message ? adminText : JSON.stringify(ownerMessage);
    // Whether a user is an admin is read once per user and message (a promotion still counts at once).
    const admin = new Map<number, Promise<boolean>>();
    const isAdmin = (userId: number) => {
      let known = admin.get(userId);
      if (!known) admin.set(userId, (known = options.isAdmin(userId)));
      return known;
    };
    const sends: Array<{ client: Client; admin: Promise<boolean> }> = [];
    for (const client of clients) {
      if (client.socket.readyState !== client.socket.OPEN) continue;
      const { userId, sessionHash } = client.identity;
      const asAdmin = options.isAdminSession
        ? isAdmin(userId).then((admin) => admin && options.isAdminSession!(sessionHash))
        : isAdmin(userId);
      sends.push({ client, admin: asAdmin });
    }
    for (const { client, admin: asAdmin } of sends) {
      const { userId } = client.identity;
      if (await asAdmin) client.socket.send(adminText);
      else if (audience.ownerId !== null && userId === audience.ownerId) client.socket.send(ownerText);
    }
  }

  return {
    attach(server: Server) {
      server.on('upgrade', onUpgrade);
    },
    /** Sends to admins and to the owner once the change is on disk; `ownerMessage` replaces the message for a non-admin owner. */
    publish(message: SocketMessage, audience: Audience, ownerMessage: SocketMessage = message) {
      const durable = options.durable ? options.durable() : Promise.resolve();
      // One message at a time: recipients are looked up asynchronously, and every socket must get messages in order.
      delivering = delivering.then(() =>
        durable.then(
          () =>
            deliver(message, audience, ownerMessage).catch((error: unknown) =>
              options.logger.error({ err: error }, 'socket message not delivered'),
            ),
          // The writer's HTTP answer reports the failure; a change that may not be saved is not announced.
          (error: unknown) => options.logger.error({ err: error }, 'socket message dropped: the database could not be synced'),
        ),
      );
    },
    /** Resolves once every message published so far has been handed to its sockets. */
    delivered: () => delivering,
    /** Closes every socket of a user (deleted, demoted, password changed), the close reason saying why. */
    disconnectUser(userId: number, exceptSessionHash?: string, reason = 'Session ended') {
      for (const client of clients) {
        if (client.identity.userId === userId && client.identity.sessionHash !== exceptSessionHash) {
          client.socket.close(SOCKET_UNAUTHORISED_CLOSE, reason);
        }
      }
    },
    /** Closes the sockets opened with one session (logout). */
    disconnectSession(sessionHash: string) {
      for (const client of clients) {
        if (client.identity.sessionHash === sessionHash) client.socket.close(SOCKET_UNAUTHORISED_CLOSE, 'Session ended');
      }
    },
    clientCount: () => clients.size,
    /** Closes every socket with 1012 (service restart): clients reconnect and read their lists again. */
    reconnectAll() {
      for (const client of clients) client.socket.close(1012, 'Reconnect to read the latest');
      clients.clear();
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

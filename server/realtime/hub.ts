import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { SocketMessageJson as SocketMessage } from '../../src/domain/socket-messages';
import type { Logger } from '../lib/logger';
import type { Tx } from '../db/scope';
import { closeWhere, startTimers, type HubState } from './hub-clients';
import { publish, wants } from './hub-delivery';
import { userChanged } from './hub-roles';
import { onUpgrade } from './hub-upgrade';

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

/** Who may receive a message: admins always, plus the owner of its subject; or every signed-in socket (`everyone`). */
export interface Audience {
  ownerId: number | null;
  /** Every signed-in socket receives it (the catalogue's CATALOGUE_UPDATE, DESIGN.md §14). */
  everyone?: boolean;
}

/**
 * The /ws hub: authenticated, same-origin, heartbeat, each message only to admins and the subject's owner. Its parts:
 * the sockets and timers (hub-clients.ts), the upgrade (hub-upgrade.ts), delivery (hub-delivery.ts) and role changes
 * (hub-roles.ts), each a function over the one `HubState`.
 */
export function createHub(options: HubOptions) {
  const state: HubState = {
    options,
    wss: new WebSocketServer({ noServer: true, maxPayload: 1024, clientTracking: false }),
    clients: new Set(),
    delivering: Promise.resolve(),
    changes: 0,
    rereads: new Map(),
    authenticating: 0,
  };
  const stopTimers = startTimers(state);
  const endSockets = (matches: (identity: SocketIdentity) => boolean, reason: string, code?: number) =>
    closeWhere(state, (client) => matches(client.identity), reason, code);

  return {
    attach(server: Server) {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => onUpgrade(state, req, socket, head));
    },
    publish: (message: SocketMessage, audience: Audience, ownerMessage: SocketMessage = message, within?: Tx) =>
      publish(state, message, audience, ownerMessage, within),
    wants: (ownerId: number | null, everyone = false) => wants(state, ownerId, everyone),
    /** Resolves once every message published so far has been handed to its sockets. */
    delivered: () => state.delivering,
    /**
     * Closes every socket of a user (deleted, demoted, password changed), the close reason saying why, at once; the
     * promise is for the bus's wrapper (resolved once every process has been told).
     */
    disconnectUser(userId: number, exceptSessionHash?: string, reason = 'Session ended'): Promise<void> {
      endSockets((identity) => identity.userId === userId && identity.sessionHash !== exceptSessionHash, reason);
      return Promise.resolve();
    },
    /** A session passed the second factor: its sockets reconnect (1012) and open as an admin's (issue 29.9). */
    refreshSession(sessionHash: string) {
      endSockets((identity) => identity.sessionHash === sessionHash, 'Reconnect to read the latest', 1012);
    },
    /** Closes the sockets opened with one session (logout), at once; the promise as for `disconnectUser`. */
    disconnectSession(sessionHash: string): Promise<void> {
      endSockets((identity) => identity.sessionHash === sessionHash, 'Session ended');
      return Promise.resolve();
    },
    /** The user's role changed: their open sockets take the new role once it is read (hub-roles.ts). */
    userChanged: (userId: number): Promise<void> => userChanged(state, userId),
    clientCount: () => state.clients.size,
    /** Closes every socket with 1012 (service restart): clients reconnect and read their lists again. */
    reconnectAll() {
      endSockets(() => true, 'Reconnect to read the latest', 1012);
    },
    close() {
      stopTimers();
      for (const client of state.clients) client.socket.terminate();
      state.clients.clear();
      state.wss.close();
    },
  };
}
export type Hub = ReturnType<typeof createHub>;

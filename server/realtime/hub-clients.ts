import type { WebSocket, WebSocketServer } from 'ws';
import { SOCKET_TOO_MANY_CLOSE, SOCKET_UNAUTHORISED_CLOSE } from '../../src/domain/socket-messages';
import type { HubOptions, SocketIdentity } from './hub';

export interface Client {
  socket: WebSocket;
  identity: SocketIdentity;
  alive: boolean;
}

/** What the hub's functions share: its options, its open sockets, and the counts that keep messages and roles in order. */
export interface HubState {
  options: HubOptions;
  wss: WebSocketServer;
  clients: Set<Client>;
  delivering: Promise<void>;
  /** Counts role changes and ended sessions: an upgrade authenticated across one is authenticated again. */
  changes: number;
  /** Per user, the latest role re-read asked for: an older answer arriving late is ignored. */
  rereads: Map<number, number>;
  /** Upgrades whose session is being read: such a socket may yet receive what is published now. */
  authenticating: number;
}

/** Closes the sockets that match, at once: a closed socket receives nothing more, even a message already queued. */
export function closeWhere(state: HubState, matches: (client: Client) => boolean, reason: string, code = SOCKET_UNAUTHORISED_CLOSE) {
  state.changes += 1;
  for (const client of state.clients) {
    if (!matches(client)) continue;
    state.clients.delete(client);
    client.identity.isAdmin = false;
    client.socket.close(code, reason);
  }
}

/** Closes the oldest sockets of a session so that, with the one being added, it holds at most the cap. */
export function makeRoomFor({ options, clients }: HubState, sessionHash: string) {
  const max = options.maxSocketsPerSession ?? 8;
  const same = [...clients].filter((client) => client.identity.sessionHash === sessionHash);
  for (const client of same.slice(0, Math.max(0, same.length - max + 1))) {
    clients.delete(client);
    client.socket.close(SOCKET_TOO_MANY_CLOSE, 'Too many connections');
  }
  // The newest socket of the same session takes its place, so nothing shrinks.
}

/** Pings every socket; one that did not answer the last ping is terminated. Returns what stops it. */
function startHeartbeat({ options, clients }: HubState): NodeJS.Timeout {
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
  return heartbeat;
}

// A session that ends by time (idle or absolute lifetime) ends its sockets too, not only a logout.
function startSessionCheck({ options, clients }: HubState): NodeJS.Timeout {
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
  return sessionCheck;
}

/** The heartbeat and the sessions' expiry check; returns what stops both. */
export function startTimers(state: HubState): () => void {
  const heartbeat = startHeartbeat(state);
  const sessionCheck = startSessionCheck(state);
  return () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
  };
}

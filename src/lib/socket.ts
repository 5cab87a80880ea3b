import { isSessionEndReason } from '../domain/session-end';
import { SOCKET_TOO_MANY_CLOSE, SOCKET_UNAUTHORISED_CLOSE, SocketMessage } from '../domain/socket-messages';
import { sessionEnded } from './api-client';
import { setSocketOpen } from './socket-state';

type Handler = (message: SocketMessage) => void;

/** Reconnect delay after a close: 1 s. */
export const SOCKET_RECONNECT_MS = 1000;

const handlers = new Set<Handler>();
const reopenListeners = new Set<() => void>();
let socket: WebSocket | null = null;
/** A socket of this page closed while it was still wanted: what was published meanwhile never reached it. */
let missedSome = false;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}

function connect(): void {
  if (socket || handlers.size === 0) return;
  const ws = new WebSocket(socketUrl());
  socket = ws;
  ws.addEventListener('open', () => {
    if (socket === ws) setSocketOpen(true);
    if (!missedSome) return;
    missedSome = false;
    reopenListeners.forEach((listener) => listener());
  });
  ws.addEventListener('message', (event) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(event.data));
    } catch {
      return;
    }
    const result = SocketMessage.safeParse(parsed);
    if (!result.success) return;
    handlers.forEach((handler) => handler(result.data));
  });
  ws.addEventListener('close', (event) => {
    if (socket !== ws) return;
    socket = null;
    setSocketOpen(false);
    missedSome = true;
    // Without a session there is nothing to reconnect to until the user logs in again. When the server says it ended
    // the session for a reason of its own (a demotion, a password change elsewhere, a deletion), the player is told
    // at once rather than at their next tap.
    if (event.code === SOCKET_UNAUTHORISED_CLOSE) {
      if (isSessionEndReason(event.reason) && event.reason !== 'session-ended') sessionEnded(event.reason);
      return;
    }
    // Newer tabs of the same session took over; reconnecting would only push another tab out.
    if (event.code === SOCKET_TOO_MANY_CLOSE) return;
    // Reconnect 1 s after a close while anyone still listens.
    if (handlers.size > 0 && !reconnectTimer) {
      reconnectTimer = setTimeout(() => {
        reconnectTimer = null;
        connect();
      }, SOCKET_RECONNECT_MS);
    }
  });
}

/**
 * Calls `listener` each time the socket opens again after it was lost (a network drop, a server restart, a database
 * listener that reconnected and closed every socket with 1012): updates sent meanwhile were missed, so lists must be
 * read again. Returns an unsubscribe function.
 */
export function onSocketReopen(listener: () => void): () => void {
  reopenListeners.add(listener);
  return () => reopenListeners.delete(listener);
}

/** Listens to /ws while the handler is subscribed; the connection opens with the first and closes with the last. */
export function subscribeSocket(handler: Handler): () => void {
  handlers.add(handler);
  connect();
  return () => {
    handlers.delete(handler);
    if (handlers.size === 0) {
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      const closing = socket;
      socket = null;
      setSocketOpen(false);
      closing?.close();
    }
  };
}

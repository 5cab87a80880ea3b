import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { SOCKET_UNAUTHORISED_CLOSE } from '../../src/domain/socket-messages';
import { isSameOrigin } from '../lib/same-origin';
import type { SocketIdentity } from './hub';
import { makeRoomFor, type Client, type HubState } from './hub-clients';

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * A logout, demotion or role change that lands while the session is being read would be missed by this socket (it
 * is not in `clients` yet): then the session is read again, as it is now.
 */
async function authenticate(state: HubState, req: IncomingMessage): Promise<SocketIdentity | null> {
  for (let attempt = 0; ; attempt++) {
    const before = state.changes;
    const identity = await state.options.authenticate(req);
    if (state.changes === before || attempt === 2) return identity;
  }
}

/** An upgrade to /ws: same origin only, then the session is read from its cookie. */
export function onUpgrade(state: HubState, req: IncomingMessage, socket: Duplex, head: Buffer) {
  const { options } = state;
  const pathname = (req.url ?? '').split('?')[0];
  if (pathname !== '/ws') return refuse(socket, 404, 'Not Found');
  if (!isSameOrigin(req.headers.origin, req.headers.host, options.publicOrigin)) return refuse(socket, 403, 'Forbidden');
  state.authenticating += 1;
  authenticate(state, req).then(
    (identity) => {
      state.authenticating -= 1;
      accept(state, req, socket, head, identity);
    },
    (error: unknown) => {
      state.authenticating -= 1;
      options.logger.error({ err: error }, 'a socket could not be authenticated');
      refuse(socket, 503, 'Service Unavailable');
    },
  );
}

function accept(state: HubState, req: IncomingMessage, socket: Duplex, head: Buffer, identity: SocketIdentity | null) {
  state.wss.handleUpgrade(req, socket, head, (ws) => {
    // Accept, then close with 4401: a browser cannot read an HTTP status from a refused upgrade.
    if (!identity) return ws.close(SOCKET_UNAUTHORISED_CLOSE, 'Please log in');
    const client: Client = { socket: ws, identity, alive: true };
    makeRoomFor(state, identity.sessionHash);
    state.clients.add(client);
    ws.on('pong', () => (client.alive = true));
    ws.on('message', () => {}); // the socket only talks one way
    ws.on('error', (error) => state.options.logger.debug({ err: error }, 'socket error'));
    ws.on('close', () => state.clients.delete(client));
  });
}

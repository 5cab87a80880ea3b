import type { SocketMessageJson as SocketMessage } from '../../src/domain/socket-messages';
import type { Tx } from '../db/scope';
import type { Audience } from './hub';
import type { Client, HubState } from './hub-clients';

const TEXT_FRAME = { binary: false } as const;

/** Hands the message to every open socket allowed to see it: admins, and the owner (their own version). */
function deliver(clients: Set<Client>, message: SocketMessage, audience: Audience, ownerMessage: SocketMessage) {
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
 * Sends to admins and to the owner once the change is on disk; `ownerMessage` replaces the message for a non-admin
 * owner. Given the change's open transaction (`within`), nothing is sent before it commits, and nothing if it rolls
 * back. The services reach it through the bus (server/realtime/live.ts), which calls it on every process.
 */
export function publish(state: HubState, message: SocketMessage, audience: Audience, ownerMessage: SocketMessage = message, within?: Tx) {
  if (within?.inTransaction()) return within.afterCommit(() => publish(state, message, audience, ownerMessage));
  const { options } = state;
  const durable = options.durable ? options.durable() : Promise.resolve();
  // One message at a time: recipients are looked up asynchronously, and every socket must get messages in order.
  state.delivering = state.delivering.then(() =>
    durable.then(
      () => {
        try {
          deliver(state.clients, message, audience, ownerMessage);
        } catch (error) {
          options.logger.error({ err: error }, 'socket message not delivered');
        }
      },
      // The writer's HTTP answer reports the failure; a change that may not be saved is not announced.
      (error: unknown) => options.logger.error({ err: error }, 'socket message dropped: the database could not be synced'),
    ),
  );
}

/**
 * Whether a message to `ownerId` (and the admins) could reach any socket of this process: an open admin's or
 * owner's, or one whose role or session is still being read. A note that does not carry its record is loaded only
 * then (issue 32); a socket that opens later reads its lists afresh anyway.
 */
export function wants({ clients, authenticating, rereads }: HubState, ownerId: number | null, everyone = false): boolean {
  if (authenticating > 0 || rereads.size > 0) return true;
  if (everyone) return clients.size > 0;
  for (const client of clients) if (client.identity.isAdmin || (ownerId !== null && client.identity.userId === ownerId)) return true;
  return false;
}

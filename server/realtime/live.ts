import type { SocketMessageJson as SocketMessage } from '../../src/domain/socket-messages';
import type { Logger } from '../lib/logger';
import { readCarried, type Bus, type Carried, type Note } from './bus';
import type { Audience, Hub } from './hub';

export type RecordNote = Extract<Note, { kind: 'record' }>;

/** Rebuilds a message from a note that does not carry it: the record as stored now; null when it is gone. */
export type LoadNote = (note: RecordNote) => Promise<Carried | null>;

/** The id a message is about (a conversation message's own id, the user's for a credit update). */
export function noteId(message: SocketMessage, audience: Audience): number | null {
  if (message.type === 'CREDIT_UPDATE') return audience.ownerId;
  if (message.type === 'NEW_MESSAGE') return message.payload.message.id;
  if (message.type === 'CATALOGUE_UPDATE') return message.payload.version;
  return message.payload.id;
}

/**
 * This process's sockets follow the bus: a record's message in the order the notes came (loaded when the note does
 * not carry it and someone here could receive it), ended sessions at once, a role change before any later message,
 * and a lost stretch of notes closes every socket with 1012 so its client reads its lists again.
 */
export function listen(bus: Bus, hub: Hub, load: LoadNote, logger: Logger): void {
  let inOrder: Promise<unknown> = Promise.resolve();
  bus.subscribe({
    lost: () => hub.reconnectAll(),
    note(note) {
      switch (note.kind) {
        case 'session-ended':
          return void hub.disconnectSession(note.session);
        case 'session-refreshed':
          return hub.refreshSession(note.session);
        case 'user-sessions-ended':
          return void hub.disconnectUser(note.user, note.except ?? undefined, note.reason);
        case 'user-changed': {
          // Messages after it wait for the new role, so a promoted admin's sockets get the next admin message.
          const applied = hub.userChanged(note.user);
          inOrder = inOrder.then(() => applied);
          return;
        }
        case 'record': {
          // Read only when a socket here could receive it (a catalogue note: any open socket); one that opens later
          // reads its lists afresh. A carried message that is not JSON is read as stored instead.
          if (!hub.wants(note.owner, note.type === 'CATALOGUE_UPDATE')) return;
          const carried = note.carried === undefined ? null : readCarried(note.carried);
          const loaded = carried
            ? Promise.resolve(carried)
            : load(note).catch((error: unknown) => {
                logger.error({ err: error, note: { type: note.type, id: note.id } }, 'a live update could not be loaded');
                return null;
              });
          inOrder = inOrder
            .then(() => loaded)
            .then((found) => {
              if (found) hub.publish(found.message, found.audience, found.ownerMessage);
            });
        }
      }
    },
  });
}

/**
 * The hub as the services see it: each publish, ended session and role change is a note on the bus, which every
 * process (this one included) applies to its own sockets through `listen`. A change's promise resolves once the note
 * is sent (committed); the sockets follow within the note's delivery.
 */
export function withBus(hub: Hub, bus: Bus): Hub {
  return {
    ...hub,
    publish(message, audience, ownerMessage = message, within) {
      const id = noteId(message, audience);
      if (id === null) return hub.publish(message, audience, ownerMessage, within);
      const carried: Carried = { message, audience, ...(ownerMessage !== message ? { ownerMessage } : {}) };
      void bus.publish({ kind: 'record', type: message.type, id, owner: audience.ownerId, carried }, within);
    },
    disconnectSession: (session) => bus.publish({ kind: 'session-ended', session }),
    disconnectUser: (user, except, reason = 'Session ended') =>
      bus.publish({ kind: 'user-sessions-ended', user, reason, except: except ?? null }),
    userChanged: (user) => bus.publish({ kind: 'user-changed', user }),
    refreshSession: (session) => void bus.publish({ kind: 'session-refreshed', session }),
  };
}

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type pg from 'pg';
import { postgresPool } from '../../server/db/postgres';
import { createLogger } from '../../server/lib/logger';
import { createPostgresBus, type LiveNote } from '../../server/realtime/bus';
import type { Audience, Hub } from '../../server/realtime/hub';
import type { SocketMessage } from '../../src/domain/socket-messages';
import { freshDatabase } from '../support/postgres';

/** A hub that records what it is asked to publish. */
function recordingHub() {
  const published: Array<{ message: SocketMessage; audience: Audience; ownerMessage?: SocketMessage }> = [];
  const hub = {
    published,
    publish: (message: SocketMessage, audience: Audience, ownerMessage?: SocketMessage) =>
      void published.push({ message, audience, ownerMessage }),
    disconnectSession: () => Promise.resolve(),
    disconnectUser: () => Promise.resolve(),
    userChanged: () => Promise.resolve(),
    reconnectAll: () => {},
    clientCount: () => 0,
  };
  return hub as unknown as Hub & { published: typeof published };
}

const purchase = (id: number, status: string) =>
  ({
    type: status === 'pending' ? 'NEW_PURCHASE_REQUEST' : 'PURCHASE_REQUEST_STATUS_UPDATE',
    payload: { id, status },
  }) as unknown as SocketMessage;

// Issue 32 item 2: a new record's note carries the record, so the other processes publish it without a query each;
// changes are still loaded as stored (two processes' changes to one record may arrive in either order).
describe('live notes between processes', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: pg.Pool;
  const logger = createLogger('silent');
  let sender: ReturnType<typeof createPostgresBus>;
  let receiver: ReturnType<typeof createPostgresBus>;
  const receiving = recordingHub();
  const loads: LiveNote[] = [];

  beforeAll(async () => {
    database = await freshDatabase(inject('postgresUrl'));
    pool = postgresPool(database.url, 2);
    const load = async (note: LiveNote) => {
      loads.push(note);
      return { message: purchase(note.id, 'loaded'), audience: { ownerId: 7 } };
    };
    sender = createPostgresBus({ url: database.url, logger, hub: recordingHub(), pool, load: () => Promise.resolve(null) });
    receiver = createPostgresBus({ url: database.url, logger, hub: receiving, pool, load });
    await Promise.all([sender.ready(), receiver.ready()]);
  });
  afterAll(async () => {
    await Promise.all([sender?.close(), receiver?.close()]);
    await pool?.end();
    await database?.drop();
  });

  const arrived = (count: number) => expect.poll(() => receiving.published.length).toBe(count);

  it('when a new record is published, then the other process publishes the carried record without loading it; a change is loaded', async () => {
    const created = purchase(1, 'pending');
    sender.notify(created, { ownerId: 7 });
    await arrived(1);
    expect(receiving.published[0]).toEqual({ message: created, audience: { ownerId: 7 }, ownerMessage: undefined });
    expect(loads).toHaveLength(0);

    sender.notify(purchase(1, 'approved'), { ownerId: 7 });
    await arrived(2);
    expect(loads.map((note) => [note.type, note.id])).toEqual([['PURCHASE_REQUEST_STATUS_UPDATE', 1]]);
    expect(receiving.published[1].message).toEqual(purchase(1, 'loaded'));
  });

  it('when a new record arrives after a change to it was seen, then it is loaded as stored, not published as it was made', async () => {
    loads.length = 0;
    receiving.published.length = 0;
    // The receiving process changed record 2 itself (its admin read it from a list first).
    receiver.notify(purchase(2, 'approved'), { ownerId: 7 });
    sender.notify(purchase(2, 'pending'), { ownerId: 7 });
    await arrived(1);
    expect(loads.map((note) => [note.type, note.id])).toEqual([['NEW_PURCHASE_REQUEST', 2]]);
    expect(receiving.published[0].message).toEqual(purchase(2, 'loaded'));
  });

  it('when a new record is too large to carry, then the note names it and the other process loads it', async () => {
    loads.length = 0;
    receiving.published.length = 0;
    const large = {
      type: 'NEW_PURCHASE_REQUEST',
      payload: { id: 3, status: 'pending', note: 'é'.repeat(3_000) },
    } as unknown as SocketMessage;
    sender.notify(large, { ownerId: 7 });
    await arrived(1);
    expect(loads.map((note) => [note.type, note.id, note.carried])).toEqual([['NEW_PURCHASE_REQUEST', 3, undefined]]);
  });
});

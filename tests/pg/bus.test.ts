import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMigratedPostgres } from '../support/migrated-postgres';
import pg from 'pg';
import { postgresPool } from '../../server/db/postgres';
import type { Tx } from '../../server/db/scope';
import { createLogger } from '../../server/lib/logger';
import { createPostgresBus, LIVE_CHANNEL, type Note } from '../../server/realtime/bus';
import type { Audience, Hub } from '../../server/realtime/hub';
import { listen, withBus, type RecordNote } from '../../server/realtime/live';
import { readFully } from '../support/notes';
import type { SocketMessageJson as SocketMessage } from '../../src/domain/socket-messages';

const purchase = (id: number, status: string, note = '') =>
  ({
    type: status === 'pending' ? 'NEW_PURCHASE_REQUEST' : 'PURCHASE_REQUEST_STATUS_UPDATE',
    payload: { id, status, ...(note ? { note } : {}) },
  }) as unknown as SocketMessage;

/** A process's sockets as `listen` drives them: what it was asked to publish, close and re-read. */
function recordingHub(wants: (ownerId: number | null) => boolean = () => true) {
  const done = {
    published: [] as Array<{ message: SocketMessage; audience: Audience; ownerMessage?: SocketMessage }>,
    ended: [] as string[],
    changed: [] as number[],
    reconnects: 0,
  };
  const hub = {
    wants,
    publish: (message: SocketMessage, audience: Audience, ownerMessage?: SocketMessage) =>
      void done.published.push({ message, audience, ownerMessage }),
    disconnectSession: async (session: string) => void done.ended.push(session),
    disconnectUser: async (user: number) => void done.ended.push(`user:${user}`),
    userChanged: async (user: number) => void done.changed.push(user),
    refreshSession: (session: string) => void done.ended.push(`refresh:${session}`),
    reconnectAll: () => void (done.reconnects += 1),
  };
  return Object.assign(hub as unknown as Hub, { done });
}

const ids = (hub: ReturnType<typeof recordingHub>) => hub.done.published.map((sent) => (sent.message.payload as { id: number }).id);

describe('the PostgreSQL bus: pg_notify in the writing transaction, one LISTEN per process', () => {
  const world = useMigratedPostgres(4);
  let pool: pg.Pool;
  let watcher: pg.Client;
  /** Every payload on the live channel, as a listener that is not a server process sees it. */
  const heard: Note[] = [];
  const logger = createLogger('silent');
  const buses: Array<ReturnType<typeof createPostgresBus>> = [];
  const loads: RecordNote[] = [];
  /** A process: its bus, its sockets (a recording hub) listening to it, and the hub the services would see. */
  const start = async (wants?: (ownerId: number | null) => boolean, retryMs?: number) => {
    const bus = createPostgresBus({ url: world.database.url, logger, pool, retryMs });
    buses.push(bus);
    const sockets = recordingHub(wants);
    listen(
      bus,
      sockets,
      async (note) => (loads.push(note), { message: purchase(note.id, 'loaded'), audience: { ownerId: note.owner } }),
      logger,
    );
    await bus.ready();
    return { bus, sockets, hub: withBus(sockets, bus) };
  };
  const insert = (tx: Tx, name: string) =>
    tx
      .kysely()
      .insertInto('users')
      .values({ username: name, password_hash: 'x', is_admin: 0, is_super_admin: 0, created_at: '2026-01-01T00:00:00.000Z' })
      .execute();

  beforeAll(async () => {
    pool = postgresPool(world.database.url, 2);
    watcher = new pg.Client({ connectionString: world.database.url });
    await watcher.connect();
    watcher.on('notification', (message) => heard.push(readFully(message.payload ?? '')));
    await watcher.query(`LISTEN ${LIVE_CHANNEL}`);
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await watcher?.end();
    await pool?.end();
  });

  it('when a change publishes inside its transaction, then every process (its own too) hears the carried record after the commit, and never after a rollback', async () => {
    const one = await start();
    const two = await start();
    const change = (id: number, fail = false) =>
      world.engine.tx.run(async (tx) => {
        await insert(tx, `user-${id}`);
        one.hub.publish(purchase(id, 'pending'), { ownerId: 7 }, undefined, tx);
        await new Promise((resolve) => setTimeout(resolve, 20));
        // Not before the commit.
        expect(ids(one.sockets)).not.toContain(id);
        if (fail) throw new Error('refused');
      });
    await expect(change(10, true)).rejects.toThrow('refused');
    await change(11);
    await expect.poll(() => ids(two.sockets)).toEqual([11]);
    await expect.poll(() => ids(one.sockets)).toEqual([11]);
    expect(two.sockets.done.published[0]).toEqual({ message: purchase(11, 'pending'), audience: { ownerId: 7 }, ownerMessage: undefined });
    expect(loads).toEqual([]);
    // The watcher is a listener of its own: its copy may arrive after the processes' (under load, it did).
    await expect.poll(() => heard.filter((note) => note.kind === 'record').map((note) => (note as RecordNote).id)).toEqual([11]);
  });

  it('when two transactions publish and the later one commits first, then every process hears them in commit order', async () => {
    const { hub, sockets } = await start();
    let releaseFirst!: () => void;
    const held = new Promise<void>((resolve) => (releaseFirst = resolve));
    const first = world.engine.tx.run(async (tx) => {
      await insert(tx, 'order-first');
      hub.publish(purchase(20, 'pending'), { ownerId: 7 }, undefined, tx);
      await held;
    });
    await world.engine.tx.run(async (tx) => {
      await insert(tx, 'order-second');
      hub.publish(purchase(21, 'pending'), { ownerId: 7 }, undefined, tx);
    });
    releaseFirst();
    await first;
    await expect.poll(() => ids(sockets).filter((id) => id >= 20)).toEqual([21, 20]);
  });

  it('when the record does not fit a notification, or is published after its commit, then the note names it and each process reads it as stored', async () => {
    loads.length = 0;
    const { hub, sockets } = await start();
    await world.engine.tx.run(async (tx) => {
      hub.publish(purchase(30, 'pending', 'é'.repeat(5_000)), { ownerId: 7 }, undefined, tx);
    });
    hub.publish(purchase(31, 'approved'), { ownerId: 7 });
    await expect.poll(() => ids(sockets).filter((id) => id >= 30)).toEqual([30, 31]);
    expect(sockets.done.published.at(-1)!.message).toEqual(purchase(31, 'loaded'));
    const seen = heard.filter((note): note is RecordNote => note.kind === 'record' && note.id >= 30);
    expect(seen.map((note) => [note.id, note.owner, note.carried])).toEqual([
      [30, 7, undefined],
      [31, 7, undefined],
    ]);
    expect(loads.map((note) => note.id)).toContain(30);
  });

  it('when nobody on a process could receive a record that must be read, then that process does not read it', async () => {
    loads.length = 0;
    const { hub, sockets } = await start((ownerId) => ownerId === 8);
    hub.publish(purchase(40, 'approved'), { ownerId: 7 });
    hub.publish(purchase(41, 'approved'), { ownerId: 8 });
    await expect.poll(() => ids(sockets)).toEqual([41]);
    // The other processes of this file (which want everything) read both, each in its own time; this one only its
    // owner's (41 is read after 40 on every process, so once all have read 41 no read of 40 is still to come).
    await expect.poll(() => loads.filter((note) => note.id === 41).length).toBe(buses.length);
    expect(loads.filter((note) => note.id === 40).length).toBe(buses.length - 1);
  });

  it('when nobody on a process could receive a carried record, then that process hands its sockets nothing and leaves its message unread', async () => {
    const { hub, sockets } = await start((ownerId) => ownerId === 8);
    const seen: Note[] = [];
    buses.at(-1)!.subscribe({ note: (note) => void seen.push(note), lost: () => {} });
    await world.engine.tx.run(async (tx) => {
      hub.publish(purchase(45, 'pending'), { ownerId: 7 }, undefined, tx);
      hub.publish(purchase(46, 'pending'), { ownerId: 8 }, undefined, tx);
    });
    await expect.poll(() => ids(sockets).filter((id) => id >= 45)).toEqual([46]);
    // Heard with its message still as text: only the wanted one was read, and neither from the store.
    expect(seen.map((note) => note.kind === 'record' && [note.id, typeof note.carried])).toEqual([
      [45, 'string'],
      [46, 'string'],
    ]);
    expect(sockets.done.published.at(-1)).toEqual({ message: purchase(46, 'pending'), audience: { ownerId: 8 }, ownerMessage: undefined });
    expect(loads.filter((note) => note.id >= 45)).toEqual([]);
  });

  it('when a note’s message is not JSON, then each process that wants it reads the record as stored', async () => {
    loads.length = 0;
    const { sockets } = await start();
    const head = JSON.stringify({ kind: 'record', type: 'NEW_PURCHASE_REQUEST', id: 47, owner: 7 });
    await pool.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, `${head}\n{"message": cut off`]);
    await expect.poll(() => ids(sockets).filter((id) => id >= 47)).toEqual([47]);
    expect(sockets.done.published.at(-1)!.message).toEqual(purchase(47, 'loaded'));
    expect(loads.map((note) => note.id)).toContain(47);
  });

  it('when a session ends, a user’s sessions end or a role changes through one process, then every process applies it', async () => {
    const one = await start();
    const two = await start();
    await one.hub.disconnectSession('hash-1');
    await one.hub.disconnectUser(5, undefined, 'demoted');
    await one.hub.userChanged(6);
    one.hub.refreshSession('hash-2');
    for (const { sockets } of [one, two]) {
      await expect.poll(() => sockets.done.ended).toEqual(['hash-1', 'user:5', 'refresh:hash-2']);
      expect(sockets.done.changed).toEqual([6]);
    }
  });

  it('when a process’s listening connection is cut, then it reconnects with backoff, logs it, has its sockets reconnect, and hears notes again', async () => {
    const { bus, sockets, hub } = await start(undefined, 300);
    const pid = bus.backendPid();
    expect(pid).not.toBeNull();
    await pool.query('SELECT pg_terminate_backend($1)', [pid]);
    await expect.poll(() => sockets.done.reconnects, { timeout: 10_000 }).toBe(1);
    expect(bus.backendPid()).not.toBe(pid);
    await world.engine.tx.run(async (tx) => hub.publish(purchase(50, 'pending'), { ownerId: 7 }, undefined, tx));
    await expect.poll(() => ids(sockets)).toContain(50);
  });
});

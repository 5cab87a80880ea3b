import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { CART, signUp } from '../api/helpers';
import { freshDatabase, wireOf, type Wire } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';

// Issue 32: on PostgreSQL a round trip costs the database a backend wake-up and the server a write and a read, about as
// much as a purchase's inserts. A purchase's transaction was BEGIN with the insert, then the COMMIT; the COMMIT now goes
// with the transaction's last statement.
describe('a purchase’s round trips on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase(inject('postgresUrl'));
    server = await startTestServer({ databaseUrl: database.url });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  /**
   * The round trips `call` makes that leave a transaction open (PostgreSQL answers ReadyForQuery with status `T`): the
   * ones a transaction's COMMIT still waits behind. Reads outside a transaction (a session) end idle and are not counted.
   */
  async function openRoundTrips(call: () => Promise<unknown>): Promise<number> {
    const pool = server.engine.pool!;
    let open = 0;
    const count = (message: { status?: string }) => {
      if (message.status === 'T') open += 1;
    };
    const watched: Wire[] = [];
    const watch = (client: pg.PoolClient) => {
      const connection = wireOf(client);
      if (watched.includes(connection)) return;
      connection.on('readyForQuery', count);
      watched.push(connection);
    };
    pool.on('acquire', watch);
    try {
      await call();
    } finally {
      pool.off('acquire', watch);
      for (const connection of watched) connection.off('readyForQuery', count);
    }
    return open;
  }

  it('when a player buys without credit, then the transaction is one round trip; with an Idempotency-Key, the key goes with the COMMIT', async () => {
    const player = await signUp(server, 'round_tripper');
    // Every pooled connection has prepared the statements (the first use of one on a connection sends its BEGIN alone).
    for (let i = 0; i < 12; i++) expect((await player.post('/api/purchase-requests', CART)).status).toBe(201);
    for (let i = 0; i < 12; i++)
      expect((await player.request('POST', '/api/purchase-requests', CART, { 'Idempotency-Key': randomUUID() })).status).toBe(201);

    const plain = await openRoundTrips(async () => expect((await player.post('/api/purchase-requests', CART)).status).toBe(201));
    // Was 1: BEGIN with the insert, then the COMMIT.
    expect(plain).toBe(0);
    const key = randomUUID();
    const keyed = await openRoundTrips(async () =>
      expect((await player.request('POST', '/api/purchase-requests', CART, { 'Idempotency-Key': key })).status).toBe(201),
    );
    // Was 2: BEGIN with the insert, the key, then the COMMIT.
    expect(keyed).toBe(1);
    // The key was stored with the purchase: a replay creates nothing.
    const replay = await player.request('POST', '/api/purchase-requests', CART, { 'Idempotency-Key': key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await player.get('/api/user-purchase-requests/round_tripper')).body).toHaveLength(26);
  });
});

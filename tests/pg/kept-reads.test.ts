import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CART, signUp } from '../api/helpers';
import pg from 'pg';
import { freshDatabase, whileClusterQuiet } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';

// Issue 32: on PostgreSQL a round trip costs more than SQLite's whole query. A player's repeated read of their list
// costs one short statement (is the database's snapshot still the one the list was read under?) instead of reading
// the list again; the session is read from the database on every call (issue 46, DESIGN.md §12).
describe('reads kept on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let server: TestServer;
  let watcher: pg.Client;
  beforeAll(async () => {
    database = await freshDatabase(inject('postgresUrl'));
    server = await startTestServer({ databaseUrl: database.url });
    watcher = new pg.Client({ connectionString: database.url });
    await watcher.connect();
  }, 60_000);
  afterAll(async () => {
    await watcher?.end();
    await server?.close();
    await database?.drop();
  });

  /** Connections taken from the pool while `call` runs: one per statement outside a transaction. */
  async function statementsOf(call: () => Promise<unknown>): Promise<number> {
    const pool = server.engine.pool!;
    let taken = 0;
    const count = () => (taken += 1);
    pool.on('acquire', count);
    try {
      await call();
    } finally {
      pool.off('acquire', count);
    }
    return taken;
  }

  it('when a player reads their list again with nothing written since, then it costs the session and one statement; after a purchase, the list is read afresh', async () => {
    const player = await signUp(server, 'kept_reader');
    expect((await player.post('/api/purchase-requests', CART)).status).toBe(201);
    const first = await player.get('/api/user-purchase-requests/kept_reader');
    expect(first.body).toHaveLength(1);
    // Judged while no commit anywhere in the cluster moved the snapshot (tests/support/postgres.ts): the read before
    // primes the kept list under the snapshot the counted read then finds.
    await whileClusterQuiet(watcher, async () => {
      await player.get('/api/user-purchase-requests/kept_reader');
      const again = await statementsOf(async () => {
        const answer = await player.get('/api/user-purchase-requests/kept_reader');
        expect(answer.body).toEqual(first.body);
      });
      // The session with its user, then the snapshot's check (the list is not read again).
      expect(again).toBe(2);
    });
    expect((await player.post('/api/purchase-requests', CART)).status).toBe(201);
    expect((await player.get('/api/user-purchase-requests/kept_reader')).body).toHaveLength(2);
  });
});

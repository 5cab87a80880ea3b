import { describe, expect, it } from 'vitest';
import { useMigratedPostgres } from '../support/migrated-postgres';
import { sql } from 'kysely';
import { postgresEngine } from '../../server/db/postgres';
import type { Tx } from '../../server/db/scope';

// Issue 46: transactions are Kysely's own (no subclass of the driver's internals); what they must still do.
describe('PostgreSQL transactions', () => {
  const world = useMigratedPostgres(2);

  const user = (name: string) => ({
    username: name,
    password_hash: 'x',
    is_admin: 0,
    is_super_admin: 0,
    created_at: '2026-01-01T00:00:00.000Z',
  });
  const insert = (tx: Tx, name: string) => tx.kysely().insertInto('users').values(user(name)).execute();

  it('when a change asks for READ COMMITTED, then its transaction runs at that level, and every other at SERIALIZABLE', async () => {
    const level = async (tx: Tx) =>
      (await sql<{ level: string }>`SELECT current_setting('transaction_isolation') AS level`.execute(tx.kysely())).rows[0].level;
    const isolation = (tx: Tx) => tx.run(async (open) => [await level(open), await open.readCommitted().run((joined) => level(joined))]);
    expect(await isolation(world.engine.tx)).toEqual(['serializable', 'serializable']);
    expect(await isolation(world.engine.tx.readCommitted())).toEqual(['read committed', 'read committed']);
    expect(await isolation(world.engine.tx.readCommitted().readCommitted())).toEqual(['read committed', 'read committed']);
  });

  it('when a transaction mixes compiled and built queries, then both run on its one connection; one whose connection died is not returned to the pool', async () => {
    const wide = postgresEngine(world.database.url, 2);
    try {
      const count = (tx: Tx) =>
        tx.execute<{ n: number }>(
          sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE username LIKE 'mixed-%'`.compile(tx.kysely()),
        );
      await wide.tx.run(async (tx) => {
        await tx.execute(tx.kysely().insertInto('users').values(user('mixed-a')).compile());
        await tx.kysely().insertInto('users').values(user('mixed-b')).execute();
        // Both inserts are this transaction's, seen inside it and not yet outside.
        expect((await count(tx)).rows[0].n).toBe(2);
        expect((await tx.kysely().selectFrom('users').select('id').where('username', 'like', 'mixed-%').execute()).length).toBe(2);
        expect((await count(wide.tx)).rows[0].n).toBe(0);
      });
      expect((await count(wide.tx)).rows[0].n).toBe(2);

      // The transaction's backend is ended under it: its rollback fails, the call fails with the transaction's own
      // error, and the next transactions run on live connections.
      await expect(
        wide.tx.run(async (tx) => {
          await tx.kysely().insertInto('users').values(user('mixed-lost')).execute();
          const pid = (await tx.execute<{ pid: number }>(sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.compile(tx.kysely()))).rows[0]
            .pid;
          await world.engine.pool!.query('SELECT pg_terminate_backend($1::int)', [pid]);
          // Gone before the transaction goes on (a signal the backend had not acted on yet let its ROLLBACK through).
          while ((await world.engine.pool!.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount)
            await new Promise((resolve) => setTimeout(resolve, 10));
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      for (let i = 0; i < 4; i++) expect((await wide.tx.run((tx) => count(tx))).rows[0].n).toBe(2);
    } finally {
      await wide.close();
    }
  });

  it('when a transaction fails, then nothing of it is committed and nothing waiting for its commit runs; its notes before the commit run inside it', async () => {
    const told: string[] = [];
    await expect(
      world.engine.tx.run(async (tx) => {
        await insert(tx, 'rolled-back');
        tx.afterCommit(() => told.push('after'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await world.engine.tx.run(async (tx) => {
      await insert(tx, 'committed');
      tx.beforeCommit(async (inside) => {
        // Still inside: the transaction sees its row, another connection not yet.
        const count = (db: Tx) =>
          sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE username = 'committed'`.execute(db.kysely());
        told.push(`before:${(await count(inside)).rows[0].n}:${(await count(world.engine.tx)).rows[0].n}`);
      });
      tx.afterCommit(() => told.push('after'));
    });
    expect(told).toEqual(['before:1:0', 'after']);
    const names = await world.engine.kysely
      .selectFrom('users')
      .select('username')
      .where('username', 'in', ['rolled-back', 'committed'])
      .execute();
    expect(names.map((row) => row.username)).toEqual(['committed']);
  });
});

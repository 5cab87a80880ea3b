import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type pg from 'pg';
import { sql } from 'kysely';
import type { Engine } from '../../server/db/engine';
import { postgresEngine } from '../../server/db/postgres';
import type { Tx } from '../../server/db/scope';
import { migratePostgres } from '../../server/db/migrate';
import { freshDatabase, roundTripCounter } from '../support/postgres';

/** What PostgreSQL sends a one-connection pool's connection from now until `stop()`, each message as `named` names it. */
async function wireLog(pool: pg.Pool, named: Record<string, (message: { text: string }) => string>) {
  const client = await pool.connect();
  const wire = (client as unknown as { connection: NodeJS.EventEmitter }).connection;
  client.release();
  const seen: string[] = [];
  const listeners = Object.entries(named).map(([event, name]) => [event, (message: { text: string }) => seen.push(name(message))] as const);
  for (const [event, listener] of listeners) wire.on(event, listener);
  return {
    seen,
    stop: () => {
      for (const [event, listener] of listeners) wire.off(event, listener);
    },
  };
}

// Issue 32: a statement PostgreSQL parses and plans on every call costs more than running it; the pool's connections
// prepare each statement once. One connection, so what it prepared is what the next query sees.
describe('PostgreSQL statements and transactions', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let engine: Engine;
  beforeAll(async () => {
    database = await freshDatabase(inject('postgresUrl'));
    engine = postgresEngine(database.url, 1);
    await migratePostgres(engine.pool!);
  });
  afterAll(async () => {
    await engine.close();
    await database.drop();
  });

  const user = (name: string) => ({
    username: name,
    password_hash: 'x',
    is_admin: 0,
    is_super_admin: 0,
    created_at: '2026-01-01T00:00:00.000Z',
  });
  const insert = (tx: Tx, name: string) => tx.kysely().insertInto('users').values(user(name)).execute();

  const prepared = async () =>
    (await engine.pool!.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements', [])).rows.map((row) => row.statement);

  it('when statements run through the pool, with or without values, then each is prepared once and transaction control is not', async () => {
    const pool = engine.pool!;
    // pool.query hands the connection a callback (the live notes' pg_notify go this way).
    expect((await pool.query<{ n: number }>('SELECT $1::int + 1 AS n', [41])).rows[0].n).toBe(42);
    expect((await pool.query<{ n: number }>('SELECT $1::int + 1 AS n', [1])).rows[0].n).toBe(2);
    // No values (the admins' push subscriptions were planned on every purchase).
    await pool.query('SELECT count(*) AS n FROM pg_class WHERE relkind = 1::"char"', []);
    await engine.tx.run(async (tx) => {
      await tx.kysely().selectFrom('users').select('id').execute();
    });
    const statements = await prepared();
    expect(statements).toContain('SELECT $1::int + 1 AS n');
    expect(statements).toContain('SELECT count(*) AS n FROM pg_class WHERE relkind = 1::"char"');
    expect(statements).toContain('select "id" from "users"');
    expect(statements.filter((text) => text === 'SELECT $1::int + 1 AS n')).toHaveLength(1);
    expect(statements.some((text) => /^(start transaction|begin|commit)/i.test(text))).toBe(false);
  });

  it('when a change asks for READ COMMITTED, then its transaction runs at that level, and every other at SERIALIZABLE', async () => {
    const level = async (tx: Tx) =>
      (await sql<{ level: string }>`SELECT current_setting('transaction_isolation') AS level`.execute(tx.kysely())).rows[0].level;
    const isolation = (tx: Tx) => tx.run(async (open) => [await level(open), await open.readCommitted().run((joined) => level(joined))]);
    expect(await isolation(engine.tx)).toEqual(['serializable', 'serializable']);
    expect(await isolation(engine.tx.readCommitted())).toEqual(['read committed', 'read committed']);
    expect(await isolation(engine.tx.readCommitted().readCommitted())).toEqual(['read committed', 'read committed']);
  });

  it('when a transaction runs a statement its connection prepared before, then the BEGIN goes with it in one round trip, and a failing statement still rolls back', async () => {
    const pool = engine.pool!;
    const trips = await roundTripCounter(engine.pool!);
    const change = (name: string) =>
      engine.tx.run(async (tx) => {
        await insert(tx, `${name}-a`);
        await insert(tx, `${name}-b`);
      });
    await change('warm');
    trips.start();
    try {
      await change('counted');
      // BEGIN + first insert, second insert, COMMIT (it was four: BEGIN on its own).
      expect(trips.count()).toBe(3);
      // A statement that fails after the BEGIN it travelled with: the transaction rolls back whole.
      await expect(
        engine.tx.run(async (tx) => {
          await insert(tx, 'kept-out');
          await insert(tx, 'kept-out');
        }),
      ).rejects.toMatchObject({ code: '23505' });
      await expect(engine.tx.run((tx) => insert(tx, 'warm-a'))).rejects.toMatchObject({ code: '23505' });
    } finally {
      trips.stop();
    }
    const names = (
      await pool.query<{ username: string }>(
        "SELECT username FROM users WHERE username LIKE 'kept%' OR username LIKE 'counted%' ORDER BY username",
        [],
      )
    ).rows;
    expect(names.map((row) => row.username)).toEqual(['counted-a', 'counted-b']);
    // The connection is still usable outside a transaction.
    expect((await pool.query<{ n: number }>('SELECT $1::int + 1 AS n', [2])).rows[0].n).toBe(3);
  });

  it('when a transaction’s last statement goes with its COMMIT, then the whole change is one round trip, committed; a failing last statement or COMMIT commits nothing', async () => {
    const pool = engine.pool!;
    const trips = await roundTripCounter(engine.pool!);
    // A unique rule checked only at COMMIT: the COMMIT itself fails.
    await pool.query('CREATE TABLE IF NOT EXISTS at_commit (n integer CONSTRAINT at_commit_once UNIQUE DEFERRABLE INITIALLY DEFERRED)', []);
    /** The same insert as a compiled query, run through `execute` (as prepared statements are). */
    const insertLast = (tx: Tx, name: string) => tx.commitWith().execute(tx.kysely().insertInto('users').values(user(name)).compile());
    const told: string[] = [];
    const change = (name: string) =>
      engine.tx.run(async (tx) => {
        tx.afterCommit(() => told.push(name));
        await insertLast(tx, name);
      });
    await change('last-warm');
    trips.start();
    try {
      await change('last-counted');
      // BEGIN, the insert and the COMMIT: one round trip (it was two).
      expect(trips.count()).toBe(1);
      expect(told).toEqual(['last-warm', 'last-counted']);

      // The last statement fails: the earlier one is rolled back with it, and nothing is told.
      await expect(
        engine.tx.run(async (tx) => {
          tx.afterCommit(() => told.push('never'));
          await insert(tx, 'last-kept-out');
          await insertLast(tx, 'last-warm');
        }),
      ).rejects.toMatchObject({ code: '23505' });
      // The COMMIT fails (the deferred rule): the statement's own success does not count.
      await expect(
        engine.tx.run(async (tx) => {
          await insert(tx, 'last-kept-out-too');
          await tx.commitWith().execute(sql`INSERT INTO at_commit (n) VALUES (1), (1)`.compile(tx.kysely()));
        }),
      ).rejects.toMatchObject({ code: '23505' });
    } finally {
      trips.stop();
    }
    expect(told).toEqual(['last-warm', 'last-counted']);
    const names = (await pool.query<{ username: string }>("SELECT username FROM users WHERE username LIKE 'last-%' ORDER BY username", []))
      .rows;
    expect(names.map((row) => row.username)).toEqual(['last-counted', 'last-warm']);
    expect((await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM at_commit', [])).rows[0].n).toBe(0);

    // A statement after the last one is refused; the committed change stays (the caller's promise was broken).
    await expect(
      engine.tx.run(async (tx) => {
        await insertLast(tx, 'last-then-more');
        await insert(tx, 'last-too-late');
      }),
    ).rejects.toThrow('A statement ran after its transaction');
    const after = (await pool.query<{ username: string }>("SELECT username FROM users WHERE username LIKE 'last-t%' ORDER BY username", []))
      .rows;
    expect(after.map((row) => row.username)).toEqual(['last-then-more']);
    // The connection serves the next transaction as usual.
    await change('last-again');
    expect(told.at(-1)).toBe('last-again');
  });

  it('when a transaction mixes compiled and built queries, then both run on its one connection; one whose connection died is not returned to the pool', async () => {
    const wide = postgresEngine(database.url, 2);
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
          await engine.pool!.query('SELECT pg_terminate_backend($1::int)', [pid]);
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      for (let i = 0; i < 4; i++) expect((await wide.tx.run((tx) => count(tx))).rows[0].n).toBe(2);
    } finally {
      await wide.close();
    }
  });

  it('when a connection runs a statement again, then it does not ask for its columns again, and the rows still come typed', async () => {
    const pool = engine.pool!;
    const log = await wireLog(pool, { rowDescription: () => 'columns', noData: () => 'none' });
    const described = log.seen;
    try {
      const read = (n: number) => pool.query<{ n: number; name: string }>('SELECT $1::bigint * 2 AS n, $2::text AS name', [n, `x${n}`]);
      const write = (n: number) => pool.query('UPDATE users SET is_admin = 0 WHERE id = $1::int', [-n]);
      expect((await read(1)).rows).toEqual([{ n: 2, name: 'x1' }]);
      await write(1);
      expect(described).toEqual(['columns', 'none']);
      // Run again (and inside a transaction, with its BEGIN in front): no Describe, the same rows and fields.
      const again = await read(21);
      expect(again.rows).toEqual([{ n: 42, name: 'x21' }]);
      expect(again.fields.map((field) => field.name)).toEqual(['n', 'name']);
      await write(2);
      const inside = await engine.tx.run((tx) =>
        tx.execute<{ n: number; name: string }>(
          sql<{ n: number; name: string }>`SELECT ${5}::bigint * 2 AS n, ${'y'}::text AS name`.compile(tx.kysely()),
        ),
      );
      expect(inside.rows).toEqual([{ n: 10, name: 'y' }]);
      const insideAgain = await engine.tx.run((tx) =>
        tx.execute<{ n: number; name: string }>(
          sql<{ n: number; name: string }>`SELECT ${6}::bigint * 2 AS n, ${'z'}::text AS name`.compile(tx.kysely()),
        ),
      );
      expect(insideAgain.rows).toEqual([{ n: 12, name: 'z' }]);
      // The same statement text as `read`: the connection knew its columns already.
      expect(described).toEqual(['columns', 'none']);
    } finally {
      log.stop();
    }
  });

  it('when a READ COMMITTED transaction is one statement, then it runs alone, without BEGIN and COMMIT, committed whole or not at all', async () => {
    const pool = engine.pool!;
    const trips = await roundTripCounter(pool);
    const told: string[] = [];
    const one = (name: string, second = name) =>
      engine.tx.readCommitted().run(async (tx) => {
        tx.afterCommit(() => told.push(name));
        // Two rows in one statement: the second's unique violation undoes the first.
        await tx.commitWith().execute(
          tx
            .kysely()
            .insertInto('users')
            .values([user(name), user(second)])
            .compile(),
        );
      });
    await one('alone-warm', 'alone-warm-2');
    const log = await wireLog(pool, { commandComplete: (message) => message.text.split(' ')[0] });
    const completed = log.seen;
    trips.start();
    try {
      await one('alone-a', 'alone-b');
      expect(completed).toEqual(['INSERT']);
      expect(trips.count()).toBe(1);
      await expect(one('alone-c', 'alone-a')).rejects.toMatchObject({ code: '23505' });
      // A SERIALIZABLE one still carries its BEGIN and COMMIT.
      await engine.tx.run((tx) => tx.commitWith().execute(tx.kysely().insertInto('users').values(user('alone-serial')).compile()));
      expect(completed).toEqual(['INSERT', 'START', 'INSERT', 'COMMIT']);
    } finally {
      trips.stop();
      log.stop();
    }
    expect(told).toEqual(['alone-warm', 'alone-a']);
    const names = (await pool.query<{ username: string }>("SELECT username FROM users WHERE username LIKE 'alone-%' ORDER BY username", []))
      .rows;
    expect(names.map((row) => row.username)).toEqual(['alone-a', 'alone-b', 'alone-serial', 'alone-warm', 'alone-warm-2']);
    // Nothing was left open on the pool's one connection (an aborted transaction would refuse this, an open one have an id).
    expect((await pool.query<{ open: boolean }>('SELECT pg_current_xact_id_if_assigned() IS NOT NULL AS open', [])).rows[0].open).toBe(
      false,
    );
  });
});

import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { postgresPool } from '../../server/db/postgres';
import { migratePostgres } from '../../server/db/migrate';
import { freshDatabase } from '../support/postgres';
import { migratedLines, STORED_LINES, UNPRICED_LINES } from '../../server/db/purchase-lines.fixture';
import { IMMEDIATE_AFTER, IMMEDIATE_READS, IMMEDIATE_WRITES, OLD_IMMEDIATE_ROWS } from '../../server/db/immediate.fixture';

describe('PostgreSQL migrations', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const pools: ReturnType<typeof postgresPool>[] = [];
  beforeAll(async () => {
    database = await freshDatabase(inject('postgresUrl'));
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await database.drop();
  });
  const pool = () => {
    const made = postgresPool(database.url, 2);
    pools.push(made);
    return made;
  };
  const ALL = path.join(import.meta.dirname, '../../server/db/migrations/postgres');
  /** Runs `use` on a new database at the schema of the migrations before `name`; `migrateAll` applies the rest. */
  async function beforeMigration(name: string, use: (db: Pool, migrateAll: () => Promise<string[]>) => Promise<void>) {
    const before = await freshDatabase(inject('postgresUrl'));
    const db = postgresPool(before.url, 2);
    const upTo = mkdtempSync(path.join(tmpdir(), 'pg-migrations-'));
    try {
      for (const file of readdirSync(ALL).filter((file) => file < name)) cpSync(path.join(ALL, file), path.join(upTo, file));
      await migratePostgres(db, upTo);
      await use(db, () => migratePostgres(db, ALL));
    } finally {
      rmSync(upTo, { recursive: true, force: true });
      await db.end();
      await before.drop();
    }
  }

  it('when two processes start at once, then every migration is applied exactly once and recorded', async () => {
    const files = readdirSync(path.join(import.meta.dirname, '../../server/db/migrations/postgres'))
      .filter((file) => file.endsWith('.sql'))
      .sort();
    expect(files.length).toBeGreaterThan(1);
    const [first, second] = await Promise.all([migratePostgres(pool()), migratePostgres(pool())]);
    const all = [...first, ...second].sort();
    expect(all).toEqual(files);
    expect(await migratePostgres(pool())).toEqual([]);
    const recorded = await pool().query('SELECT name FROM schema_migrations ORDER BY name');
    expect(recorded.rows.map((row) => row.name)).toEqual(files);
  });

  it('when the schema is in place, then names are unique regardless of case, money is exact and the ledger is append-only and never negative', async () => {
    const db = pool();
    await db.query("INSERT INTO users (username, created_at) VALUES ('Sam', 'x')");
    await expect(db.query("INSERT INTO users (username, created_at) VALUES ('sAM', 'x')")).rejects.toThrow(/duplicate key/);
    const found = await db.query("SELECT id FROM users WHERE username = 'SAM'");
    expect(found.rows).toEqual([{ id: expect.any(Number) }]);
    const userId = found.rows[0].id as number;

    await db.query(
      "INSERT INTO purchase_requests (requester_id, requester_name, total_cents, total_items, status, created_at) VALUES ($1, 'Sam', 30, 1, 'pending', 'x')",
      [userId],
    );
    // Money is whole cents (migration 016): sums and products are exact, and a negative total is refused.
    const price = await db.query('SELECT total_cents, total_cents * 3 AS tripled FROM purchase_requests');
    expect(price.rows[0]).toEqual({ total_cents: 30, tripled: 90 });
    await expect(db.query('UPDATE purchase_requests SET total_cents = -1')).rejects.toThrow(/total_cents_check/);

    await db.query("INSERT INTO credit_ledger (user_id, amount_cents, kind, cause, created_at) VALUES ($1, 500, 'missed-drop', 'a', 'x')", [
      userId,
    ]);
    await expect(
      db.query("INSERT INTO credit_ledger (user_id, amount_cents, kind, cause, created_at) VALUES ($1, -501, 'spent', 'b', 'x')", [userId]),
    ).rejects.toThrow('a credit balance cannot go below zero');
    await expect(
      db.query("INSERT INTO credit_ledger (user_id, amount_cents, kind, cause, created_at) VALUES ($1, 5, 'returned', 'a', 'x')", [userId]),
    ).rejects.toThrow(/duplicate key/);
    await expect(db.query('UPDATE credit_ledger SET amount_cents = 1')).rejects.toThrow('credit_ledger is append-only');
    await expect(db.query('DELETE FROM credit_ledger')).rejects.toThrow('credit_ledger is append-only');
    const balance = await db.query('SELECT sum(amount_cents)::bigint AS cents FROM credit_ledger');
    expect(balance.rows[0].cents).toBe(500);
  });

  it('when requests exist before migration 016, then each total is kept as its exact cents and the dollars column is gone', async () => {
    await beforeMigration('016', async (db, migrateAll) => {
      const user = await db.query("INSERT INTO users (username, created_at) VALUES ('Sam', 'x') RETURNING id");
      for (const dollars of ['2.99', '0.30', '1000000.00', '0.00'])
        await db.query(
          "INSERT INTO purchase_requests (requester_id, requester_name, items, total_price, total_items, status, created_at) VALUES ($1, 'Sam', '[]', $2, 1, 'pending', 'x')",
          [user.rows[0].id, dollars],
        );

      expect(await migrateAll()).toContain('016-money-in-cents.sql');

      const rows = await db.query('SELECT total_cents FROM purchase_requests ORDER BY id');
      expect(rows.rows.map((row) => row.total_cents)).toEqual([299, 30, 100_000_000, 0]);
      const columns = await db.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'purchase_requests'");
      expect(columns.rows.map((row) => row.column_name)).not.toContain('total_price');
    });
  });

  it('when requests hold their lines as JSON before migration 017, then each line becomes a row in order with its exact cents, and the JSON column is gone', async () => {
    await beforeMigration('017', async (db, migrateAll) => {
      const user = await db.query("INSERT INTO users (username, created_at) VALUES ('Sam', 'x') RETURNING id");
      const add = async (items: unknown[]) =>
        (
          await db.query(
            "INSERT INTO purchase_requests (requester_id, requester_name, items, total_cents, total_items, status, created_at) VALUES ($1, 'Sam', $2, 0, 1, 'pending', 'x') RETURNING id",
            [user.rows[0].id, JSON.stringify(items)],
          )
        ).rows[0].id as number;
      const [first, second] = [await add(STORED_LINES.first), await add(STORED_LINES.second)];
      await add([]);

      expect(await migrateAll()).toContain('017-purchase-lines.sql');

      const rows = await db.query(
        'SELECT request_id, position, item_id, name, category, unit_cents, quantity, subcategory, description FROM purchase_request_lines ORDER BY request_id, position',
      );
      expect(rows.rows).toEqual(migratedLines(first, second));
      const columns = await db.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'purchase_requests'");
      expect(columns.rows.map((row) => row.column_name)).not.toContain('items');
      await expect(db.query('UPDATE purchase_request_lines SET unit_cents = -1')).rejects.toThrow(/unit_cents_check/);
      // A request's lines go with it.
      await db.query('DELETE FROM purchase_requests WHERE id = $1', [first]);
      expect((await db.query('SELECT DISTINCT request_id FROM purchase_request_lines')).rows).toEqual([{ request_id: second }]);
    });
  });

  it("when drops, pickups and proposals were stored with the date 'Immediately' before migrations 051 and 052, then the flag says so and the date is NULL", async () => {
    await beforeMigration('051', async (db, migrateAll) => {
      for (const statement of OLD_IMMEDIATE_ROWS) await db.query(statement);

      expect(await migrateAll()).toEqual(expect.arrayContaining(['051-immediate-flag.sql', '052-immediate-pickups-proposals.sql']));

      for (const [name, query] of Object.entries(IMMEDIATE_READS))
        expect((await db.query(query)).rows, name).toEqual(IMMEDIATE_AFTER[name as keyof typeof IMMEDIATE_READS]);
      for (const statement of IMMEDIATE_WRITES.accepted) await db.query(statement);
      await expect(db.query(IMMEDIATE_WRITES.refused)).rejects.toThrow(/proposals_one_open/);
    });
  });

  it('when a stored price is not a price text before migration 017, then the migration fails and keeps the JSON, rather than storing the line at $0.00', async () => {
    await beforeMigration('017', async (db, migrateAll) => {
      const user = await db.query("INSERT INTO users (username, created_at) VALUES ('Sam', 'x') RETURNING id");
      await db.query(
        "INSERT INTO purchase_requests (requester_id, requester_name, items, total_cents, total_items, status, created_at) VALUES ($1, 'Sam', $2, 0, 1, 'pending', 'x')",
        [user.rows[0].id, JSON.stringify(UNPRICED_LINES)],
      );

      await expect(migrateAll()).rejects.toThrow(/017-purchase-lines.sql failed: invalid input syntax for type numeric/);
      expect((await db.query('SELECT items FROM purchase_requests')).rows[0].items).toContain('TBD');
    });
  });

  it('when PostgreSQL closes an idle pooled connection, then the pool reports it, the process goes on and the next query works', async () => {
    const seen: Error[] = [];
    const db = postgresPool(database.url, 2, (error) => seen.push(error));
    pools.push(db);
    const client = await db.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    client.release();
    // An administrator (or a restart) ends that backend while it sits idle in the pool.
    await pool().query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
    await expect.poll(() => seen.length).toBe(1);
    expect((seen[0] as Error & { code?: string }).code).toBe('57P01');
    expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});

import { describe, expect, it } from 'vitest';
import { useMigratedPostgres } from '../support/migrated-postgres';
import { runExclusive } from '../../server/db/postgres';

/** A job's work: one query on the pool, as the real jobs' queries are. */
const QUERY = 'SELECT 1 AS one';

describe('background jobs on PostgreSQL: one process at a time runs each, on a connection of its own', { timeout: 20_000 }, () => {
  // The smallest pool: the job's lock must not take the one connection its own queries need.
  const world = useMigratedPostgres(1);

  it('when the pool has one connection, then a job whose work queries it runs, and so do two jobs at once', async () => {
    const pool = world.engine.pool!;
    const work = async () => (await pool.query<{ one: number }>(QUERY)).rows[0].one;
    expect(await runExclusive(world.database.url, 'test:alone', work)).toBe(1);
    expect(await Promise.all([runExclusive(world.database.url, 'test:a', work), runExclusive(world.database.url, 'test:b', work)])).toEqual(
      [1, 1],
    );
    expect(pool.totalCount).toBeLessThanOrEqual(1);
  });

  it('when a job of the same name is running, then another does not run it; once it ends, the name is free', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = runExclusive(world.database.url, 'test:once', async () => {
      started();
      await held;
      return 'first';
    });
    await running;
    let ran = false;
    expect(await runExclusive(world.database.url, 'test:once', async () => void (ran = true))).toBeNull();
    expect(ran).toBe(false);
    // The lock is held by the job's own connection, not by one of the pool's.
    const holders = await world.engine.pool!.query<{ application_name: string }>(
      `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted AND a.datname = current_database()`,
    );
    expect(holders.rows.map((row) => row.application_name)).toEqual(['blockspin_job']);
    release();
    expect(await first).toBe('first');
    expect(await runExclusive(world.database.url, 'test:once', async () => 'again')).toBe('again');
    // Its connection is closed with it.
    await expect
      .poll(
        async () =>
          (
            await world.engine.pool!.query(
              `SELECT 1 FROM pg_stat_activity WHERE application_name = 'blockspin_job' AND datname = current_database()`,
            )
          ).rowCount,
      )
      .toBe(0);
  });
});

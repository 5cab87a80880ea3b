import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMigratedPostgres } from '../support/migrated-postgres';
import pg from 'pg';
import { postgresReadCache, type ReadCache } from '../../server/db/read-cache';
import { whileClusterQuiet } from '../support/postgres';

// Issue 32: lists are kept with the snapshot they were read under and served while no transaction has committed since,
// in this process or any other (here: another connection, as another process would be).
describe('PostgreSQL read cache', () => {
  const world = useMigratedPostgres(4);
  let other: pg.Client;
  let watcher: pg.Client;
  let cache: ReadCache;
  let reads = 0;
  const list = async () => {
    reads += 1;
    const { rows } = await world.engine.pool!.query<{ v: string }>('SELECT v FROM cached ORDER BY id', []);
    return JSON.stringify(rows.map((row) => row.v));
  };
  const get = () => cache.get('list', list, world.engine.tx);
  const whileQuiet = (step: () => Promise<void>) => whileClusterQuiet(watcher, step);
  /** Two reads with no commit anywhere between them: the second is the first's text, from memory. */
  const servedFromMemory = (expected: string) =>
    whileQuiet(async () => {
      expect(await get()).toBe(expected);
      const taken = reads;
      expect(await get()).toBe(expected);
      expect(reads).toBe(taken);
    });

  beforeAll(async () => {
    await world.engine.pool!.query("CREATE TABLE cached (id serial PRIMARY KEY, v text); INSERT INTO cached (v) VALUES ('a')");
    other = new pg.Client({ connectionString: world.database.url });
    await other.connect();
    watcher = new pg.Client({ connectionString: world.database.url });
    await watcher.connect();
  });
  afterAll(async () => {
    await other?.end();
    await watcher?.end();
  });

  it('when nothing commits between two reads, then the second is served from memory; any commit elsewhere reads again', async () => {
    cache = postgresReadCache(world.engine.pool!);
    reads = 0;
    await servedFromMemory('["a"]');
    // Another process's commit to a table the list does not read still moves the snapshot: read again (safe side).
    await other.query("INSERT INTO users (username, password_hash, is_admin, is_super_admin, created_at) VALUES ('x', 'x', 0, 0, '')");
    let taken = reads;
    expect(await get()).toBe('["a"]');
    expect(reads).toBe(taken + 1);
    await other.query("INSERT INTO cached (v) VALUES ('b')");
    taken = reads;
    expect(await get()).toBe('["a","b"]');
    expect(reads).toBe(taken + 1);
    await servedFromMemory('["a","b"]');
  });

  it('when several reads arrive in the same turn, then they share one snapshot statement', async () => {
    cache = postgresReadCache(world.engine.pool!);
    await whileQuiet(async () => {
      reads = 0;
      const kept = await get();
      let taken = 0;
      const count = () => (taken += 1);
      world.engine.pool!.on('acquire', count);
      try {
        expect(await Promise.all([get(), get(), get(), get(), get()])).toEqual(Array(5).fill(kept));
      } finally {
        world.engine.pool!.off('acquire', count);
      }
      expect(taken).toBe(1);
      expect(reads).toBe(1);
    });
  });

  it('when reads arrive over several turns while a snapshot statement is on its way, then they share the next one, taken after they arrived', async () => {
    // The first snapshot statement is held on its way until released.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let statements = 0;
    const gated = {
      query: async (...args: Parameters<pg.Pool['query']>) => {
        statements += 1;
        const first = statements === 1;
        const result = await (world.engine.pool!.query as (...rest: unknown[]) => Promise<unknown>)(...args);
        if (first) await held;
        return result;
      },
    } as unknown as pg.Pool;
    cache = postgresReadCache(gated);
    reads = 0;
    const first = get();
    const later: Array<Promise<string>> = [];
    for (let turn = 0; turn < 4; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
      later.push(get());
    }
    // A commit answered before a read was made is in that read's snapshot, though an older statement is on its way.
    await other.query("INSERT INTO cached (v) VALUES ('grouped')");
    later.push(get());
    release();
    const lists = await Promise.all([first, ...later]);
    expect(JSON.parse(lists[5])).toContain('grouped');
    // One statement per turn before: six.
    expect(statements).toBe(2);
  });

  it('when a transaction that was running while the list was kept commits later, then the list is read again', async () => {
    cache = postgresReadCache(world.engine.pool!);
    reads = 0;
    await other.query('BEGIN');
    await other.query("INSERT INTO cached (v) VALUES ('c')");
    const before = await get();
    expect(JSON.parse(before)).not.toContain('c');
    await servedFromMemory(before);
    await other.query('COMMIT');
    const taken = reads;
    expect(JSON.parse(await get())).toContain('c');
    expect(reads).toBe(taken + 1);
  });

  it('when a transaction rolls back, or a read runs inside a transaction, then nothing uncommitted is ever kept', async () => {
    cache = postgresReadCache(world.engine.pool!);
    reads = 0;
    const kept = await get();
    await world.engine.tx
      .run(async (tx) => {
        await tx
          .kysely()
          .insertInto('users')
          .values({ username: 'rolled', password_hash: 'x', is_admin: 0, is_super_admin: 0, created_at: '' })
          .execute();
        await world.engine.pool!.query("INSERT INTO cached (v) VALUES ('committed')", []);
        // Inside a transaction the cache is not used, and what it reads is not kept.
        const inside = await cache.get('list', list, tx);
        expect(JSON.parse(inside)).toContain('committed');
        return tx.run(async () => {
          throw new Error('roll back');
        });
      })
      .catch(() => {});
    const after = await get();
    expect(after).not.toBe(kept);
    expect(JSON.parse(after)).toContain('committed');
    expect(reads).toBe(3);
    await servedFromMemory(after);
    // Without the scope the read runs in, the cache is not used either.
    const taken = reads;
    expect(await cache.get('list', list)).toBe(after);
    expect(reads).toBe(taken + 1);
  });
});

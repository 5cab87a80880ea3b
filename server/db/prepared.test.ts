import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from './connection';
import { sqliteEngine } from './sqlite';
import type { Engine } from './engine';
import { migrate } from './migrate';
import { prepared } from './prepared';

let dir = '';
let sqlite: Db | null = null;

function open(): Engine {
  dir = mkdtempSync(path.join(os.tmpdir(), 'prepared-'));
  sqlite = openDatabase(dir);
  migrate(sqlite);
  return sqliteEngine(sqlite);
}

afterEach(() => {
  sqlite?.close();
  rmSync(dir, { recursive: true, force: true });
});

const user = (username: string) => ({ username, password_hash: null, is_admin: 0, is_super_admin: 0, created_at: '2026-01-01' });

describe('prepared', () => {
  it('when run several times, then it is built once and each run binds its own values', async () => {
    const { tx } = open();
    const insert = prepared((db, p: { username: string }) =>
      db
        .insertInto('users')
        .values({ username: p.username, password_hash: null, is_admin: 0, is_super_admin: 0, created_at: '2026-01-01' }),
    );
    const byName = prepared(
      (_db, p: { username: string }) =>
        sql<{ id: number; username: string }>`SELECT id, username FROM users WHERE username = ${p.username}`,
    );
    const build = vi.fn((db: Engine['kysely'], p: { username: string }) =>
      db.selectFrom('users').select('username').where('username', '=', p.username),
    );
    const counted = prepared(build);
    await insert(tx, { username: 'ann' });
    await insert(tx, { username: 'bob' });
    expect((await byName(tx, { username: 'bob' })).rows).toEqual([{ id: 2, username: 'bob' }]);
    expect((await byName(tx, { username: 'ann' })).rows).toEqual([{ id: 1, username: 'ann' }]);
    expect((await byName(tx, { username: 'cat' })).rows).toEqual([]);
    expect((await counted(tx, { username: 'ann' })).rows).toEqual([{ username: 'ann' }]);
    expect((await counted(tx, { username: 'bob' })).rows).toEqual([{ username: 'bob' }]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('when marked first, then a read answers its first row only, inside a transaction and outside one', async () => {
    const { tx } = open();
    const insert = prepared((db, p: { username: string }) => db.insertInto('users').values(user(p.username)));
    const all = prepared((db) => db.selectFrom('users').select('username').orderBy('id'));
    const first = prepared((db) => db.selectFrom('users').select('username').orderBy('id'), { first: true });
    expect((await first(tx, {})).rows).toEqual([]);
    await insert(tx, { username: 'ann' });
    await insert(tx, { username: 'bob' });
    expect((await all(tx, {})).rows).toEqual([{ username: 'ann' }, { username: 'bob' }]);
    expect((await first(tx, {})).rows).toEqual([{ username: 'ann' }]);
    expect(await tx.run(async (open) => (await first(open, {})).rows)).toEqual([{ username: 'ann' }]);
  });

  it('when run inside a transaction, then it writes in that transaction (a rollback takes it back)', async () => {
    const engine = open();
    const insert = prepared((db, p: { username: string }) => db.insertInto('users').values(user(p.username)));
    await expect(
      engine.tx.run(async (tx) => {
        await insert(tx, { username: 'kept-out' });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const count = await engine.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('when values are constants in the query, then they stay bound as compiled', async () => {
    const { tx } = open();
    const insert = prepared((db, p: { username: string }) =>
      db
        .insertInto('users')
        .values({ username: p.username, password_hash: 'fixed', is_admin: 1, is_super_admin: 0, created_at: '2026-02-02' }),
    );
    await insert(tx, { username: 'dee' });
    expect(await tx.kysely().selectFrom('users').select(['username', 'password_hash', 'is_admin', 'created_at']).execute()).toEqual([
      { username: 'dee', password_hash: 'fixed', is_admin: 1, created_at: '2026-02-02' },
    ]);
  });
});

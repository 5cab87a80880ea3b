import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './connection';
import { sqliteEngine } from './sqlite';
import type { Engine } from './engine';
import type { Tx } from './scope';
import { migrate } from './migrate';

const dirs: string[] = [];
const opened: Db[] = [];

function open(dir = mkdtempSync(path.join(os.tmpdir(), 'engine-'))): { dir: string; engine: Engine } {
  if (!dirs.includes(dir)) dirs.push(dir);
  const sqlite = openDatabase(dir);
  migrate(sqlite);
  opened.push(sqlite);
  return { dir, engine: sqliteEngine(sqlite) };
}

const addUser = (tx: Tx, username: string) =>
  tx
    .kysely()
    .insertInto('users')
    .values({ username, password_hash: 'x', is_admin: 0, is_super_admin: 0, created_at: '2026-01-01T00:00:00.000Z' })
    .execute();

const countUsers = async (engine: Engine) =>
  Number(
    (
      await engine.kysely
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

afterEach(async () => {
  for (const db of opened.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite engine', () => {
  it('when a transaction is open across awaits, then a query from another call waits for its commit', async () => {
    const { engine } = open();
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const writing = engine.tx.run(async (tx) => {
      await addUser(tx, 'first');
      await paused;
      await addUser(tx, 'second');
    });
    const seen = countUsers(engine);
    let answered = false;
    void seen.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    release();
    await writing;
    expect(await seen).toBe(2);
  });

  it('when a transaction fails, then nothing it wrote stays and the next call runs', async () => {
    const { engine } = open();
    await expect(
      engine.tx.run(async (tx) => {
        await addUser(tx, 'kept-out');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await countUsers(engine)).toBe(0);
    await addUser(engine.tx, 'after');
    expect(await countUsers(engine)).toBe(1);
  });

  it('when a transaction calls run again, then it joins the open one; after the last closes, queries run on their own again', async () => {
    const { engine } = open();
    const { tx } = engine;
    expect(tx.inTransaction()).toBe(false);
    await expect(
      tx.run(async (tx) => {
        await addUser(tx, 'outer');
        await tx.run(async (tx) => {
          expect(tx.inTransaction()).toBe(true);
          await addUser(tx, 'inner');
        });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // The inner call joined the outer transaction, so the rollback took both rows back.
    expect(await countUsers(engine)).toBe(0);
    // Transactions that overlap (the second waits for the first's lock) each keep their own.
    const first = tx.run(async (tx) => {
      await addUser(tx, 'first');
      await new Promise((resolve) => setTimeout(resolve, 5));
      return tx.inTransaction();
    });
    const second = tx.run(async (tx) => {
      await addUser(tx, 'second');
      return tx.inTransaction();
    });
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(tx.inTransaction()).toBe(false);
    expect(tx.kysely()).toBe(engine.kysely);
    expect(await countUsers(engine)).toBe(2);
  });
});

import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './connection';
import { migrate } from './migrate';

const MIGRATIONS = path.join(import.meta.dirname, 'migrations', 'sqlite');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A database at the schema of the migrations before `name`; `migrate(db, MIGRATIONS)` applies the rest. */
function databaseBefore(name: string): Db {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'migrate-'));
  const upTo = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  dirs.push(dataDir, upTo);
  for (const file of readdirSync(MIGRATIONS).filter((f) => f < name)) cpSync(path.join(MIGRATIONS, file), path.join(upTo, file));
  const db = openDatabase(dataDir);
  migrate(db, upTo);
  return db;
}

describe('migration 020 (credit adjustments)', () => {
  it('when the ledger has entries, then the rebuilt ledger keeps them, accepts an adjustment and is still append-only and never negative', () => {
    const db = databaseBefore('020');
    db.prepare("INSERT INTO users (id, username, created_at) VALUES (1, 'sam', 'x')").run();
    const add = db.prepare(
      "INSERT INTO credit_ledger (user_id, amount_cents, kind, reason, cause, created_at, created_by) VALUES (1, ?, ?, ?, ?, 'x', ?)",
    );
    add.run(113, 'missed-drop', null, 'promise:1', null);
    expect(() => add.run(50, 'adjustment', 'Goodwill', 'adjustment:before', 'boss')).toThrow(/CHECK/);

    expect(migrate(db, MIGRATIONS)).toContain('020-credit-adjustments.sql');
    expect(db.prepare('SELECT id, amount_cents, kind, cause FROM credit_ledger').all()).toEqual([
      { id: 1, amount_cents: 113, kind: 'missed-drop', cause: 'promise:1' },
    ]);
    add.run(50, 'adjustment', 'Goodwill', 'adjustment:1', 'boss');
    add.run(-163, 'adjustment', 'Taken back', 'adjustment:2', 'boss');
    expect(() => add.run(-1, 'adjustment', 'Below zero', 'adjustment:3', 'boss')).toThrow(/below zero/);
    expect(() => add.run(1, 'gift', null, 'gift:1', null)).toThrow(/CHECK/);
    expect(() => add.run(5, 'adjustment', 'Again', 'adjustment:1', 'boss')).toThrow(/UNIQUE/);
    expect(() => db.prepare('UPDATE credit_ledger SET amount_cents = 1').run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM credit_ledger').run()).toThrow(/append-only/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO credit_ledger (user_id, amount_cents, kind, cause, created_at) VALUES (99, 5, 'adjustment', 'adjustment:5', 'x')",
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
    expect(
      db
        .prepare("SELECT name FROM sqlite_master WHERE tbl_name = 'credit_ledger' AND type IN ('index', 'trigger') ORDER BY name")
        .pluck()
        .all(),
    ).toEqual([
      'credit_ledger_never_negative',
      'credit_ledger_no_delete',
      'credit_ledger_no_update',
      'credit_ledger_user',
      'sqlite_autoindex_credit_ledger_1',
    ]);
    db.close();
  });
});

describe('migration 021 (last sign-in)', () => {
  it('when sessions exist, then each user gets their newest, and every new session moves it forward (never back)', () => {
    const db = databaseBefore('021');
    db.prepare("INSERT INTO users (id, username, created_at) VALUES (1, 'sam', 'x'), (2, 'kim', 'x')").run();
    const session = db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)');
    session.run('a', 1, 1000, 1000);
    session.run('b', 1, 3000, 3000);

    expect(migrate(db, MIGRATIONS)).toContain('021-last-sign-in.sql');
    const lastSignIn = () => db.prepare('SELECT id, last_sign_in_at FROM users ORDER BY id').all();
    expect(lastSignIn()).toEqual([
      { id: 1, last_sign_in_at: 3000 },
      { id: 2, last_sign_in_at: null },
    ]);
    session.run('c', 2, 5000, 5000);
    session.run('d', 1, 2000, 2000);
    expect(lastSignIn()).toEqual([
      { id: 1, last_sign_in_at: 3000 },
      { id: 2, last_sign_in_at: 5000 },
    ]);
    db.close();
  });
});

import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './connection';
import { migrate } from './migrate';
import { migratedLines, STORED_LINES, UNPRICED_LINES } from './purchase-lines.fixture';
import { IMMEDIATE_AFTER, IMMEDIATE_READS, IMMEDIATE_WRITES, OLD_IMMEDIATE_ROWS } from './immediate.fixture';

const MIGRATIONS = path.join(import.meta.dirname, 'migrations', 'sqlite');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A database at the schema of the migrations before `name`, with the rest applied later by `migrate`. */
function databaseBefore(name: string): { db: Db; upTo: string; all: string } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'migrate-'));
  const upTo = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  dirs.push(dataDir, upTo);
  for (const file of readdirSync(MIGRATIONS).filter((f) => f < name)) cpSync(path.join(MIGRATIONS, file), path.join(upTo, file));
  const db = openDatabase(dataDir);
  migrate(db, upTo);
  return { db, upTo, all: MIGRATIONS };
}

describe('migration 004 (promises and credit)', () => {
  it('when records exist, then the rebuilt tables keep every row and every reference, and accept the new statuses', () => {
    const { db, all } = databaseBefore('004');
    db.prepare("INSERT INTO users (id, username, created_at) VALUES (1, 'sam', 'x')").run();
    db.prepare(
      "INSERT INTO purchase_requests (id, requester_id, requester_name, items, total_price, total_items, status, created_at, rejection_reason) VALUES (7, 1, 'sam', '[]', 4.5, 1, 'approved', 'x', null)",
    ).run();
    db.prepare(
      "INSERT INTO item_submissions (id, submitter_id, submitted_by, ps5_name, roblox_name, image_file, quantity, status, created_at) VALUES (3, 1, 'sam', 'AK-47', 'Weapons', 'a.jpg', 1, 'scheduled', 'x')",
    ).run();
    db.prepare(
      "INSERT INTO user_sell_requests (user_id, username, item_name, category, quantity, payment_method, status, submission_id, created_at) VALUES (1, 'sam', 'AK-47', 'weapons', 1, 'usd', 'pending', 3, 'x')",
    ).run();
    db.prepare(
      "INSERT INTO scheduled_pickups (id, submission_id, scheduled_date, scheduled_time, created_at) VALUES (5, 3, '1/2/2030', '4:00 PM', 'x')",
    ).run();

    expect(migrate(db, all)).toContain('004-promises-and-credit.sql');
    // (Migration 022 keeps the total in cents.)
    expect(db.prepare('SELECT id, total_cents, status, credit_applied_cents FROM purchase_requests').all()).toEqual([
      { id: 7, total_cents: 450, status: 'approved', credit_applied_cents: 0 },
    ]);
    expect(db.prepare('SELECT id, image_file, status FROM item_submissions').all()).toEqual([
      { id: 3, image_file: 'a.jpg', status: 'scheduled' },
    ]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    // The references still point at item_submissions (not at a renamed copy).
    const sql = db
      .prepare("SELECT sql FROM sqlite_master WHERE name IN ('user_sell_requests', 'scheduled_pickups')")
      .pluck()
      .all() as string[];
    for (const text of sql) expect(text).toMatch(/REFERENCES item_submissions \(id\)/);
    db.prepare("UPDATE purchase_requests SET status = 'cancelled' WHERE id = 7").run();
    db.prepare("UPDATE item_submissions SET status = 'cancelled' WHERE id = 3").run();
    expect(() => db.prepare('DELETE FROM item_submissions WHERE id = 3').run()).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('when ledger entries are written, then none can be changed or removed and the balance never goes below zero', () => {
    const { db, all } = databaseBefore('004');
    migrate(db, all);
    db.prepare("INSERT INTO users (id, username, created_at) VALUES (1, 'sam', 'x')").run();
    const add = db.prepare("INSERT INTO credit_ledger (user_id, amount_cents, kind, cause, created_at) VALUES (1, ?, ?, ?, 'x')");
    add.run(113, 'missed-drop', 'promise:1');
    expect(() => add.run(113, 'missed-drop', 'promise:1')).toThrow(/UNIQUE/);
    expect(() => add.run(-200, 'spent', 'spent:1')).toThrow(/below zero/);
    add.run(-113, 'spent', 'spent:2');
    expect(() => db.prepare('UPDATE credit_ledger SET amount_cents = 1').run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM credit_ledger').run()).toThrow(/append-only/);
    expect(db.prepare('SELECT SUM(amount_cents) FROM credit_ledger WHERE user_id = 1').pluck().get()).toBe(0);
    db.close();
  });
});

describe('migration 008 (ids never reused, tombstones)', () => {
  it('when an account was deleted before it, then its ledger entries and promises get a tombstone, and no id is handed out twice after it', () => {
    const { db, all } = databaseBefore('008');
    db.prepare("INSERT INTO users (id, username, created_at) VALUES (1, 'sam', 'x'), (2, 'kim', 'x')").run();
    db.prepare(
      "INSERT INTO credit_ledger (user_id, amount_cents, kind, cause, created_at) VALUES (2, 500, 'missed-drop', 'promise:1', 'x')",
    ).run();
    db.prepare(
      "INSERT INTO credit_ledger (user_id, amount_cents, kind, cause, created_at) VALUES (9, 300, 'missed-drop', 'promise:2', 'x')",
    ).run();
    db.prepare(
      "INSERT INTO promises (subject_type, subject_id, user_id, promised_at, deadline_at, created_at) VALUES ('pickup', 1, 8, 'x', 'x', 'x')",
    ).run();

    expect(migrate(db, all)).toContain('008-user-tombstones.sql');
    expect(db.prepare('SELECT id, username, deleted_at IS NOT NULL AS deleted FROM users ORDER BY id').all()).toEqual([
      { id: 1, username: 'sam', deleted: 0 },
      { id: 2, username: 'kim', deleted: 0 },
      { id: 8, username: '~8', deleted: 1 },
      { id: 9, username: '~9', deleted: 1 },
    ]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    // AUTOINCREMENT: the newest id is not handed out again once its row is gone.
    db.prepare('DELETE FROM users WHERE id = 1').run();
    const next = db.prepare("INSERT INTO users (username, created_at) VALUES ('new', 'x') RETURNING id").pluck().get();
    expect(next).toBe(10);
    // The ledger keeps its rules, and now its reference.
    expect(() => db.prepare('DELETE FROM credit_ledger').run()).toThrow(/append-only/);
    expect(() =>
      db
        .prepare("INSERT INTO credit_ledger (user_id, amount_cents, kind, cause, created_at) VALUES (77, 1, 'missed-drop', 'c', 'x')")
        .run(),
    ).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare('DELETE FROM users WHERE id = 2').run()).toThrow(/FOREIGN KEY/);
    db.close();
  });
});

describe('migration 022 (money in cents)', () => {
  it('when requests exist, then each total is kept as its exact cents and the dollars column is gone', () => {
    const { db, all } = databaseBefore('022');
    db.prepare("INSERT INTO users (id, username, created_at) VALUES (1, 'sam', 'x')").run();
    const add = db.prepare(
      "INSERT INTO purchase_requests (id, requester_id, requester_name, items, total_price, total_items, status, created_at) VALUES (?, 1, 'sam', '[]', ?, 1, 'pending', 'x')",
    );
    // Totals were stored rounded to cents, yet as REALs: 0.1 + 0.2 is 0.30000000000000004 and 19.99 × 100 is 1998.9999999999998.
    for (const [id, dollars] of [
      [1, 2.99],
      [2, 0.1 + 0.2],
      [3, 1_000_000],
      [4, 19.99],
      [5, 0],
    ])
      add.run(id, dollars);

    expect(migrate(db, all)).toContain('022-money-in-cents.sql');

    expect(db.prepare('SELECT id, total_cents FROM purchase_requests ORDER BY id').all()).toEqual([
      { id: 1, total_cents: 299 },
      { id: 2, total_cents: 30 },
      { id: 3, total_cents: 100_000_000 },
      { id: 4, total_cents: 1999 },
      { id: 5, total_cents: 0 },
    ]);
    const columns = db.prepare("SELECT name FROM pragma_table_info('purchase_requests')").pluck().all();
    expect(columns).not.toContain('total_price');
    expect(db.prepare('SELECT typeof(total_cents) FROM purchase_requests WHERE id = 1').pluck().get()).toBe('integer');
    expect(() => db.prepare('UPDATE purchase_requests SET total_cents = -1 WHERE id = 1').run()).toThrow(/CHECK/);
    db.close();
  });
});

describe("migration 023 (an order's lines as rows)", () => {
  const addRequest = (db: Db, id: number, items: unknown[]) =>
    db
      .prepare(
        "INSERT INTO purchase_requests (id, requester_id, requester_name, items, total_cents, total_items, status, created_at) VALUES (?, 1, 'sam', ?, 0, 1, 'pending', 'x')",
      )
      .run(id, JSON.stringify(items));

  it('when requests hold their lines as JSON, then each line becomes a row in order with its exact cents, and the JSON column is gone', () => {
    const { db, all } = databaseBefore('023');
    db.prepare("INSERT INTO users (id, username, created_at) VALUES (1, 'sam', 'x')").run();
    addRequest(db, 1, STORED_LINES.first);
    addRequest(db, 2, STORED_LINES.second);
    addRequest(db, 3, []);

    expect(migrate(db, all)).toContain('023-purchase-lines.sql');

    expect(db.prepare('SELECT * FROM purchase_request_lines ORDER BY request_id, position').all()).toEqual(migratedLines(1, 2));
    expect(db.prepare('SELECT DISTINCT typeof(unit_cents) FROM purchase_request_lines').pluck().all()).toEqual(['integer']);
    expect(db.prepare("SELECT name FROM pragma_table_info('purchase_requests')").pluck().all()).not.toContain('items');
    expect(() => db.prepare('UPDATE purchase_request_lines SET unit_cents = -1').run()).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO purchase_request_lines (request_id, position, item_id, name, category, unit_cents, quantity) VALUES (9, 0, 'a', 'b', 'c', 1, 1)",
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
    // A request's lines go with it.
    db.prepare('DELETE FROM purchase_requests WHERE id = 1').run();
    expect(db.prepare('SELECT DISTINCT request_id FROM purchase_request_lines').pluck().all()).toEqual([2]);
    db.close();
  });

  it('when a stored price is not a price text, then the migration stops and keeps the JSON, rather than storing the line at $0.00', () => {
    const { db, all } = databaseBefore('023');
    db.prepare("INSERT INTO users (id, username, created_at) VALUES (1, 'sam', 'x')").run();
    addRequest(db, 1, UNPRICED_LINES);

    expect(() => migrate(db, all)).toThrow(/NOT NULL constraint failed: purchase_request_lines.unit_cents/);
    expect(db.prepare('SELECT items FROM purchase_requests').pluck().get()).toContain('TBD');
    db.close();
  });
});

describe('migrations 051 and 052 (one "immediate": the flag)', () => {
  it("when drops, pickups and proposals were stored with the date 'Immediately', then the flag says so and the date is NULL", () => {
    const { db, all } = databaseBefore('051');
    for (const statement of OLD_IMMEDIATE_ROWS) db.prepare(statement).run();

    expect(migrate(db, all)).toEqual(expect.arrayContaining(['051-immediate-flag.sql', '052-immediate-pickups-proposals.sql']));

    for (const [name, query] of Object.entries(IMMEDIATE_READS))
      expect(db.prepare(query).all(), name).toEqual(IMMEDIATE_AFTER[name as keyof typeof IMMEDIATE_READS]);
    for (const statement of IMMEDIATE_WRITES.accepted) db.prepare(statement).run();
    expect(() => db.prepare(IMMEDIATE_WRITES.refused).run()).toThrow(/UNIQUE constraint failed/);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.close();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCents } from '../../../src/domain/money';
import { openDatabase, type Db } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { packedValues } from '../../db/read-values';
import type { Tables } from '../../db/tables';
import { LINE_COLUMNS, type PurchaseLine, toLineColumns, toLineValues, toPurchaseItem } from './lines';

const line = (overrides: Partial<PurchaseLine> = {}): PurchaseLine => ({
  itemId: 'gun-glock',
  name: 'Glock',
  category: 'Weapons',
  unitCents: asCents(299),
  quantity: 2,
  subcategory: null,
  description: null,
  ...overrides,
});

const values = (overrides: Partial<PurchaseLine> = {}) => toLineValues(line(overrides), 1);

describe('toPurchaseItem', () => {
  it("when a line has neither subcategory nor description, then the item is the five keys, the price its '$2.99' text", () => {
    const item = toPurchaseItem(values());
    expect(item).toEqual({ id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.99', quantity: 2 });
    expect(Object.keys(item)).toEqual(['id', 'name', 'category', 'price', 'quantity']);
  });

  it('when a line has a subcategory or a description (even empty), then the item has that key and no other', () => {
    expect(Object.keys(toPurchaseItem(values({ subcategory: 'Pistols' })))).toEqual([
      'id',
      'name',
      'category',
      'price',
      'quantity',
      'subcategory',
    ]);
    expect(toPurchaseItem(values({ description: '' }))).toEqual({ ...toPurchaseItem(values()), description: '' });
    expect(toPurchaseItem(values({ unitCents: asCents(123_456_789) })).price).toBe('$1,234,567.89');
    expect(toPurchaseItem(values({ unitCents: asCents(5) })).price).toBe('$0.05');
  });
});

describe("SQLite's packed values (a list's lines as they travel)", () => {
  let dir: string;
  let db: Db;
  let kysely: Kysely<Tables>;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'lines-'));
    db = openDatabase(dir);
    migrate(db);
    kysely = new Kysely<Tables>({ dialect: new SqliteDialect({ database: db }) });
    db.prepare("INSERT INTO users (id, username, created_at) VALUES (1, 'sam', 'x')").run();
    db.prepare(
      "INSERT INTO purchase_requests (id, requester_id, requester_name, total_cents, total_items, status, created_at) VALUES (1, 1, 'sam', 0, 1, 'pending', 'x')",
    ).run();
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when lines of every shape and amounts from 0 to billions of cents are stored, then they come back as the values they were written from', () => {
    // A fixed pseudo-random sequence (no flaky seeds): amounts of every size, grouping edges, and texts JSON must escape.
    let seed = 34;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    const amounts = [0, 1, 9, 10, 99, 100, 999, 1000, 99_999, 100_000, 123_456_789, 999_999_999_999];
    for (let i = 0; i < 300; i++) amounts.push(next() % 10 ** (1 + (i % 12)));
    const texts = [null, '', 'Pistols', 'quote " and \\ backslash', 'ünïcödé ✓', 'line\nbreak'];
    const lines = amounts.map((cents, i) =>
      line({
        itemId: `id-${i}`,
        name: texts[(i % 5) + 1]!,
        unitCents: asCents(cents),
        quantity: 1 + (i % 7),
        subcategory: texts[i % texts.length],
        description: texts[(i >> 1) % texts.length],
      }),
    );
    const insert = db.prepare(
      'INSERT INTO purchase_request_lines (request_id, position, item_id, name, category, unit_cents, quantity, subcategory, description) VALUES (1, @position, @item_id, @name, @category, @unit_cents, @quantity, @subcategory, @description)',
    );
    db.transaction(() => lines.forEach((stored, position) => insert.run(toLineColumns(stored, position))))();

    const packed = packedValues(
      sql`SELECT ${sql.raw(LINE_COLUMNS.join(', '))} FROM purchase_request_lines WHERE request_id = 1 ORDER BY position`,
      LINE_COLUMNS,
    ).compile(kysely);
    const json = db
      .prepare(`SELECT ${packed.sql}`)
      .pluck()
      .get(...packed.parameters) as string;

    // Every value as stored (texts JSON must escape, amounts up to billions of cents, nulls), in line order.
    expect(JSON.parse(json)).toEqual(lines.map((stored) => toLineValues(stored, 1)));
  });
});

import { sql, type Selectable } from 'kysely';
import type { Tx } from '../../db/scope';
import type { Tables } from '../../db/tables';
import { prepared } from '../../db/prepared';

/**
 * Read by every purchase: one statement text whatever the number of names (a list as one value: a JSON array on
 * SQLite, an array on PostgreSQL), so it is compiled and prepared once.
 */
const byLowerNames = prepared((_db, p: { names: string | string[] }, engine) =>
  engine === 'sqlite'
    ? sql<ItemRow>`SELECT * FROM catalogue_items WHERE lower(name) IN (SELECT value FROM json_each(${p.names})) ORDER BY position, seq`
    : sql<ItemRow>`SELECT * FROM catalogue_items WHERE lower(name) = ANY(${p.names}) ORDER BY position, seq`,
);

/** One stored item. */
export type ItemRow = Selectable<Tables['catalogue_items']>;
/** One stored change of an item's field. */
export type ChangeRow = Selectable<Tables['catalogue_changes']>;

/** A change of one field, before it is written: values as the API spells them (USD, counts, texts). */
export interface FieldChange {
  field: string;
  from: string | number | null;
  to: string | number | null;
}

/** The catalogue's tables: items, their changes, the catalogue's version, and what purchases took. */
export const catalogueRepository = {
  version: async (tx: Tx): Promise<number> => {
    const row = await tx.kysely().selectFrom('catalogue_state').select('version').where('id', '=', 1).executeTakeFirst();
    return row?.version ?? 1;
  },

  /** Bumps the catalogue's version (in the caller's transaction) and answers the new one. */
  bumpVersion: async (tx: Tx): Promise<number> => {
    const row = await tx
      .kysely()
      .updateTable('catalogue_state')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .returning('version')
      .executeTakeFirstOrThrow();
    return row.version;
  },

  /** Claims the first start's seeding: true for the one transaction that may seed. */
  claimSeed: async (tx: Tx, at: string): Promise<boolean> => {
    const result = await tx
      .kysely()
      .updateTable('catalogue_state')
      .set({ seeded_at: at })
      .where('id', '=', 1)
      .where('seeded_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Every item in the shop's order; `activeOnly` for players. */
  list: (tx: Tx, activeOnly: boolean): Promise<ItemRow[]> => {
    let query = tx.kysely().selectFrom('catalogue_items').selectAll();
    if (activeOnly) query = query.where('status', '=', 'active');
    return query.orderBy('position').orderBy('seq').execute();
  },

  /** The items whose name is one of `lowered` (lower case), in the shop's order: what a purchase names, usually. */
  listByLowerName: async (tx: Tx, lowered: readonly string[]): Promise<ItemRow[]> =>
    (await byLowerNames(tx, { names: tx.engine === 'sqlite' ? JSON.stringify(lowered) : [...lowered] })).rows,

  find: (tx: Tx, id: string): Promise<ItemRow | undefined> =>
    tx.kysely().selectFrom('catalogue_items').selectAll().where('id', '=', id).executeTakeFirst(),

  findBySeq: (tx: Tx, seq: number): Promise<ItemRow | undefined> =>
    tx.kysely().selectFrom('catalogue_items').selectAll().where('seq', '=', seq).executeTakeFirst(),

  namesBySeq: async (tx: Tx, seqs: readonly number[]): Promise<Map<number, string>> => {
    if (seqs.length === 0) return new Map();
    const rows = await tx.kysely().selectFrom('catalogue_items').select(['seq', 'name']).where('seq', 'in', seqs).execute();
    return new Map(rows.map((row) => [row.seq, row.name]));
  },

  namesPhoto: async (tx: Tx, file: string): Promise<boolean> =>
    !!(await tx
      .kysely()
      .selectFrom('catalogue_items')
      .select('seq')
      .where((eb) => eb.or([eb('image_file', '=', file), eb('thumbnail_file', '=', file)]))
      .executeTakeFirst()),

  nextPosition: async (tx: Tx): Promise<number> => {
    const row = await tx
      .kysely()
      .selectFrom('catalogue_items')
      .select((eb) => eb.fn.max('position').as('last'))
      .executeTakeFirst();
    return Number(row?.last ?? -1) + 1;
  },

  insert: async (tx: Tx, row: Omit<ItemRow, 'seq' | 'version'>): Promise<ItemRow> =>
    tx.kysely().insertInto('catalogue_items').values(row).returningAll().executeTakeFirstOrThrow(),

  /**
   * Writes an edit when the item is still at `expectedVersion` (bumping it); undefined when it moved on meanwhile.
   */
  updateAt: async (
    tx: Tx,
    seq: number,
    expectedVersion: number,
    change: Partial<Omit<ItemRow, 'seq' | 'id' | 'version'>>,
  ): Promise<ItemRow | undefined> =>
    tx
      .kysely()
      .updateTable('catalogue_items')
      .set((eb) => ({ ...change, version: eb('version', '+', 1) }))
      .where('seq', '=', seq)
      .where('version', '=', expectedVersion)
      .returningAll()
      .executeTakeFirst(),

  insertChanges: async (
    tx: Tx,
    seq: number,
    changes: readonly FieldChange[],
    who: { actorId: number | null; actorName: string | null; at: string; reason: string | null },
  ): Promise<void> => {
    if (changes.length === 0) return;
    await tx
      .kysely()
      .insertInto('catalogue_changes')
      .values(
        changes.map((change) => ({
          item_seq: seq,
          field: change.field,
          from_value: JSON.stringify(change.from),
          to_value: JSON.stringify(change.to),
          actor_id: who.actorId,
          actor_name: who.actorName,
          at: who.at,
          reason: who.reason,
        })),
      )
      .execute();
  },

  /** An item's changes, oldest first. */
  changes: (tx: Tx, seq: number): Promise<ChangeRow[]> =>
    tx.kysely().selectFrom('catalogue_changes').selectAll().where('item_seq', '=', seq).orderBy('id').execute(),

  /**
   * Takes `quantity` from an item's stock when it is active and has that many left (one conditional UPDATE: exact
   * however many purchases race for the last units). Null stock (unlimited) is never touched. True when taken.
   */
  takeStock: async (tx: Tx, seq: number, quantity: number): Promise<boolean> => {
    const result = await tx
      .kysely()
      .updateTable('catalogue_items')
      .set((eb) => ({ stock: eb('stock', '-', quantity) }))
      .where('seq', '=', seq)
      .where('status', '=', 'active')
      .where('stock', 'is not', null)
      .where('stock', '>=', quantity)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Gives stock back (a rejected or cancelled purchase); an item made unlimited meanwhile stays so. */
  returnStock: async (tx: Tx, seq: number, quantity: number): Promise<void> => {
    await tx
      .kysely()
      .updateTable('catalogue_items')
      .set((eb) => ({ stock: eb('stock', '+', quantity) }))
      .where('seq', '=', seq)
      .where('stock', 'is not', null)
      .execute();
  },

  /**
   * At the seed: the purchases made before the catalogue moved into the database become its items' sales (their
   * lines carry the catalogue's name and category as priced), so value cards start with the shop's own history.
   * Stock was not counted then: none is marked taken.
   */
  backfillSales: async (tx: Tx): Promise<void> => {
    await sql`INSERT INTO purchase_catalogue_lines (request_id, item_seq, quantity, unit_cents, stock_taken)
      SELECT l.request_id, i.seq, SUM(l.quantity), MAX(l.unit_cents), 0
      FROM purchase_request_lines l JOIN catalogue_items i ON i.name = l.name AND i.category = l.category
      GROUP BY l.request_id, i.seq`.execute(tx.kysely());
  },

  insertPurchaseLines: async (
    tx: Tx,
    requestId: number,
    lines: ReadonlyArray<{ seq: number; quantity: number; unitCents: number; stockTaken: boolean }>,
  ): Promise<void> => {
    if (lines.length === 0) return;
    await tx
      .kysely()
      .insertInto('purchase_catalogue_lines')
      .values(
        lines.map((line) => ({
          request_id: requestId,
          item_seq: line.seq,
          quantity: line.quantity,
          unit_cents: line.unitCents,
          stock_taken: line.stockTaken ? 1 : 0,
        })),
      )
      .execute();
  },

  /** The stock a purchase took and has not given back, marked as given back now. */
  releasePurchase: async (tx: Tx, requestId: number): Promise<Array<{ item_seq: number; quantity: number }>> => {
    const rows = await tx
      .kysely()
      .selectFrom('purchase_catalogue_lines')
      .select(['item_seq', 'quantity'])
      .where('request_id', '=', requestId)
      .where('stock_taken', '=', 1)
      .where('stock_returned', '=', 0)
      .execute();
    if (rows.length > 0)
      await tx
        .kysely()
        .updateTable('purchase_catalogue_lines')
        .set({ stock_returned: 1 })
        .where('request_id', '=', requestId)
        .where('stock_taken', '=', 1)
        .execute();
    return rows;
  },

  /** Units of an item sold in completed purchases since `since`, with their unit prices. */
  sales: (tx: Tx, seq: number, since: string): Promise<Array<{ quantity: number; unit_cents: number }>> =>
    tx
      .kysely()
      .selectFrom('purchase_catalogue_lines as l')
      .innerJoin('purchase_requests as r', 'r.id', 'l.request_id')
      .select(['l.quantity', 'l.unit_cents'])
      .where('l.item_seq', '=', seq)
      .where('r.status', '=', 'completed')
      .where('r.completed_at', '>=', since)
      .execute(),
};
export type CatalogueRepository = typeof catalogueRepository;

import type { Selectable, SelectQueryBuilder } from 'kysely';
import { asCents, type Cents, formatCents } from '../../../src/domain/money';
import type { PurchaseItemJson as PurchaseItem } from '../../../src/domain/schemas/purchases';
import type { KyselyDb, Tx } from '../../db/scope';
import type { Tables } from '../../db/tables';
import type { ValuesOf } from '../../db/read-values';

/**
 * One line of an order as it is priced and kept (a purchase_request_lines row, migrations 023 / postgres 017): its
 * unit price in whole cents. For the reads that are not the API's PurchaseRequest (a user's page, the dashboard, the
 * export) and for the lines a new purchase writes.
 */
export interface PurchaseLine {
  /** The line's id as the cart sent it (the API's item `id`). */
  itemId: string;
  name: string;
  category: string;
  unitCents: Cents;
  quantity: number;
  subcategory: string | null;
  description: string | null;
}

/** A purchase_request_lines row as the reads select it (its position only orders them). */
export type LineRow = Omit<Selectable<Tables['purchase_request_lines']>, 'position'>;

/** The columns of a line the reads select, in this order: a line travels as their values (`LineValues`). */
export const LINE_COLUMNS = [
  'request_id',
  'item_id',
  'name',
  'category',
  'unit_cents',
  'quantity',
  'subcategory',
  'description',
] as const satisfies readonly (keyof LineRow)[];

/** A line's row as the values of LINE_COLUMNS, in their order. */
export type LineValues = ValuesOf<LineRow, typeof LINE_COLUMNS>;

/**
 * The one mapping of a stored line to the API's item, on both engines: the price its '$2.99' text (the one place a
 * line's money becomes text); subcategory and description only when the line has them.
 */
export function toPurchaseItem([, id, name, category, unitCents, quantity, subcategory, description]: LineValues): PurchaseItem {
  const item: PurchaseItem = { id, name, category, price: formatCents(asCents(unitCents)), quantity };
  if (subcategory !== null) item.subcategory = subcategory;
  if (description !== null) item.description = description;
  return item;
}

/** A priced line as the row it is stored as, of request `requestId` (what a new request answers its items from). */
export const toLineValues = (line: PurchaseLine, requestId: number): LineValues => [
  requestId,
  line.itemId,
  line.name,
  line.category,
  line.unitCents,
  line.quantity,
  line.subcategory,
  line.description,
];

/** A stored line back as a priced line (PostgreSQL's bigint and integer columns read as numbers either way). */
const lineFromRow = (row: LineRow): PurchaseLine => ({
  itemId: row.item_id,
  name: row.name,
  category: row.category,
  unitCents: asCents(Number(row.unit_cents)),
  quantity: Number(row.quantity),
  subcategory: row.subcategory,
  description: row.description,
});

/** A line as the insert's JSON parameter carries it (the column names of purchase_request_lines). */
export const toLineColumns = (line: PurchaseLine, position: number) => ({
  position,
  item_id: line.itemId,
  name: line.name,
  category: line.category,
  unit_cents: line.unitCents,
  quantity: line.quantity,
  subcategory: line.subcategory,
  description: line.description,
});

/** Requests chosen by a sub-select of their ids (the filter of the read the lines go with). */
export type RequestIds = (db: KyselyDb) => SelectQueryBuilder<Tables, 'purchase_requests', { id: number }>;

/**
 * The lines of the requests named (a few ids, or a sub-select of the ids, so that a read of thousands of requests
 * passes no list of them), by request id, each in line order. For the reads that are not the API's PurchaseRequest
 * (a user's page, the dashboard, the export).
 */
export async function linesByRequest(tx: Tx, ids: readonly number[] | RequestIds): Promise<Map<number, PurchaseLine[]>> {
  const byRequest = new Map<number, PurchaseLine[]>();
  if (Array.isArray(ids) && ids.length === 0) return byRequest;
  const db = tx.kysely();
  const rows = await db
    .selectFrom('purchase_request_lines')
    .select(LINE_COLUMNS)
    .where('request_id', 'in', typeof ids === 'function' ? ids(db) : ids)
    .orderBy('request_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const line = lineFromRow(row);
    const lines = byRequest.get(row.request_id);
    if (lines) lines.push(line);
    else byRequest.set(row.request_id, [line]);
  }
  return byRequest;
}

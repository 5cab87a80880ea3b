import { asCents, type Cents, formatCents } from '../../../src/domain/money';
import type { PurchaseItemJson as PurchaseItem } from '../../../src/domain/schemas/purchases';

/**
 * One line of an order as it is kept (a purchase_request_lines row, migrations 023 / postgres 017): its unit price in
 * whole cents. The API's item (PurchaseItem, its price a '$2.99' text) is written from it at the edge, by `toPurchaseItem`
 * here or, on SQLite where the database writes a list's JSON, by SQLITE_LINE_JSON: the two write the same item.
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

/** A line as the API answers it: the price its '$2.99' text; subcategory and description only when the line has them. */
export function toPurchaseItem(line: PurchaseLine): PurchaseItem {
  return {
    id: line.itemId,
    name: line.name,
    category: line.category,
    price: formatCents(line.unitCents),
    quantity: line.quantity,
    ...(line.subcategory !== null ? { subcategory: line.subcategory } : {}),
    ...(line.description !== null ? { description: line.description } : {}),
  };
}

/**
 * A line as PostgreSQL's list read aggregates it (json_agg of json_build_array, see LINE_TUPLE_PG): positional, so
 * the per-line JSON is small; the order of the fields is LINE_TUPLE_PG's.
 */
export type LineTuple = [
  itemId: string,
  name: string,
  category: string,
  unitCents: number,
  quantity: number,
  subcategory: string | null,
  description: string | null,
];

/** A LineTuple back as a line. */
export const fromLineTuple = ([itemId, name, category, unitCents, quantity, subcategory, description]: LineTuple): PurchaseLine => ({
  itemId,
  name,
  category,
  unitCents: asCents(unitCents),
  quantity,
  subcategory,
  description,
});

/** PostgreSQL: one line of purchase_request_lines as a LineTuple. */
export const LINE_TUPLE_PG = 'json_build_array(item_id, name, category, unit_cents, quantity, subcategory, description)';

/**
 * SQLite: one row of purchase_request_lines as the API's item, as `toPurchaseItem` writes it (lines.test.ts compares the
 * two): '$' and the dollars grouped by thousands with two decimals, by concatenation below $1,000 (no group to write)
 * and printf's ',' flag from there (printf on every line cost ~5 ms more per 10,000 requests of 3 lines, measured on a busy machine);
 * a null subcategory or description left out (json_patch drops the keys a patch sets to null), the usual line having
 * neither and skipping it.
 */
const SQLITE_PRICE_TEXT = `CASE WHEN unit_cents < 100000 THEN '$' || (unit_cents / 100) || '.' || substr(100 + unit_cents % 100, 2)
  ELSE '$' || printf('%,d.%02d', unit_cents / 100, unit_cents % 100) END`;
export const SQLITE_LINE_JSON = `CASE WHEN subcategory IS NULL AND description IS NULL
  THEN json_object('id', item_id, 'name', name, 'category', category, 'price', ${SQLITE_PRICE_TEXT}, 'quantity', quantity)
  ELSE json_patch(json_object('id', item_id, 'name', name, 'category', category, 'price', ${SQLITE_PRICE_TEXT}, 'quantity', quantity),
    json_object('subcategory', subcategory, 'description', description)) END`;

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

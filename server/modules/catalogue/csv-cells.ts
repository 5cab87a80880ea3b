import {
  MAX_CATALOGUE_PRICE,
  MAX_CATALOGUE_STOCK,
  type CatalogueCategory,
  type CatalogueStatus,
} from '../../../src/domain/schemas/catalogue';
import { CATALOGUE_CSV_COLUMNS } from '../../../src/domain/schemas/catalogue-csv';
import { parseCents, type Cents } from '../../../src/domain/money';
import type { ItemRow } from './repository';

/** A column of the catalogue's CSV. */
export type Column = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** A row's values as the import reads them; a column the file does not have is undefined (left as it is). */
export interface RowValues {
  id?: string;
  name?: string;
  category?: CatalogueCategory;
  subcategory?: string;
  /** Prices in cents, read from the cell's dollars. */
  price?: Cents | null;
  sellPrice?: Cents | null;
  status?: CatalogueStatus;
  stock?: number | null;
}

/** What one row of the file asks: a new item, or changes to one. */
export type RowPlan =
  | { row: number; kind: 'create'; values: Required<Omit<RowValues, 'id'>> }
  | { row: number; kind: 'update'; item: ItemRow; values: RowValues };

/** The export neutralises text a spreadsheet would run ('=…' gets a leading apostrophe): the import takes it off. */
export const unneutralise = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

const PRICE_TEXT = /^\$?\s*([0-9]{1,3}(,[0-9]{3})+|[0-9]+)(\.[0-9]{1,2})?$/;

/** A price cell: '' for no price, else dollars with at most two decimals ('$1,200.50', '18', '0.03'). */
export function readPrice(text: string): { ok: true; value: Cents | null } | { ok: false; message: string } {
  if (text === '') return { ok: true, value: null };
  const value = PRICE_TEXT.test(text) ? parseCents(text) : null;
  if (value === null) return { ok: false, message: `'${text}' is not a price (write dollars, e.g. 18 or 0.05)` };
  if (value > MAX_CATALOGUE_PRICE * 100) return { ok: false, message: `'${text}' is above the largest price, $1,000,000` };
  return { ok: true, value };
}

/** A stock cell: '' or 'unlimited' for unlimited, else a whole count from 0. */
export function readStock(text: string): { ok: true; value: number | null } | { ok: false; message: string } {
  if (text === '' || text.toLowerCase() === 'unlimited') return { ok: true, value: null };
  if (!/^[0-9]+$/.test(text) || Number(text) > MAX_CATALOGUE_STOCK)
    return { ok: false, message: `'${text}' is not a stock count (a whole number from 0, or empty for unlimited)` };
  return { ok: true, value: Number(text) };
}

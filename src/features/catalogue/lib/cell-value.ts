// What a grid cell holds as typed, and what it means: prices typed in dollars with at most two decimals (read as
// cents), stock a whole
// number or empty for unlimited. The server checks the same rules (CataloguePrice, CatalogueStock); these say so
// before anything is sent.
import { MAX_CATALOGUE_PRICE, MAX_CATALOGUE_STOCK } from '@/domain/schemas/catalogue';
import { asCents, formatCents, parseCents } from '@/domain/money';
import { i18n } from '@/lib/i18n/i18n';

export type EditableField = 'price' | 'sellPrice' | 'stock';

/** A cell's value: a price in cents, a stock count, or null (not priced, unlimited). */
export type CellValue = { ok: true; value: number | null } | { ok: false; message: string };

/** Reads a typed price ('$1,234.50', '18', '' for not priced) or stock ('12', '' for unlimited). */
export function readCell(field: EditableField, text: string): CellValue {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (cleaned === '' || /^(none|unlimited|∞|-)$/i.test(cleaned)) return { ok: true, value: null };
  if (!/^\d+(\.\d+)?$/.test(cleaned)) {
    return {
      ok: false,
      message: field === 'stock' ? i18n._('Stock is a whole number, or empty for unlimited') : i18n._('A price is a number of dollars'),
    };
  }
  const value = Number(cleaned);
  if (field === 'stock') {
    if (!Number.isInteger(value)) return { ok: false, message: i18n._('Stock is a whole number, or empty for unlimited') };
    if (value > MAX_CATALOGUE_STOCK) return { ok: false, message: i18n._('Stock is too large') };
    return { ok: true, value };
  }
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return { ok: false, message: i18n._('A price has at most two decimals (cents)') };
  const cents = parseCents(cleaned);
  if (cents === null || cents > MAX_CATALOGUE_PRICE * 100) return { ok: false, message: i18n._('A price can be at most $1,000,000') };
  return { ok: true, value: cents };
}

/** How a cell shows its value (a price in cents as dollars): '18.00', '0.03', '' (not priced / unlimited). */
export function cellText(field: EditableField, value: number | null): string {
  if (value === null) return '';
  return field === 'stock' ? String(value) : formatCents(asCents(value)).replace(/[$,]/g, '');
}

/** The lines of a pasted column (a spreadsheet's cells, one a line); a single value is not a column. */
export function pastedColumn(text: string): string[] | null {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  if (lines.length < 2) return null;
  // A pasted range of several columns: its first column.
  return lines.map((line) => line.split('\t')[0]);
}

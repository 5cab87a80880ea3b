import { normaliseName } from '../../../src/domain/catalogue';
import { asCents, type Cents } from '../../../src/domain/money';
import { isCustomCash, type LineInput } from '../../../src/domain/pricing';
import type { Tx } from '../../db/scope';
import { namesOf } from './entry';
import { catalogueRepository as repo, type ItemRow } from './repository';

/** A purchase's view of the catalogue, read in its transaction: items found by name within their category. */
export async function catalogueView(tx: Tx) {
  return viewOf(await repo.list(tx, false));
}

/**
 * The view of the items a purchase names (issue 46): only the rows whose name is a line's, in any capitalisation —
 * what the shop sends — instead of the whole catalogue. A name the shop does not write (another spelling, an alias)
 * reads the whole catalogue, as before. Names and aliases are unique within a category, so both find the same item.
 */
export async function purchaseView(tx: Tx, lines: readonly LineInput[]) {
  const named = namedLines(lines);
  if (named.length === 0) return viewOf([]);
  const view = viewOf(await repo.listByLowerName(tx, [...new Set(named.map((line) => line.name.trim().toLowerCase()))]));
  return named.every((line) => view.find(line.name, line.category)) ? view : await catalogueView(tx);
}

/** A purchase's lines that name a catalogue item (not custom cash, which is priced from its amount). */
export const namedLines = (lines: readonly LineInput[]) => lines.filter((line) => !isCustomCash(line.category));

/** Items found by name within their category (any capitalisation, aliases too). */
export function viewOf(rows: readonly ItemRow[]) {
  const byName = new Map<string, ItemRow[]>();
  for (const row of rows) for (const name of namesOf(row)) byName.set(name, [...(byName.get(name) ?? []), row]);
  const find = (name: string, category?: string): ItemRow | undefined => {
    const candidates = byName.get(normaliseName(name)) ?? [];
    if (category === undefined) return candidates.find((row) => row.status !== 'archived') ?? candidates[0];
    return candidates.find((row) => row.category.toLowerCase() === category.toLowerCase());
  };
  return { find };
}

/**
 * A sell valuation's table price by item name, read from the catalogue in the database now (null: unpriced;
 * undefined: no such item): what payouts are valued with (issue 49).
 */
export async function sellPriceLookup(tx: Tx): Promise<(name: string) => Cents | null | undefined> {
  const view = await catalogueView(tx);
  return (name) => {
    const row = view.find(name);
    if (!row) return undefined;
    return row.sell_price_cents === null ? null : asCents(row.sell_price_cents);
  };
}

/** A catalogue's items found by name within their category. */
export type CatalogueView = ReturnType<typeof viewOf>;

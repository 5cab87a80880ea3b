import { fromCents } from '../../../src/domain/money';
import type {
  CatalogueHistoryEntryJson as CatalogueHistoryEntry,
  CataloguePricesResponseJson as CataloguePricesResponse,
  CatalogueResponseJson as CatalogueResponse,
} from '../../../src/domain/schemas/catalogue';
import type { Tx } from '../../db/scope';
import { notFound } from '../../lib/app-error';
import { now } from '../../lib/time';
import type { AuthUser } from '../users/repository';
import { toEntry } from './entry';
import { catalogueRepository as repo, type ChangeRow } from './repository';
import { requireItem } from './require-item';

const DAY_MS = 24 * 3600 * 1000;
/** The value card's windows, in days. */
export const SALES_WINDOWS = [30, 90] as const;

/** GET /api/catalogue: the version first, so an answer is never newer than its ETag says. */
export async function readCatalogue(tx: Tx, viewer: AuthUser): Promise<{ etag: string; body: () => Promise<CatalogueResponse> }> {
  const version = await repo.version(tx);
  const etag = `"catalogue-${version}-${viewer.isAdmin ? 'all' : 'active'}"`;
  return {
    etag,
    body: async () => ({ version, items: (await repo.list(tx, !viewer.isAdmin)).map(toEntry) }),
  };
}

/** GET /api/admin/catalogue/items/{id}/history: every change, newest first. */
export async function itemHistory(tx: Tx, id: string): Promise<CatalogueHistoryEntry[]> {
  const row = await requireItem(tx, id);
  const changes = await repo.changes(tx, row.seq);
  return changes.reverse().map((change) => ({
    id: change.id,
    at: change.at,
    actorName: change.actor_name,
    field: change.field,
    from: change.from_value === null ? null : (JSON.parse(change.from_value) as string | number | null),
    to: change.to_value === null ? null : (JSON.parse(change.to_value) as string | number | null),
    reason: change.reason,
  }));
}

/** GET /api/catalogue/items/{id}/prices: the value card (players see active items only). */
export async function itemPrices(tx: Tx, viewer: AuthUser, id: string): Promise<CataloguePricesResponse> {
  const row = await requireItem(tx, id);
  if (!viewer.isAdmin && row.status !== 'active') throw notFound(`There is no catalogue item '${id}'`);
  const history = priceHistory(await repo.changes(tx, row.seq));
  const sales = await Promise.all(
    SALES_WINDOWS.map(async (days) => {
      const rows = await repo.sales(tx, row.seq, new Date(now().getTime() - days * DAY_MS).toISOString());
      const median = weightedMedianCents(rows);
      return {
        days,
        soldCount: rows.reduce((sum, sale) => sum + sale.quantity, 0),
        medianPrice: median === null ? null : fromCents(median),
      };
    }),
  );
  const entry = toEntry(row);
  return { id: entry.id, name: entry.name, price: entry.price, sellPrice: entry.sellPrice, history, sales };
}

/** The item's prices over time, from its changes (oldest first). */
function priceHistory(changes: readonly ChangeRow[]): CataloguePricesResponse['history'] {
  const history: CataloguePricesResponse['history'] = [];
  let price: number | null = null;
  let sellPrice: number | null = null;
  for (const change of changes) {
    const to = change.to_value === null ? null : (JSON.parse(change.to_value) as unknown);
    if (change.field === 'created') {
      const start = JSON.parse(String(to)) as { price: number | null; sellPrice: number | null };
      price = start.price;
      sellPrice = start.sellPrice;
    } else if (change.field === 'price') price = to as number | null;
    else if (change.field === 'sellPrice') sellPrice = to as number | null;
    else continue;
    const last = history.at(-1);
    // One point per moment: an edit of both prices is one point.
    if (last && last.at === change.at) history[history.length - 1] = { at: change.at, price, sellPrice };
    else history.push({ at: change.at, price, sellPrice });
  }
  return history;
}

/** The median of a multiset of unit prices (cents), each counted `quantity` times; null when empty. */
export function weightedMedianCents(sales: ReadonlyArray<{ quantity: number; unit_cents: number }>): number | null {
  const total = sales.reduce((sum, sale) => sum + sale.quantity, 0);
  if (total === 0) return null;
  const sorted = [...sales].sort((a, b) => a.unit_cents - b.unit_cents);
  const at = (index: number) => {
    let seen = 0;
    for (const sale of sorted) {
      seen += sale.quantity;
      if (index < seen) return sale.unit_cents;
    }
    return sorted.at(-1)!.unit_cents;
  };
  return total % 2 === 1 ? at((total - 1) / 2) : Math.round((at(total / 2 - 1) + at(total / 2)) / 2);
}

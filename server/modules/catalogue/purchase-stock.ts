import { asCents, type Cents } from '../../../src/domain/money';
import { priceLineFrom, type LineInput, type LinePrice } from '../../../src/domain/pricing';
import type { CatalogueStatus, UnavailableLine } from '../../../src/domain/schemas/catalogue';
import type { Tx } from '../../db/scope';
import type { Hub } from '../../realtime/hub';
import { unavailableError } from './entry';
import { announceCatalogue } from './record-change';
import { catalogueRepository as repo, type ItemRow } from './repository';
import { purchaseView } from './view';

/** One line a purchase takes from the catalogue: the item and how many. */
export interface CatalogueTake {
  seq: number;
  quantity: number;
  unitCents: Cents;
  /** Whether the item had a stock count when the purchase read it (unlimited items are never written). */
  counted: boolean;
}

/** What a purchase took of one item, for `recordPurchase`. */
export type CatalogueTaken = CatalogueTake & { stockTaken: boolean };

/**
 * Prices a purchase's lines from the catalogue in the purchase's transaction (found by name within category, any
 * capitalisation; custom cash from its amount), and names the lines it cannot take: hidden or archived items.
 */
export async function priceLines(
  tx: Tx,
  lines: readonly LineInput[],
): Promise<{ priced: Array<LinePrice & { item: ItemRow | null }>; unavailable: UnavailableLine[] }> {
  const view = await purchaseView(tx, lines);
  const unavailable: UnavailableLine[] = [];
  const priced = lines.map((line) => {
    let item: ItemRow | null = null;
    const result = priceLineFrom(line, (name, category) => {
      const row = view.find(name, category);
      item = row ?? null;
      return row
        ? {
            name: row.name,
            category: row.category,
            price: row.price_cents === null ? null : asCents(row.price_cents),
            inShop: row.in_shop === 1,
          }
        : undefined;
    });
    const found = item as ItemRow | null;
    if (found && found.status !== 'active')
      unavailable.push({
        id: found.id,
        name: found.name,
        category: found.category,
        status: found.status as CatalogueStatus,
        available: 0,
        requested: line.quantity,
      });
    return { ...result, item: found };
  });
  return { priced, unavailable };
}

/**
 * Takes the stock of a purchase's items in its transaction: one conditional UPDATE per counted item, so racing
 * purchases never sell more than is left. Throws 409 naming every item short (and what is left), which rolls the
 * purchase back whole. Answers what each item took, for `recordPurchase`.
 */
export async function takeStock(hub: Hub, tx: Tx, takes: readonly CatalogueTake[]): Promise<CatalogueTaken[]> {
  const taken: CatalogueTaken[] = [];
  const short: UnavailableLine[] = [];
  // In the items' order, so two purchases of the same items never wait on each other crosswise (a deadlock).
  for (const take of [...byItem(takes).values()].sort((a, b) => a.seq - b.seq)) {
    // Unlimited when the purchase read it (priceLines, active too): nothing to take, and no write on the row.
    if (!take.counted) {
      taken.push({ ...take, stockTaken: false });
      continue;
    }
    if (await repo.takeStock(tx, take.seq, take.quantity)) {
      taken.push({ ...take, stockTaken: true });
      continue;
    }
    const now = (await repo.findBySeq(tx, take.seq))!;
    short.push({
      id: now.id,
      name: now.name,
      category: now.category,
      status: now.status as CatalogueStatus,
      available: now.status === 'active' ? now.stock : 0,
      requested: take.quantity,
    });
  }
  if (short.length > 0) throw unavailableError(short);
  if (taken.some((take) => take.stockTaken)) await announceCatalogue(hub, tx);
  return taken;
}

/** The takes merged by item: one line per item, its quantities added. */
function byItem(takes: readonly CatalogueTake[]): Map<number, CatalogueTake> {
  const bySeq = new Map<number, CatalogueTake>();
  for (const take of takes) {
    const known = bySeq.get(take.seq);
    bySeq.set(take.seq, known ? { ...known, quantity: known.quantity + take.quantity } : take);
  }
  return bySeq;
}

/** Gives a rejected or cancelled purchase's stock back, once; tells the shops when any came back. */
export async function releasePurchase(hub: Hub, tx: Tx, requestId: number): Promise<void> {
  const released = await repo.releasePurchase(tx, requestId);
  for (const line of released) await repo.returnStock(tx, line.item_seq, line.quantity);
  if (released.length > 0) await announceCatalogue(hub, tx);
}

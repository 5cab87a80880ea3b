// The last catalogue this page received, for code that runs outside React (the outbox's words for a queued sell). No
// React or DOM here: the service worker loads the outbox's words too (it has no catalogue: 'Price TBD' there).
import { findCatalogueItem, type CatalogueItem } from '@/domain/catalogue';
import type { Cents } from '@/domain/money';

let lastItems: readonly CatalogueItem[] = [];

/** Keeps the items of a catalogue just received. */
export function rememberCatalogue(items: readonly CatalogueItem[]): void {
  lastItems = items;
}

/** The valuation table price of an item by name in these items (the catalogue of now); undefined when unknown. */
export const sellPriceIn =
  (items: readonly CatalogueItem[]) =>
  (name: string): Cents | null | undefined =>
    findCatalogueItem(items, name)?.sellPrice;

/** The table price by name in the last catalogue received here (undefined until one is). */
export const lastSellPriceOf = (name: string): Cents | null | undefined => sellPriceIn(lastItems)(name);

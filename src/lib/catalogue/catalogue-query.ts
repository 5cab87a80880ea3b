// The shop's catalogue as the server keeps it (DESIGN.md §14, issue 49): read from GET /api/catalogue through the
// HTTP cache (ETag: an unchanged catalogue answers 304), its last answer kept in IndexedDB for offline use, and read
// again when the socket says it changed. The shop, the cart, the home preview, the sell screen and the catalogue
// screen all read this one query.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CartCategory, CatalogueItem } from '@/domain/catalogue';
import type { Cents } from '@/domain/money';
import { CatalogueResponse, type CatalogueEntry, type CatalogueStatus } from '@/domain/schemas/catalogue';
import { apiRequest } from '../api-client';
import { withOfflineSnapshot } from '../offline-snapshot';
import { subscribeSocket } from '../socket';
import { lastSellPriceOf, rememberCatalogue, sellPriceIn } from './last-catalogue';

export { lastSellPriceOf } from './last-catalogue';

/** A catalogue item as the app uses it: the shared item's fields plus what the server keeps of it. */
export type ShopItem = CatalogueItem & {
  status: CatalogueStatus;
  /** How many are left, or null for unlimited. */
  stock: number | null;
  imageUrl: string | null;
  thumbnailUrl: string | null;
  version: number;
  updatedAt?: string;
};

/** The catalogue as the app holds it: the server's version and its items. */
export interface Catalogue {
  version: number;
  items: ShopItem[];
}

/** The server's entry as the shared item type reads it (absent extras are left out, not null). */
export function toShopItem(entry: CatalogueEntry): ShopItem {
  return {
    id: entry.id,
    name: entry.name,
    category: entry.category as CartCategory,
    subcategory: entry.subcategory,
    price: entry.price,
    sellPrice: entry.sellPrice,
    status: entry.status,
    stock: entry.stock,
    imageUrl: entry.imageUrl,
    thumbnailUrl: entry.thumbnailUrl ?? null,
    version: entry.version,
    ...(entry.updatedAt ? { updatedAt: entry.updatedAt } : {}),
    ...(entry.aliases?.length ? { aliases: entry.aliases } : {}),
    ...(entry.amount != null ? { amount: entry.amount } : {}),
    ...(entry.gunClass ? { gunClass: entry.gunClass as CatalogueItem['gunClass'] } : {}),
    ...(entry.unit ? { unit: entry.unit } : {}),
    ...(entry.inShop !== undefined ? { inShop: entry.inShop } : {}),
    ...(entry.sellable !== undefined ? { sellable: entry.sellable } : {}),
  };
}

export const CATALOGUE_PATH = '/api/catalogue';

/** GET /api/catalogue: the version and the items (players get active ones; admins all). */
export function catalogueQueryOptions() {
  return queryOptions({
    queryKey: [CATALOGUE_PATH] as const,
    // The snapshot keeps the API's JSON (prices in USD); its prices become cents here, once, as it is read.
    queryFn: async (context: { queryKey: readonly [string]; signal?: AbortSignal }): Promise<Catalogue> => {
      const json = await withOfflineSnapshot(({ signal }) => apiRequest<unknown>(CATALOGUE_PATH, { signal, revalidate: true }))(context);
      const answer = CatalogueResponse.parse(json);
      const items = answer.items.map(toShopItem);
      rememberCatalogue(items);
      return { version: answer.version, items };
    },
  });
}

/**
 * Reads the catalogue again when the server announces a newer version than the one shown (`CATALOGUE_UPDATE`); null
 * reads it whatever its version. (A socket that comes back after a loss refreshes every shown query already:
 * background-start.ts.)
 */
export function applyCatalogueUpdate(queryClient: QueryClient, version: number | null): void {
  const key = catalogueQueryOptions().queryKey;
  const shown = queryClient.getQueryData<Catalogue>(key);
  if (version !== null && shown && shown.version >= version) return;
  void queryClient.invalidateQueries({ queryKey: key });
}

/** Keeps the catalogue live while a screen that shows it is open. */
export function useCatalogueLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    return subscribeSocket((message) => {
      if (message.type === 'CATALOGUE_UPDATE') applyCatalogueUpdate(queryClient, message.payload.version);
    });
  }, [queryClient]);
}

/** The catalogue, kept live; `enabled: false` leaves it idle (signed out). */
export function useCatalogue(enabled = true) {
  useCatalogueLive();
  return useQuery({ ...catalogueQueryOptions(), enabled });
}

/**
 * The valuation table price by name, from the catalogue as this screen has it (no live socket of its own: admin cards
 * are many, and the lists they sit in are live already).
 */
export function useSellPriceOf(): (name: string) => Cents | null | undefined {
  const items = useQuery(catalogueQueryOptions()).data?.items;
  return items ? sellPriceIn(items) : lastSellPriceOf;
}

/** The items a player can buy: active, listed in the shop and priced. */
export function buyableItems(items: readonly ShopItem[]): ShopItem[] {
  return items.filter((item) => item.status === 'active' && item.inShop !== false && item.price !== null);
}

/** The item of an id, or undefined. */
export const itemById = (items: readonly ShopItem[] | undefined, id: string) => items?.find((item) => item.id === id);

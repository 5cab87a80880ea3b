import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cents } from '@/domain/money';
import { CataloguePricesResponse, type PricePoint } from '@/domain/schemas/catalogue';
import { apiRequest } from '../api-client';
import { withOfflineSnapshot } from '../offline-snapshot';

/** GET /api/catalogue/items/{id}/prices: the value card's price history and sales (kept for offline use). */
export function itemPricesQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['/api/catalogue/items', id, 'prices'] as const,
    // The snapshot keeps the API's JSON (USD); its prices become cents here, as it is read.
    queryFn: async (context: { queryKey: readonly unknown[]; signal?: AbortSignal }) =>
      CataloguePricesResponse.parse(
        await withOfflineSnapshot(({ signal }) => apiRequest<unknown>(`/api/catalogue/items/${encodeURIComponent(id)}/prices`, { signal }))(
          context,
        ),
      ),
    // A price changes through the catalogue, whose update reads the card again when it is open.
    staleTime: 60_000,
  });
}

/** The value card's data; idle without an item. */
export const useItemPrices = (id: string | null) => useQuery({ ...itemPricesQueryOptions(id ?? ''), enabled: id !== null });

/** One step of the price chart: from `at` (seconds) the price held until the next step. */
export interface PriceStep {
  at: number;
  /** Cents, or null when not priced. */
  price: Cents | null;
  sellPrice: Cents | null;
}

/**
 * The price history over the last `days` as steps: the price in force when the window opened (the last change before
 * it), every change inside it, and the price of now at its end, so the line spans the whole window.
 */
export function priceSteps(history: readonly PricePoint[], days: number, now = Date.now()): PriceStep[] {
  const start = now - days * 86_400_000;
  const points = history
    .map((point) => ({ at: Date.parse(point.at), price: point.price, sellPrice: point.sellPrice }))
    .sort((a, b) => a.at - b.at);
  const before = points.filter((point) => point.at <= start).at(-1);
  const inside = points.filter((point) => point.at > start && point.at <= now);
  const steps = [...(before ? [{ ...before, at: start }] : []), ...inside];
  const last = steps.at(-1);
  if (last) steps.push({ ...last, at: now });
  return steps.map((step) => ({ ...step, at: Math.floor(step.at / 1000) }));
}

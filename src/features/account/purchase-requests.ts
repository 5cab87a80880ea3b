import type { PurchaseStatus } from '@/domain/state-machines';

export type PurchaseFilter = 'all' | PurchaseStatus;

/** Purchase filter values: all, pending, approved, completed, rejected. */
/** Purchase filter values: all, pending, approved, completed, rejected, and cancelled (issue 30). */
export const PURCHASE_FILTERS: PurchaseFilter[] = ['all', 'pending', 'approved', 'completed', 'rejected', 'cancelled'];

/** Keeps the requests matching a filter. */
export function filterPurchaseRequests<T extends { status: PurchaseStatus }>(items: readonly T[], filter: PurchaseFilter): T[] {
  return filter === 'all' ? [...items] : items.filter((item) => item.status === filter);
}

export interface ParsedItem {
  name: string;
  category: string;
  quantity: number;
  price: string;
}

/** Items of a request, which may arrive as a list or as a JSON string; null when unreadable. */
export function parseRequestItems(items: unknown): ParsedItem[] | null {
  let list: unknown = items;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list)) return null;
  return list.map((raw) => {
    const item = (raw ?? {}) as Record<string, unknown>;
    const price = item.price;
    return {
      name: String(item.name ?? ''),
      category: String(item.category ?? ''),
      quantity: Number(item.quantity ?? 1) || 1,
      price: typeof price === 'number' ? `$${price.toFixed(2)}` : String(price ?? ''),
    };
  });
}

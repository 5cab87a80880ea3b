import type { PurchaseItem, PurchaseRequest } from '@/domain/schemas/purchases';
import { type Cents, sumCents } from '@/domain/money';
import { orderLineTotal } from '@/domain/order-line';
import { groupByCategory, itemCount } from '@/domain/pricing';
import { i18n } from '@/lib/i18n/i18n';
import { isDatedDrop, isImmediateDrop, scheduledMillis } from './schedule';

// Sorts, toggles and breakdowns of the admin purchase-request screens (Most recent, Oldest, Price highest first, Total Items).

export type RequestSort = 'recent' | 'oldest' | 'price' | 'items';

/** Button labels; on Approved Requests 'items' reads 'Total Items Approved', and 'recent' reads 'Next Up' when scheduled-only. */
export function sortLabel(sort: RequestSort, screen: 'pending' | 'approved', scheduledOnly = false): string {
  return i18n._(sortLabelText(sort, screen, scheduledOnly));
}

function sortLabelText(sort: RequestSort, screen: 'pending' | 'approved', scheduledOnly: boolean): string {
  switch (sort) {
    case 'recent':
      return screen === 'approved' && scheduledOnly ? 'Next Up' : 'Most recent';
    case 'oldest':
      return 'Oldest';
    case 'price':
      return 'Price';
    case 'items':
      return screen === 'approved' ? 'Total Items Approved' : 'Total Items Requested';
  }
}

function placedAt(request: PurchaseRequest): number {
  return Date.parse(request.requestedAt ?? request.createdAt) || Date.parse(request.createdAt) || 0;
}

/** Total items of a request: its totalItems, or the sum of its quantities. */
export function requestItemCount(request: PurchaseRequest): number {
  return request.totalItems || itemCount(request.items);
}

/** '1 item', '3 items' (in the language shown). */
export function itemsText(count: number): string {
  return i18n._('{count, plural, one {# item} other {# items}}', { count });
}

/**
 * Sorts requests: Most recent (newest first), Oldest, Price (highest first), Total Items (most first).
 * With `nextUp` the 'recent' sort puts the soonest scheduled date/time first. Ties: newest first, then id.
 */
export function sortRequests(requests: readonly PurchaseRequest[], sort: RequestSort, nextUp = false): PurchaseRequest[] {
  // Each request's keys are read once, not in every comparison: with 10,000 requests a sort makes ~140,000
  // comparisons, and reading the dates in each (Date.parse, the schedule's time) was most of a sort's time.
  const keyed = requests.map((request) => ({
    request,
    placed: placedAt(request),
    first:
      sort === 'price'
        ? -request.totalPrice
        : sort === 'items'
          ? -requestItemCount(request)
          : sort === 'recent' && nextUp
            ? (scheduledMillis(request.scheduledDate, request.scheduledTime) ?? Number.POSITIVE_INFINITY)
            : 0,
  }));
  type Keyed = (typeof keyed)[number];
  const newestFirst = (a: Keyed, b: Keyed) => b.placed - a.placed || b.request.id - a.request.id;
  const byFirst = (a: Keyed, b: Keyed) => (a.first === b.first ? newestFirst(a, b) : a.first < b.first ? -1 : 1);
  keyed.sort(sort === 'oldest' ? (a, b) => a.placed - b.placed || a.request.id - b.request.id : byFirst);
  return keyed.map((entry) => entry.request);
}

export interface DropToggles {
  scheduledOnly: boolean;
  immediateOnly: boolean;
}

export const NO_TOGGLES: DropToggles = { scheduledOnly: false, immediateOnly: false };

/** Flips one toggle; turning one on turns the other off (they are mutually exclusive). */
export function toggleDrop(toggles: DropToggles, which: keyof DropToggles): DropToggles {
  const on = !toggles[which];
  return which === 'scheduledOnly'
    ? { scheduledOnly: on, immediateOnly: on ? false : toggles.immediateOnly }
    : { immediateOnly: on, scheduledOnly: on ? false : toggles.scheduledOnly };
}

/** Applies the toggles: scheduled-only keeps dated drops, immediate-only keeps immediate drops. */
export function filterDrops(requests: readonly PurchaseRequest[], toggles: DropToggles): PurchaseRequest[] {
  if (toggles.scheduledOnly) return requests.filter(isDatedDrop);
  if (toggles.immediateOnly) return requests.filter(isImmediateDrop);
  return [...requests];
}

/** The empty text of Approved Requests for the toggles in force. */
export function approvedEmptyText(toggles: DropToggles): string {
  if (toggles.scheduledOnly) return i18n._('No scheduled requests found');
  if (toggles.immediateOnly) return i18n._('No immediate drops found');
  return i18n._('No Approved Requests');
}

/** Line total of a request item: its unit price times its quantity, in cents. */
export const lineTotal = (item: PurchaseItem): Cents => orderLineTotal(item);

export interface CategoryBreakdown {
  category: string;
  /** Items by name, summed across requests, largest first. */
  items: Array<{ name: string; quantity: number; total: Cents }>;
  quantity: number;
  total: Cents;
}

export interface ItemsSummary {
  /** Sum of all quantities. */
  itemCount: number;
  /** Number of requests. */
  orderCount: number;
  /** Sum of all line totals. */
  total: Cents;
  categories: CategoryBreakdown[];
}

/** The Total Items Requested/Approved view: item and order counts and a per-category breakdown with totals. */
export function summariseItems(requests: readonly PurchaseRequest[]): ItemsSummary {
  const lines = requests.flatMap((request) => request.items);
  const categories = groupByCategory(lines).map(([category, categoryLines]): CategoryBreakdown => {
    const byName = new Map<string, { name: string; quantity: number; total: Cents }>();
    for (const line of categoryLines) {
      const key = line.name.toLowerCase();
      const entry = byName.get(key) ?? { name: line.name, quantity: 0, total: sumCents([]) };
      entry.quantity += line.quantity;
      entry.total = sumCents([entry.total, lineTotal(line)]);
      byName.set(key, entry);
    }
    const items = [...byName.values()].sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
    return {
      category,
      items,
      quantity: itemCount(categoryLines),
      total: sumCents(items.map((item) => item.total)),
    };
  });
  return {
    itemCount: itemCount(lines),
    orderCount: requests.length,
    total: sumCents(categories.map((category) => category.total)),
    categories,
  };
}

/** Every item of a set of requests with the request it belongs to (the 'All Item Requests' grids). */
export function allItems(requests: readonly PurchaseRequest[]): Array<{ request: PurchaseRequest; item: PurchaseItem; key: string }> {
  return requests.flatMap((request) => request.items.map((item, index) => ({ request, item, key: `${request.id}-${index}` })));
}

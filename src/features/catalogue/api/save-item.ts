// One change of a catalogue item from the grid or the editor (DESIGN.md §14): PATCH with the reason and the version
// the admin saw, through the admin outbox — at a drop with no signal "sold out" is kept on the device under the key
// chosen when the admin tapped, shown at once, and sent once when the connection returns. A stale edit (409) says
// who changed the item and when, and the grid shows the item as it is now.
import type { QueryClient } from '@tanstack/react-query';
import { i18n } from '@/lib/i18n/i18n';
import type { Cents } from '@/domain/money';
import { displayCents } from '@/lib/i18n/intl';
import { statusValue } from '../lib/field-word';
import {
  CatalogueEntry,
  CatalogueStaleBody,
  pricesInUsd,
  type CatalogueStatus,
  type UpdateCatalogueItemJson,
} from '@/domain/schemas/catalogue';
import { ApiError } from '@/lib/api-client';
import { catalogueQueryOptions, toShopItem, type Catalogue, type ShopItem } from '@/lib/catalogue/catalogue-query';
import { lazyDateFormat } from '@/lib/lazy-date-format';
import { submitAdminAction } from '@/lib/outbox/outbox';

/** A change of an item as the app holds it: prices in cents. */
export type ItemChange = Partial<{ price: Cents | null; sellPrice: Cents | null; stock: number | null; status: CatalogueStatus }>;

export type SaveOutcome =
  | { status: 'saved'; item: ShopItem }
  | { status: 'queued' }
  | { status: 'stale'; message: string; item: ShopItem | null }
  | { status: 'refused'; message: string };

const timeFormat = lazyDateFormat({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/** '$18.00', '12', 'unlimited', 'not priced', 'hidden' (in the language shown). */
export function changeText(field: keyof ItemChange, value: ItemChange[keyof ItemChange]): string {
  if (field === 'status') return statusValue(String(value));
  if (field === 'stock') return value === null ? i18n._('unlimited') : String(value);
  return value === null ? i18n._('not priced') : displayCents(value as Cents);
}

/** 'price $20.00', 'stock 3': one field's change. */
function fieldChange(field: keyof ItemChange, value: ItemChange[keyof ItemChange]): string {
  const shown = { value: changeText(field, value) };
  if (field === 'price') return i18n._('price {value}', shown);
  if (field === 'sellPrice') return i18n._('sell price {value}', shown);
  return field === 'stock' ? i18n._('stock {value}', shown) : i18n._('status {value}', shown);
}

/** 'AK-47: price $20.00, stock 3' — what the outbox and the Undo toast say of a change. */
export function describeChange(item: Pick<ShopItem, 'name'>, change: ItemChange): string {
  const parts = (Object.keys(change) as Array<keyof ItemChange>).map((field) => fieldChange(field, change[field]));
  return i18n._('{item}: {changes}', { item: item.name, changes: parts.join(', ') });
}

function patchCached(queryClient: QueryClient, id: string, patch: (item: ShopItem) => ShopItem) {
  queryClient.setQueryData<Catalogue>(catalogueQueryOptions().queryKey, (current) =>
    current ? { ...current, items: current.items.map((item) => (item.id === id ? patch(item) : item)) } : current,
  );
}

/** Sends one change of an item (as the admin saw it: `item.version`), showing it at once. */
export async function saveItemChange(
  queryClient: QueryClient,
  item: ShopItem,
  change: ItemChange,
  reason: string,
  username: string,
): Promise<SaveOutcome> {
  const body: UpdateCatalogueItemJson = { ...pricesInUsd(change), reason, expectedVersion: item.version };
  patchCached(queryClient, item.id, (shown) => ({ ...shown, ...change }));
  try {
    const outcome = await submitAdminAction<unknown>(
      {
        method: 'PATCH',
        path: `/api/admin/catalogue/items/${encodeURIComponent(item.id)}`,
        body,
        subject: { type: 'catalogue-item', id: item.id },
        target: 'changed',
        label: describeChange(item, change),
      },
      { username },
    );
    if (outcome.status === 'sent') {
      const parsed = CatalogueEntry.safeParse(outcome.result);
      const saved = parsed.success ? toShopItem(parsed.data) : { ...item, ...change, version: item.version + 1 };
      patchCached(queryClient, item.id, () => saved);
      return { status: 'saved', item: saved };
    }
    return { status: 'queued' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const stale = CatalogueStaleBody.safeParse(error.body);
      if (stale.success) {
        const now = toShopItem(stale.data.item);
        patchCached(queryClient, item.id, () => now);
        const values = { item: item.name, name: stale.data.current.actorName, time: timeFormat.format(new Date(stale.data.current.at)) };
        return {
          status: 'stale',
          item: now,
          message: values.name
            ? i18n._('{item} was changed by {name} at {time}. It now shows as it is; make your change again if it still applies.', values)
            : i18n._('{item} was changed by someone at {time}. It now shows as it is; make your change again if it still applies.', values),
        };
      }
    }
    void queryClient.invalidateQueries({ queryKey: catalogueQueryOptions().queryKey });
    const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : i18n._('The change could not be saved.');

    return { status: 'refused', message };
  }
}

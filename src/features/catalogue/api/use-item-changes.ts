import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { showToast } from '@/components/toast-store';
import { i18n } from '@/lib/i18n/i18n';
import { catalogueQueryOptions, type Catalogue, type ShopItem } from '@/lib/catalogue/catalogue-query';
import { describeChange, saveItemChange, type ItemChange } from './save-item';

/** How long a change can be undone. */
export const UNDO_MS = 10_000;

interface Applied {
  id: string;
  /** What the item held before, for Undo. */
  before: ItemChange;
}

const beforeOf = (item: ShopItem, change: ItemChange): ItemChange =>
  Object.fromEntries(Object.keys(change).map((field) => [field, item[field as keyof ItemChange]])) as ItemChange;

/**
 * Saves changes of the grid (one, or a pasted column's), then offers Undo for 10 s: Undo sends each item back to what
 * it held, as the item is now (its new version), with the reason 'Undo: …'.
 */
export function useItemChanges(username: string | null) {
  const queryClient = useQueryClient();
  const busy = useRef(false);

  const current = (id: string) =>
    queryClient.getQueryData<Catalogue>(catalogueQueryOptions().queryKey)?.items.find((item) => item.id === id);

  const save = async (changes: Array<{ item: ShopItem; change: ItemChange }>, reason: string, undoable = true) => {
    if (!username || changes.length === 0) return;
    busy.current = true;
    const applied: Applied[] = [];
    const problems: string[] = [];
    let queued = 0;
    for (const { item, change } of changes) {
      const outcome = await saveItemChange(queryClient, current(item.id) ?? item, change, reason, username);
      if (outcome.status === 'saved' || outcome.status === 'queued') applied.push({ id: item.id, before: beforeOf(item, change) });
      if (outcome.status === 'queued') queued += 1;
      if (outcome.status === 'stale' || outcome.status === 'refused') problems.push(outcome.message);
    }
    busy.current = false;
    if (problems.length > 0) {
      showToast({ title: i18n._('Not saved'), description: problems.join(' '), variant: 'destructive', duration: 10_000 });
      return;
    }
    const what =
      changes.length === 1
        ? describeChange(changes[0].item, changes[0].change)
        : i18n._('{count, plural, one {# item changed} other {# items changed}}', { count: changes.length });
    showToast({
      description: queued > 0 ? i18n._('{what} — kept on this device, sent when back online', { what }) : what,
      variant: 'success',
      duration: UNDO_MS,
      ...(undoable && applied.length > 0
        ? {
            action: {
              label: i18n._('Undo'),
              onAction: () =>
                void save(
                  applied.flatMap(({ id, before }) => {
                    const now = current(id);
                    return now ? [{ item: now, change: before }] : [];
                  }),
                  i18n._('Undo: {reason}', { reason }),

                  false,
                ),
            },
          }
        : {}),
    });
  };

  return { save };
}

import { useDeferredValue, useState } from 'react';

/**
 * The record of a list and detail: `tapped` is highlighted at once (the first of the list until one is tapped), and
 * `detailed` — whose detail (history, conversation) is drawn — follows just after, from the deferred id, so the tap
 * itself paints only the highlight.
 */
export function useSelectedRequest<T extends { id: number }>(list: readonly T[]) {
  const [selectedId, select] = useState<number | null>(null);
  const tapped = list.find((record) => record.id === selectedId) ?? list[0] ?? null;
  const detailId = useDeferredValue(tapped?.id ?? null);
  const detailed = list.find((record) => record.id === detailId) ?? tapped;
  return { tapped, detailed, select };
}

import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';
import { sortPickups } from './find';
import { indexPickups, searchIndexed } from './search-index';

/**
 * The pickups of one list in the order an admin meets them, searched over the precomputed index with a deferred
 * query (issue 33 item 6): a letter typed paints at once with 10,000 pickups, and the grid follows from the index.
 */
export function useSearchedPickups(keep: (pickup: ScheduledPickup) => boolean, initialQuery: string) {
  const pickups = useQuery(scheduledPickupsQueryOptions());
  const [query, setQuery] = useState(initialQuery);
  const deferredQuery = useDeferredValue(query);
  const data = pickups.data;
  const all = useMemo(() => sortPickups((data ?? []).filter(keep)), [data, keep]);
  const index = useMemo(() => indexPickups(all), [all]);
  const shown = useMemo(() => searchIndexed(index, deferredQuery), [index, deferredQuery]);
  return { pickups, query, setQuery, deferredQuery, all, shown };
}

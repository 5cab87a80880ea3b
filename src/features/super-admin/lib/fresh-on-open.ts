import { useState } from 'react';

/** How old a copy received before a view opened may be and still be shown at once. */
export const FRESH_ON_OPEN_MS = 1000;

interface OpenedQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data: unknown;
  dataUpdatedAt: number;
  refetch: () => unknown;
}

/**
 * Counts right from the first paint (issue 33 item 7: Super Admin Settings once counted 3 users while 43 existed, for
 * seconds): a copy received before the view opened — prefetched at home, or kept from an earlier visit — is not shown
 * while the read the view starts on opening (`refetchOnMount: 'always'`) is on its way; the view says it is loading
 * instead. Offline that read answers the saved copy at once, which is then shown with its time (useListFrame).
 */
export function useFreshOnOpen<Q extends OpenedQuery>(query: Q): Q {
  const [openedAt] = useState(() => Date.now());
  const old = query.data !== undefined && query.dataUpdatedAt < openedAt - FRESH_ON_OPEN_MS && query.isFetching;
  return old ? { ...query, isPending: true } : query;
}

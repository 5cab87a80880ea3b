import type { ReactNode } from 'react';
import { useOfflineSnapshot } from '../lib/offline-snapshot';
import { LoadError } from './load-error';
import { OfflineDataNote } from './offline-data-note';

interface FrameQuery {
  isPending: boolean;
  isError: boolean;
  data: unknown;
  refetch: () => unknown;
}

export interface ListFrame {
  /** Shown instead of the list: the loading text, or a failed load with no saved copy (error + Retry). */
  blocking: ReactNode | null;
  /** Shown above the list when it is the last saved copy (offline): the time it was saved. */
  note: ReactNode | null;
}

/**
 * What a list shows around its data: a loading text while the first answer is awaited; a failed load with no saved
 * copy as an error with Retry — never the empty-state text, which would claim there is nothing; and when the data
 * on screen is the last saved copy, a note with the time it was saved. `snapshotKeys` are the queries' keys (their
 * queryFn wrapped in withOfflineSnapshot); their number must not change while the view is shown.
 */
export function useListFrame(queries: FrameQuery[], snapshotKeys: Array<readonly unknown[]>, loading: ReactNode): ListFrame {
  const times = snapshotKeys.map((key) => useOfflineSnapshot(key)); // eslint-disable-line react-hooks/rules-of-hooks
  const savedAt = times.filter((time): time is string => !!time).sort()[0] ?? null;
  if (queries.some((query) => query.isPending)) return { blocking: loading, note: null };
  if (queries.some((query) => query.isError && query.data === undefined)) {
    return { blocking: <LoadError onRetry={() => queries.forEach((query) => void query.refetch())} />, note: null };
  }
  return { blocking: null, note: savedAt ? <OfflineDataNote savedAt={savedAt} /> : null };
}

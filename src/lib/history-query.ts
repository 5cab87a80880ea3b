import { queryOptions } from '@tanstack/react-query';
import type { HistoryEntry, HistorySubject } from '../domain/schemas/history';
import { apiRequest } from './api-client';
import { withOfflineSnapshot } from './offline-snapshot';

/** GET /api/history/{subject}/{id}: a record's timeline, oldest first; opens offline with the last copy received. */
export function historyQueryOptions(subject: HistorySubject, id: number) {
  return queryOptions({
    queryKey: ['history', subject, id],
    queryFn: withOfflineSnapshot(({ signal }) => apiRequest<HistoryEntry[]>(`/api/history/${subject}/${id}`, { signal })),
    // A timeline only grows; what changed it also changed the record, whose live update refreshes the lists.
    staleTime: 30_000,
  });
}

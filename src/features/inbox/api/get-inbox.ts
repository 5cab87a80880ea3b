import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InboxAnswer } from '@/domain/schemas/inbox';
import { apiRequest } from '@/lib/api-client';

/** GET /api/inbox: what the app told the player, unread first. */
export function inboxQueryOptions() {
  return queryOptions({
    queryKey: ['/api/inbox'],
    queryFn: ({ signal }) => apiRequest<InboxAnswer>('/api/inbox', { signal }),
  });
}

/** The inbox, fetched again each time a screen showing it opens (lists here are never stale by time otherwise). */
export function useInbox(enabled = true) {
  return useQuery({ ...inboxQueryOptions(), enabled, refetchOnMount: 'always' });
}

/**
 * POST /api/inbox/read: marks read up to the newest item shown. The screen keeps showing which were new on this visit;
 * the next visit reads the new state.
 */
export function useMarkInboxRead() {
  return useMutation({
    mutationFn: (upTo: number) => apiRequest<InboxAnswer>('/api/inbox/read', { method: 'POST', body: { upTo } }),
  });
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dispute } from '@/domain/schemas/deals';
import { apiRequest } from '@/lib/api-client';

/** GET /api/admin/disputes: every dispute of a no-show, newest first (the super admin). */
export function disputesQueryOptions() {
  return queryOptions({
    queryKey: ['super-admin', 'disputes'],
    queryFn: ({ signal }) => apiRequest<Dispute[]>('/api/admin/disputes', { signal }),
    refetchInterval: 15_000,
  });
}

/** POST /api/admin/disputes/{id}/uphold | dismiss `{ note }`: upheld grants the 25% once; dismissed keeps who and why. */
export function useDecideDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: 'uphold' | 'dismiss'; note: string }) =>
      apiRequest<Dispute>(`/api/admin/disputes/${id}/${decision}`, { method: 'POST', body: note ? { note } : {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['super-admin'] }),
  });
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { Dispute, Disputes } from '@/domain/schemas/deals';
import { apiRequest } from '@/lib/api-client';

/** GET /api/admin/disputes: every dispute of a no-show, newest first (the super admin). */
export function disputesQueryOptions() {
  return queryOptions({
    queryKey: ['super-admin', 'disputes'],
    queryFn: async ({ signal }) => Disputes.parse(await apiRequest<unknown>('/api/admin/disputes', { signal })),
    refetchInterval: 15_000,
  });
}

/** POST /api/admin/disputes/{id}/uphold | dismiss `{ note }`: upheld grants the 25% once; dismissed keeps who and why. */
export function useDecideDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision, note }: { id: number; decision: 'uphold' | 'dismiss'; note: string }) =>
      Dispute.parse(await apiRequest<unknown>(`/api/admin/disputes/${id}/${decision}`, { method: 'POST', body: note ? { note } : {} })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['super-admin'] }),
  });
}

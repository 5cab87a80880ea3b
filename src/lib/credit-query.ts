import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Cents } from '../domain/money';
import { CreditAccount, CreditEntry, CreditReversalPreview } from '../domain/schemas/credit';
import { apiRequest } from './api-client';
import { withOfflineSnapshot } from './offline-snapshot';

/** GET /api/marketplace/credit/{username}: the player's store credit balance and ledger, newest first. */
export function creditQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['/api/marketplace/credit', username],
    // The last copy is kept as the API wrote it, and read into cents like a fresh one.
    queryFn: async (context) =>
      CreditAccount.parse(
        await withOfflineSnapshot(({ signal }) =>
          apiRequest<unknown>(`/api/marketplace/credit/${encodeURIComponent(username)}`, { signal }),
        )(context),
      ),
  });
}

/** A player's store credit; idle without a username. */
export function useCredit(username: string | null | undefined) {
  return useQuery({ ...creditQueryOptions(username ?? ''), enabled: Boolean(username) });
}

/**
 * A CREDIT_UPDATE from the socket: the new balance shows at once, and the entries are fetched again so the
 * reason for the change is listed too.
 */
export function applyCreditUpdate(queryClient: QueryClient, payload: { username: string; balance: Cents }): void {
  const key = creditQueryOptions(payload.username).queryKey;
  queryClient.setQueryData<CreditAccount>(key, (current) => (current ? { ...current, balance: payload.balance } : current));
  void queryClient.invalidateQueries({ queryKey: key });
}

/** GET /api/admin/credits/{entryId}/reversal (the super admin): how much a reversal can take back now, or why not. */
export function creditReversalQueryOptions(entryId: number) {
  return queryOptions({
    queryKey: ['/api/admin/credits', entryId, 'reversal'],
    queryFn: async ({ signal }) =>
      CreditReversalPreview.parse(await apiRequest<unknown>(`/api/admin/credits/${entryId}/reversal`, { signal })),
    staleTime: 0,
    retry: false,
  });
}

/** POST /api/admin/credits/{entryId}/reverse (the super admin): appends a reversal with the reason. */
export function useReverseCredit(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ entry, reason, key }: { entry: CreditEntry; reason: string; key: string }) =>
      CreditEntry.parse(
        await apiRequest<unknown>(`/api/admin/credits/${entry.id}/reverse`, { method: 'POST', body: { reason }, idempotencyKey: key }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditQueryOptions(username).queryKey }),
  });
}

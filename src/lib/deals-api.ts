// Proposals and disputes as the player's screens use them (DESIGN.md §10). Shared code: the account screen and the
// routes that compose it both read these.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateDisputeBody, Dispute, Disputes, type PromiseSubjectType, type Proposal } from '../domain/schemas/deals';
import { apiRequest } from './api-client';

/** GET /api/proposals: the open proposals the session user may answer (for a player, the store's new times). */
export function openProposalsQueryOptions() {
  return queryOptions({ queryKey: ['/api/proposals', 'open'], queryFn: () => apiRequest<Proposal[]>('/api/proposals') });
}

/**
 * GET /api/proposals?include=own: every open proposal the session user's side has to do with — the ones to answer and
 * the ones their side made, waiting for the other side (issue 47.6: both are shown on the cards).
 */
export function waitingProposalsQueryOptions() {
  return queryOptions({ queryKey: ['/api/proposals', 'open', 'own'], queryFn: () => apiRequest<Proposal[]>('/api/proposals?include=own') });
}

/** The open proposals on one record: the store's (an admin's) and the player's, each at most one. */
export function useRecordProposals(subjectType: PromiseSubjectType, subjectId: number) {
  const proposals = useQuery(waitingProposalsQueryOptions());
  const on = proposals.data?.filter((p) => p.subjectType === subjectType && p.subjectId === subjectId && p.status === 'open') ?? [];
  return {
    loaded: proposals.data !== undefined,
    byStore: on.find((p) => p.proposedByRole === 'admin'),
    byPlayer: on.find((p) => p.proposedByRole === 'player'),
  };
}

/** Every proposals list (the open ones and each record's): what a proposal's change makes stale. */
export const PROPOSALS_KEY = ['/api/proposals'] as const;

/** GET /api/disputes: the session user's own disputes, newest first. */
export function myDisputesQueryOptions() {
  return queryOptions({ queryKey: ['/api/disputes'], queryFn: async () => Disputes.parse(await apiRequest<unknown>('/api/disputes')) });
}

/** POST /api/proposals/{id}/accept | decline; every list that shows a promise is read again. */
export function useAnswerProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: 'accept' | 'decline' }) =>
      apiRequest<Proposal>(`/api/proposals/${id}/${answer}`, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** POST /api/disputes: the owner disputes a no-show within 48 hours. */
export function useOpenDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateDisputeBody) => Dispute.parse(await apiRequest<unknown>('/api/disputes', { method: 'POST', body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myDisputesQueryOptions().queryKey }),
  });
}

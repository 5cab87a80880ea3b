import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorStatus, TotpConfirmed, TotpSetup } from '@/domain/schemas/signin';
import { apiRequest } from '@/lib/api-client';

export const SECOND_FACTOR_KEY = ['second-factor'] as const;

/** GET /api/marketplace/second-factor: whether this session must still give (or set up) an admin's second factor. */
export function secondFactorQueryOptions() {
  return queryOptions({
    queryKey: SECOND_FACTOR_KEY,
    queryFn: ({ signal }) => apiRequest<SecondFactorStatus>('/api/marketplace/second-factor', { signal }),
    staleTime: 0,
    retry: false,
  });
}

/** POST /api/marketplace/second-factor/totp/setup: a new secret and its QR. */
export function useStartTotp() {
  return useMutation({
    mutationFn: () => apiRequest<TotpSetup>('/api/marketplace/second-factor/totp/setup', { method: 'POST', body: {} }),
  });
}

/**
 * Sends an authenticator code: the first one confirms a new app (`confirm`, answering the recovery codes), later ones
 * (or a recovery code) are a sign-in's second step. Once passed, everything fetched while admin calls were refused is
 * fetched again.
 */
export function useTotpCode(confirm: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest<SecondFactorStatus | TotpConfirmed>(`/api/marketplace/second-factor/totp${confirm ? '/confirm' : ''}`, {
        method: 'POST',
        body: { code },
      }),
    onSuccess: (status) => secondFactorPassed(queryClient, status),
  });
}

/** Stores the new state (never the one-time recovery codes) and refetches what an unconfirmed session was refused. */
export function secondFactorPassed(queryClient: ReturnType<typeof useQueryClient>, answer: SecondFactorStatus | TotpConfirmed) {
  const status: SecondFactorStatus = { state: answer.state, totp: answer.totp, passkeys: answer.passkeys };
  queryClient.setQueryData(SECOND_FACTOR_KEY, status);
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SECOND_FACTOR_KEY[0] });
}

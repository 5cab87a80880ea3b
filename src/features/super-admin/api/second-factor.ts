import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SecondFactorSummary } from '@/domain/schemas/signin';
import { apiRequest } from '@/lib/api-client';
import { userDetailQueryOptions } from './user-detail';

const path = (username: string) => `/api/admin/marketplace-users/${encodeURIComponent(username)}/second-factor`;

/** GET /api/admin/marketplace-users/{username}/second-factor: the user's authenticator app and passkeys. */
export function secondFactorQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['super-admin', 'second-factor', username.toLowerCase()],
    queryFn: async ({ signal }) => SecondFactorSummary.parse(await apiRequest<unknown>(path(username), { signal })),
    refetchOnMount: 'always',
  });
}

export const useSecondFactor = (username: string) => useQuery(secondFactorQueryOptions(username));

/**
 * DELETE …/second-factor: removes the user's authenticator app and passkeys and signs them out everywhere. Online only,
 * like the reset link: it is the super admin's answer to someone asking in person, and its result is needed at once.
 */
export function useRemoveSecondFactor(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => SecondFactorSummary.parse(await apiRequest<unknown>(path(username), { method: 'DELETE' })),
    onSuccess: (left) => {
      queryClient.setQueryData(secondFactorQueryOptions(username).queryKey, left);
      // The page's "Signed in on … devices" changes too.
      void queryClient.invalidateQueries({ queryKey: userDetailQueryOptions(username).queryKey });
    },
  });
}

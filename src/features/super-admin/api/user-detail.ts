import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDetail } from '@/domain/schemas/users';
import { apiRequest } from '@/lib/api-client';
import { withOfflineSnapshot } from '@/lib/offline-snapshot';

/** GET /api/admin/marketplace-users/{username}: a user's page (their records, sign-ins); opens offline from its last copy. */
export function userDetailQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['super-admin', 'user', username.toLowerCase()],
    queryFn: withOfflineSnapshot(({ signal }) =>
      apiRequest<UserDetail>(`/api/admin/marketplace-users/${encodeURIComponent(username)}`, { signal }),
    ),
    // Read again each time the page opens: what it shows is never an old copy while a fresh one can be had.
    refetchOnMount: 'always',
  });
}

export const useUserDetail = (username: string) => useQuery(userDetailQueryOptions(username));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserDetail } from '@/domain/schemas/users';
import { apiRequest } from '@/lib/api-client';
import { withOfflineSnapshot } from '@/lib/offline-snapshot';

/** GET /api/admin/marketplace-users/{username}: a user's page (their records, sign-ins); opens offline from its last copy. */
export function userDetailQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['super-admin', 'user', username.toLowerCase()],
    // The last copy is kept as the API wrote it, and read into cents like a fresh one.
    queryFn: async (context) =>
      UserDetail.parse(
        await withOfflineSnapshot(({ signal }) =>
          apiRequest<unknown>(`/api/admin/marketplace-users/${encodeURIComponent(username)}`, { signal }),
        )(context),
      ),
    // Read again each time the page opens: what it shows is never an old copy while a fresh one can be had.
    refetchOnMount: 'always',
  });
}

export const useUserDetail = (username: string) => useQuery(userDetailQueryOptions(username));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSellRequest } from '../../../domain/schemas/submissions';
import { apiRequest } from '../../../lib/api-client';
import { withOfflineSnapshot } from '../../../lib/offline-snapshot';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/user-sell-requests/{username}: the user's sell requests, newest first. */
export function getUserSellRequests(username: string): Promise<UserSellRequest[]> {
  return apiRequest<UserSellRequest[]>(`/api/user-sell-requests/${encodeURIComponent(username)}`);
}

export function userSellRequestsQueryOptions(username: string) {
  return queryOptions({
    queryKey: queryKeys.userSellRequests(username),
    queryFn: withOfflineSnapshot(() => getUserSellRequests(username)),
  });
}

/** Fetched only while the sell tab is open. */
export function useUserSellRequests(username: string, enabled: boolean) {
  return useQuery({ ...userSellRequestsQueryOptions(username), enabled: enabled && Boolean(username) });
}

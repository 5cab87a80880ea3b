import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSellRequest } from '@/domain/schemas/submissions';
import { apiRequest } from '@/lib/api-client';
import { withOfflineSnapshot } from '@/lib/offline-snapshot';

/** GET /api/user-sell-requests/{username}: the user's sell requests, newest first. */
export function getUserSellRequests(username: string): Promise<UserSellRequest[]> {
  return apiRequest<UserSellRequest[]>(`/api/user-sell-requests/${encodeURIComponent(username)}`);
}

/** Every user's sell-request list; one user's key adds the name. */
export const USER_SELL_REQUESTS_KEY = ['/api/user-sell-requests'] as const;

export function userSellRequestsQueryOptions(username: string) {
  return queryOptions({
    queryKey: [...USER_SELL_REQUESTS_KEY, username],
    queryFn: withOfflineSnapshot(() => getUserSellRequests(username)),
  });
}

/** Fetched only while the sell tab is open. */
export function useUserSellRequests(username: string, enabled: boolean) {
  return useQuery({ ...userSellRequestsQueryOptions(username), enabled: enabled && Boolean(username) });
}

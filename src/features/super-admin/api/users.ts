import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarketplaceUser } from '../../../domain/schemas/users';
import { announceAdminResult } from '../../../components/admin-action-feedback';
import { apiRequest } from '../../../lib/api-client';
import { useCurrentUserName } from '../../../lib/current-user';
import { submitAdminAction } from '../../../lib/outbox';
import { withOfflineSnapshot } from '../../../lib/offline-snapshot';
import { statsQueryOptions } from './stats';

/** The user list is polled every 2.5 s (within the required 2-3 s) while the settings are open. */
export const USERS_POLL_MS = 2500;

/** GET /api/admin/marketplace-users (the super admin only). */
export function usersQueryOptions() {
  return queryOptions({
    queryKey: ['super-admin', 'users'],
    queryFn: withOfflineSnapshot(({ signal }) => apiRequest<MarketplaceUser[]>('/api/admin/marketplace-users', { signal })),
    refetchInterval: USERS_POLL_MS,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: statsQueryOptions().queryKey }),
    ]);
}

/** POST /api/admin/marketplace-users/{username}/admin-status: promote or demote. */
export function useSetAdminStatus() {
  const refresh = useRefresh();
  const me = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: ({ username, isAdmin }: { username: string; isAdmin: boolean }) =>
      submitAdminAction<MarketplaceUser>(
        {
          method: 'POST',
          path: `/api/admin/marketplace-users/${encodeURIComponent(username)}/admin-status`,
          body: { isAdmin },
          subject: { type: 'user', id: username },
          target: isAdmin ? 'admin' : 'player',
          label: `${isAdmin ? 'Make admin' : 'Remove admin'}: ${username}`,
        },
        { username: me },
      ),
    onSuccess: announceAdminResult,
    onSettled: refresh,
  });
}

/** DELETE /api/admin/marketplace-users/{username}. */
export function useDeleteUser() {
  const refresh = useRefresh();
  const me = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: (username: string) =>
      submitAdminAction<void>(
        {
          method: 'DELETE',
          path: `/api/admin/marketplace-users/${encodeURIComponent(username)}`,
          subject: { type: 'user', id: username },
          target: 'deleted',
          label: `Delete user: ${username}`,
        },
        { username: me },
      ),
    onSuccess: announceAdminResult,
    onSettled: refresh,
  });
}

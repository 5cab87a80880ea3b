import { useMutation } from '@tanstack/react-query';
import type { MarketplaceUser } from '@/domain/schemas/users';
import { announceAdminResult } from '@/components/admin-action-feedback';
import { useCurrentUserName } from '@/lib/current-user';
import { submitAdminAction } from '@/lib/outbox/outbox';
import { useRefresh } from './users';

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

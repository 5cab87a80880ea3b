import { useMutation } from '@tanstack/react-query';
import type { MarketplaceUser } from '@/domain/schemas/users';
import { announceAdminResult } from '@/components/admin-action-feedback';
import { useCurrentUserName } from '@/lib/current-user';
import { i18n } from '@/lib/i18n/i18n';
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
          label: isAdmin ? i18n._('Make admin: {name}', { name: username }) : i18n._('Remove admin: {name}', { name: username }),
        },
        { username: me },
      ),
    onSuccess: announceAdminResult,
    onSettled: refresh,
  });
}

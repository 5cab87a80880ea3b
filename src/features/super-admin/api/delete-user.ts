import { useMutation } from '@tanstack/react-query';
import { announceAdminResult } from '@/components/admin-action-feedback';
import { useCurrentUserName } from '@/lib/current-user';
import { i18n } from '@/lib/i18n/i18n';
import { submitAdminAction } from '@/lib/outbox/outbox';
import { useRefresh } from './users';

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
          label: i18n._('Delete user: {name}', { name: username }),
        },
        { username: me },
      ),
    onSuccess: announceAdminResult,
    onSettled: refresh,
  });
}

import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { showToast } from '@/components/toast-store';
import type { MarketplaceUser } from '@/domain/schemas/users';
import { i18n } from '@/lib/i18n/i18n';
import { useLingui } from '@/lib/i18n/react';
import { useDeleteUser } from '../api/delete-user';
import { useSetAdminStatus } from '../api/set-admin-status';
import { userErrorText } from '../lib/error-text';
import { DeletionSummary } from './deletion-summary';

const failed = (error: unknown) => showToast({ title: i18n._('Error'), description: userErrorText(error), variant: 'destructive' });

/** Asks before a user's role changes (issue 33 item 4: one stray tap no longer gives or takes admin rights), then sends it. */
export function RoleChangeDialog({
  user,
  setAdmin,
  onClose,
}: {
  /** The user whose role would change, or null when closed. */
  user: MarketplaceUser | null;
  setAdmin: ReturnType<typeof useSetAdminStatus>;
  onClose: () => void;
}) {
  const { _ } = useLingui();
  const confirm = () => {
    if (!user) return;
    onClose();
    setAdmin.mutate(
      { username: user.username, isAdmin: !user.isAdmin },
      {
        onSuccess: () =>
          showToast({
            title: _('Success'),
            description: user.isAdmin
              ? _('{name} removed from admin', { name: user.username })
              : _('{name} promoted to admin', { name: user.username }),
          }),
        onError: failed,
      },
    );
  };
  return (
    <Dialog
      open={user !== null}
      alert
      title={user?.isAdmin ? _('Remove Admin') : _('Make Admin')}
      onClose={onClose}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onClose}>
            {_('Cancel')}
          </Button>
          <Button type="button" $variant={user?.isAdmin ? 'danger' : 'primary'} disabled={setAdmin.isPending} onClick={confirm}>
            {user?.isAdmin ? _('Remove admin rights') : _('Make admin')}
          </Button>
        </>
      }
    >
      <p>
        {user?.isAdmin
          ? _('Remove admin rights from {name}? Their sessions end at once and they sign in again as a player.', {
              name: user.username,
            })
          : _('Make {name} an admin? They will see every request, submission and pickup, and act on them.', {
              name: user?.username,
            })}
      </p>
    </Dialog>
  );
}

/** Asks before a user is deleted, showing what the deletion ends, then deletes them. */
export function DeleteUserDialog({ user, onClose }: { user: MarketplaceUser | null; onClose: () => void }) {
  const { _ } = useLingui();
  const remove = useDeleteUser();
  const confirm = () => {
    if (!user) return;
    const name = user.username;
    remove.mutate(name, {
      onSuccess: () => showToast({ title: _('Success'), description: _('User {name} has been deleted', { name }) }),
      onError: failed,
      onSettled: onClose,
    });
  };
  return (
    <Dialog
      open={user !== null}
      alert
      title={_('Delete User')}
      onClose={onClose}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onClose}>
            {_('Cancel')}
          </Button>
          <Button $variant="danger" type="button" disabled={remove.isPending} onClick={confirm}>
            {_('Delete')}
          </Button>
        </>
      }
    >
      <p>
        {_('Are you sure you want to delete {name}? Their account and sign-in end at once. This cannot be undone.', {
          name: user?.username,
        })}
      </p>

      <DeletionSummary username={user?.username ?? null} />
    </Dialog>
  );
}

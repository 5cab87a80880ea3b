import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { showToast } from '../../../components/toast-store';
import type { MarketplaceUser } from '../../../domain/schemas/users';
import { userErrorText } from '../lib/error-text';
import { useDeleteUser } from '../api/delete-user';
import { useSetAdminStatus } from '../api/set-admin-status';
import { ResetLinkButton } from './reset-link';
import { DeletionSummary } from './deletion-summary';

const failed = (error: unknown) => showToast({ title: 'Error', description: userErrorText(error), variant: 'destructive' });

/** The users with their labels, promote/demote and delete (with a confirmation first). */
export function UserList({ users }: { users: readonly MarketplaceUser[] }) {
  const setAdmin = useSetAdminStatus();
  const remove = useDeleteUser();
  const [deleting, setDeleting] = useState<MarketplaceUser | null>(null);

  if (users.length === 0) return <Empty>No users found</Empty>;
  const sorted = [...users].sort(
    (a, b) =>
      Number(b.isSuperAdmin) - Number(a.isSuperAdmin) || Number(b.isAdmin) - Number(a.isAdmin) || a.username.localeCompare(b.username),
  );

  return (
    <>
      <List aria-label="Users">
        {sorted.map((user) => (
          <Item key={user.id} aria-label={user.username}>
            <Who>
              <strong>{user.username}</strong>
              <Labels>
                {user.isSuperAdmin ? (
                  <Label $tone="accent">Super Admin</Label>
                ) : (
                  <>
                    <Label>User</Label>
                    {user.isAdmin && <Label $tone="primary">Admin</Label>}
                  </>
                )}
              </Labels>
              {user.contactEmail && <small>{user.contactEmail}</small>}
            </Who>
            {!user.isSuperAdmin && (
              <Actions>
                <Button
                  type="button"
                  $variant={user.isAdmin ? 'secondary' : 'primary'}
                  disabled={setAdmin.isPending && setAdmin.variables?.username === user.username}
                  onClick={() =>
                    setAdmin.mutate(
                      { username: user.username, isAdmin: !user.isAdmin },
                      {
                        onSuccess: () =>
                          showToast({
                            title: 'Success',
                            description: user.isAdmin ? `${user.username} removed from admin` : `${user.username} promoted to admin`,
                          }),
                        onError: failed,
                      },
                    )
                  }
                >
                  {user.isAdmin ? 'Remove Admin' : 'Make Admin'}
                </Button>
                <ResetLinkButton username={user.username} />
                <Button $variant="danger" type="button" aria-label={`Delete ${user.username}`} onClick={() => setDeleting(user)}>
                  Delete
                </Button>
              </Actions>
            )}
          </Item>
        ))}
      </List>
      <Dialog
        open={deleting !== null}
        alert
        title="Delete User"
        onClose={() => setDeleting(null)}
        actions={
          <>
            <Button type="button" $variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              $variant="danger"
              type="button"
              disabled={remove.isPending}
              onClick={() => {
                if (!deleting) return;
                const name = deleting.username;
                remove.mutate(name, {
                  onSuccess: () => showToast({ title: 'Success', description: `User ${name} has been deleted` }),
                  onError: failed,
                  onSettled: () => setDeleting(null),
                });
              }}
            >
              Delete
            </Button>
          </>
        }
      >
        <p>Are you sure you want to delete {deleting?.username}? Their account and sign-in end at once. This cannot be undone.</p>
        <DeletionSummary username={deleting?.username ?? null} />
      </Dialog>
    </>
  );
}

const Empty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
`;

const Who = styled.div`
  flex: 1 1 12rem;
  min-width: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  strong {
    overflow-wrap: anywhere;
    font-size: 1.05rem;
  }
  small {
    flex-basis: 100%;
    color: ${({ theme }) => theme.color.textMuted};
    overflow-wrap: anywhere;
  }
`;

const Labels = styled.span`
  display: inline-flex;
  gap: ${({ theme }) => theme.space(1)};
`;

const Label = styled.span<{ $tone?: 'accent' | 'primary' }>`
  padding: 2px ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.8rem;
  font-weight: 700;
  background: ${({ theme, $tone }) => ($tone === 'accent' ? theme.color.accent : $tone === 'primary' ? theme.color.primary : theme.color.border)};
  color: ${({ $tone }) => ($tone === 'accent' ? '#1b1400' : '#fff')};
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  & > * {
    min-height: 48px;
  }
`;

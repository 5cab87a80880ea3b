import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { showToast } from '@/components/toast-store';
import type { MarketplaceUser } from '@/domain/schemas/users';
import { userErrorText } from '../lib/error-text';
import { useDeleteUser } from '../api/delete-user';
import { useSetAdminStatus } from '../api/set-admin-status';
import { ResetLinkButton } from './reset-link';
import { DeletionSummary } from './deletion-summary';
import { i18n } from '@/lib/i18n/i18n';
import { displayCount } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';

const failed = (error: unknown) => showToast({ title: i18n._('Error'), description: userErrorText(error), variant: 'destructive' });

/** The users with their labels, promote/demote and delete (with a confirmation first); a name opens the user's page. */
export function UserList({ users, onOpen }: { users: readonly MarketplaceUser[]; onOpen?: (user: MarketplaceUser) => void }) {
  const { _ } = useLingui();
  const setAdmin = useSetAdminStatus();
  const remove = useDeleteUser();
  const [deleting, setDeleting] = useState<MarketplaceUser | null>(null);
  // A role change asks first (issue 33 item 4): one stray tap no longer gives or takes admin rights.
  const [changing, setChanging] = useState<MarketplaceUser | null>(null);
  const [page, setPage] = useState(0);

  if (users.length === 0) return <Empty>{_('No users found')}</Empty>;
  const sorted = [...users].sort(
    (a, b) =>
      Number(b.isSuperAdmin) - Number(a.isSuperAdmin) || Number(b.isAdmin) - Number(a.isAdmin) || a.username.localeCompare(b.username),
  );

  return (
    <>
      <List aria-label={_('Users')}>
        {sorted.slice(page * USERS_PER_PAGE, (page + 1) * USERS_PER_PAGE).map((user) => (
          <Item key={user.id} aria-label={user.username}>
            <Who>
              {/* The super admin's own row stays without actions: no role to change, no reset link, no adjustment to self. */}
              {onOpen && !user.isSuperAdmin ? (
                <NameButton type="button" aria-label={_('Open {name}', { name: user.username })} onClick={() => onOpen(user)}>
                  <strong>{user.username}</strong>
                  <span aria-hidden="true">{'›'}</span>
                </NameButton>
              ) : (
                <strong>{user.username}</strong>
              )}
              <Labels>
                {user.isSuperAdmin ? (
                  <Label $tone="accent">{_('Super Admin')}</Label>
                ) : (
                  <>
                    <Label>{_('User')}</Label>
                    {user.isAdmin && <Label $tone="primary">{_('Admin')}</Label>}
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
                  onClick={() => setChanging(user)}
                >
                  {user.isAdmin ? _('Remove Admin') : _('Make Admin')}
                </Button>
                <ResetLinkButton username={user.username} />
                <Button
                  $variant="danger"
                  type="button"
                  aria-label={_('Delete {name}', { name: user.username })}
                  onClick={() => setDeleting(user)}
                >
                  {_('Delete')}
                </Button>
              </Actions>
            )}
          </Item>
        ))}
      </List>
      {sorted.length > USERS_PER_PAGE && (
        <Pages role="navigation" aria-label={_('User pages')}>
          <Button type="button" $variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {_('Previous')}
          </Button>
          <span>
            {_('{first}–{last} of {total}', {
              first: displayCount(page * USERS_PER_PAGE + 1),
              last: displayCount(Math.min(sorted.length, (page + 1) * USERS_PER_PAGE)),
              total: displayCount(sorted.length),
            })}
          </span>
          <Button
            type="button"
            $variant="secondary"
            disabled={(page + 1) * USERS_PER_PAGE >= sorted.length}
            onClick={() => setPage(page + 1)}
          >
            {_('Next')}
          </Button>
        </Pages>
      )}
      <Dialog
        open={changing !== null}
        alert
        title={changing?.isAdmin ? _('Remove Admin') : _('Make Admin')}
        onClose={() => setChanging(null)}
        actions={
          <>
            <Button type="button" $variant="secondary" onClick={() => setChanging(null)}>
              {_('Cancel')}
            </Button>
            <Button
              type="button"
              $variant={changing?.isAdmin ? 'danger' : 'primary'}
              disabled={setAdmin.isPending}
              onClick={() => {
                if (!changing) return;
                const user = changing;
                setChanging(null);
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
              }}
            >
              {changing?.isAdmin ? _('Remove admin rights') : _('Make admin')}
            </Button>
          </>
        }
      >
        <p>
          {changing?.isAdmin
            ? _('Remove admin rights from {name}? Their sessions end at once and they sign in again as a player.', {
                name: changing.username,
              })
            : _('Make {name} an admin? They will see every request, submission and pickup, and act on them.', {
                name: changing?.username,
              })}
        </p>
      </Dialog>
      <Dialog
        open={deleting !== null}
        alert
        title={_('Delete User')}
        onClose={() => setDeleting(null)}
        actions={
          <>
            <Button type="button" $variant="secondary" onClick={() => setDeleting(null)}>
              {_('Cancel')}
            </Button>
            <Button
              $variant="danger"
              type="button"
              disabled={remove.isPending}
              onClick={() => {
                if (!deleting) return;
                const name = deleting.username;
                remove.mutate(name, {
                  onSuccess: () => showToast({ title: _('Success'), description: _('User {name} has been deleted', { name }) }),
                  onError: failed,
                  onSettled: () => setDeleting(null),
                });
              }}
            >
              {_('Delete')}
            </Button>
          </>
        }
      >
        <p>
          {_('Are you sure you want to delete {name}? Their account and sign-in end at once. This cannot be undone.', {
            name: deleting?.username,
          })}
        </p>

        <DeletionSummary username={deleting?.username ?? null} />
      </Dialog>
    </>
  );
}

/** Users shown at once: 43 users no longer scroll 2,800 px. */
export const USERS_PER_PAGE = 20;

const Pages = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
  & > button {
    min-height: 48px;
  }
`;

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

const NameButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-height: 44px;
  min-width: 0;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  strong {
    text-decoration: underline;
    text-decoration-color: ${({ theme }) => theme.color.border};
    text-underline-offset: 3px;
  }
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 1.3rem;
    line-height: 1;
  }
  &:hover strong {
    text-decoration-color: currentColor;
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
  background: ${({ theme, $tone }) => ($tone === 'accent' ? theme.color.accentFill : $tone === 'primary' ? theme.color.primary : theme.color.border)};
  color: ${({ theme, $tone }) => ($tone === 'accent' ? theme.color.onAccent : $tone === 'primary' ? '#fff' : theme.color.text)};
`;

const Actions = styled.div`
  display: flex;
  /* Three buttons in Portuguese ('Tornar admin', 'Link de redefinição', 'Excluir') take two lines on a phone. */
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  & > * {
    min-height: 48px;
  }
`;

import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { StackList } from '@/components/stack-list';
import type { MarketplaceUser } from '@/domain/schemas/users';
import { useSetAdminStatus } from '../api/set-admin-status';
import { displayCount } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { DeleteUserDialog, RoleChangeDialog } from './user-dialogs';
import { UserRow } from './user-row';

/** The users with their labels, promote/demote and delete (with a confirmation first); a name opens the user's page. */
export function UserList({ users, onOpen }: { users: readonly MarketplaceUser[]; onOpen?: (user: MarketplaceUser) => void }) {
  const { _ } = useLingui();
  const setAdmin = useSetAdminStatus();
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
      <StackList aria-label={_('Users')}>
        {sorted.slice(page * USERS_PER_PAGE, (page + 1) * USERS_PER_PAGE).map((user) => (
          <UserRow
            key={user.id}
            user={user}
            onOpen={onOpen}
            changingRole={setAdmin.isPending && setAdmin.variables?.username === user.username}
            onChangeRole={() => setChanging(user)}
            onDelete={() => setDeleting(user)}
          />
        ))}
      </StackList>
      {sorted.length > USERS_PER_PAGE && <UserPages page={page} total={sorted.length} onPage={setPage} />}
      <RoleChangeDialog user={changing} setAdmin={setAdmin} onClose={() => setChanging(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** Users shown at once: 43 users no longer scroll 2,800 px. */
export const USERS_PER_PAGE = 20;

/** Previous and Next around "first–last of total". */
function UserPages({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const { _ } = useLingui();
  return (
    <Pages role="navigation" aria-label={_('User pages')}>
      <Button type="button" $variant="secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {_('Previous')}
      </Button>
      <span>
        {_('{first}–{last} of {total}', {
          first: displayCount(page * USERS_PER_PAGE + 1),
          last: displayCount(Math.min(total, (page + 1) * USERS_PER_PAGE)),
          total: displayCount(total),
        })}
      </span>
      <Button type="button" $variant="secondary" disabled={(page + 1) * USERS_PER_PAGE >= total} onClick={() => onPage(page + 1)}>
        {_('Next')}
      </Button>
    </Pages>
  );
}

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

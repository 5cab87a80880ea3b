import styled from 'styled-components';
import { Button } from '@/components/button';
import type { MarketplaceUser } from '@/domain/schemas/users';
import { useLingui } from '@/lib/i18n/react';
import { ResetLinkButton } from './reset-link';

/** One user of the list: name (a button to their page), labels, contact, and the role, reset and delete actions. */
export function UserRow({
  user,
  onOpen,
  changingRole,
  onChangeRole,
  onDelete,
}: {
  user: MarketplaceUser;
  onOpen?: (user: MarketplaceUser) => void;
  /** This user's role change is being sent. */
  changingRole: boolean;
  onChangeRole: () => void;
  onDelete: () => void;
}) {
  const { _ } = useLingui();
  return (
    <Item aria-label={user.username}>
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
          <Button type="button" $variant={user.isAdmin ? 'secondary' : 'primary'} disabled={changingRole} onClick={onChangeRole}>
            {user.isAdmin ? _('Remove Admin') : _('Make Admin')}
          </Button>
          <ResetLinkButton username={user.username} />
          <Button $variant="danger" type="button" aria-label={_('Delete {name}', { name: user.username })} onClick={onDelete}>
            {_('Delete')}
          </Button>
        </Actions>
      )}
    </Item>
  );
}

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

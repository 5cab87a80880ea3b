import styled from 'styled-components';
import { StatusBadge } from '@/components/status-badge';
import { useLingui } from '@/lib/i18n/react';
import type { UserDetail as Detail } from '@/domain/schemas/users';
import { formatDateTime } from '@/lib/format-date';
import { ResetLinkButton } from './reset-link';
import { RemoveSecondFactorButton, SecondFactorFact } from './second-factor-reset';
import { Card } from './user-detail-layout';

/** Who the user is: role, contact, sign-ins and second factor, with the reset link and the second factor's removal. */
export function Profile({ data }: { data: Detail }) {
  const { _ } = useLingui();
  const { user } = data;
  return (
    <Card aria-labelledby="user-name">
      <Title>
        <h3 id="user-name">{user.username}</h3>
        {user.isSuperAdmin ? (
          <StatusBadge status="super admin" tone="accent" label={_('Super Admin')} />
        ) : user.isAdmin ? (
          <StatusBadge status="admin" tone="primary" label={_('Admin')} />
        ) : (
          <StatusBadge status="player" tone="neutral" label={_('Player')} />
        )}
      </Title>
      <Facts>
        <dt>{_('Email')}</dt>
        <dd>{user.contactEmail ?? '—'}</dd>
        <dt>{'PS5'}</dt>
        <dd>{user.ps5Username ?? '—'}</dd>
        <dt>{'Roblox'}</dt>
        <dd>{user.robloxUsername ?? '—'}</dd>
        <dt>{_('Joined')}</dt>
        <dd>{formatDateTime(user.createdAt)}</dd>
        <dt>{_('Last sign-in')}</dt>
        <dd data-testid="last-sign-in">{data.lastSignInAt ? formatDateTime(data.lastSignInAt) : _('Not since sign-ins were recorded')}</dd>
        <dt>{_('Signed in')}</dt>
        <dd>
          {data.activeSessions === 0
            ? _('On no device now')
            : _('{count, plural, one {On # device} other {On # devices}}, last active {when}', {
                count: data.activeSessions,
                when: formatDateTime(data.lastSeenAt),
              })}
        </dd>
        <SecondFactorFact username={user.username} />
      </Facts>
      {!user.isSuperAdmin && (
        <>
          <Actions>
            <ResetLinkButton username={user.username} />
            <small>{_('A one-time link to set a new password, for a player without a confirmed email.')}</small>
          </Actions>
          <Actions>
            <RemoveSecondFactorButton username={user.username} />
          </Actions>
        </>
      )}
    </Card>
  );
}

const Title = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    font-size: 1.3rem;
    overflow-wrap: anywhere;
  }
`;

const Facts = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  & > button {
    min-height: 48px;
  }
  small {
    flex: 1 1 12rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

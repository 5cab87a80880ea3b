import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { LoadError } from '@/components/load-error';
import { useListFrame } from '@/components/query-frame';
import { StatusBadge } from '@/components/status-badge';
import { EntryList } from '@/components/entry-list';
import { StoreCredit } from '@/components/store-credit';
import { fromTablet } from '@/components/theme';
import { displayCount, displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import type { UserDetail as Detail } from '@/domain/schemas/users';
import { ApiError } from '@/lib/api-client';
import { useCredit } from '@/lib/credit-query';
import { formatDateTime } from '@/lib/format-date';
import { useUserDetail, userDetailQueryOptions } from '../api/user-detail';
import { useUserLive } from '../api/use-user-live';
import { CreditAdjustmentForm } from './credit-adjustment-form';
import { ResetLinkButton } from './reset-link';
import { RemoveSecondFactorButton, SecondFactorFact } from './second-factor-reset';

/**
 * A user's page for the super admin (issue 33 item 7), opened from the user list: role, contact and sign-ins, the
 * one-time reset link, the second factor (removed for someone who lost it), store credit with its entries and the manual adjustment, then their requests and sales.
 */
export function UserDetail({ username, onBack }: { username: string; onBack: () => void }) {
  const { _ } = useLingui();
  const detail = useUserDetail(username);
  useUserLive(username);
  // The page opens where the list was: the way back takes the focus, which also brings the page's top into view.
  const backRef = useRef<HTMLButtonElement>(null);
  useEffect(() => backRef.current?.focus(), []);
  const frame = useListFrame(
    [detail],
    [userDetailQueryOptions(username).queryKey],
    <Muted role="status">{_('Loading {name}…', { name: username })}</Muted>,
  );
  const back = (
    <Button ref={backRef} type="button" $variant="ghost" onClick={onBack}>
      {_('← All users')}
    </Button>
  );
  if (detail.isError && detail.error instanceof ApiError && detail.error.status === 404) {
    return (
      <Page>
        {back}
        <LoadError title={_('There is no user named {name}', { name: username })} onRetry={() => void detail.refetch()}>
          {_('The account may have been deleted.')}
        </LoadError>
      </Page>
    );
  }
  if (frame.blocking) {
    return (
      <Page>
        {back}
        {frame.blocking}
      </Page>
    );
  }
  const data = detail.data as Detail;
  return (
    <Page aria-label={_('User {name}', { name: data.user.username })}>
      {back}
      {frame.note}
      <Columns>
        <Column>
          <Profile data={data} />
          <Credit username={data.user.username} />
        </Column>
        <Column>
          <Purchases data={data} />
          <Sales data={data} />
        </Column>
      </Columns>
    </Page>
  );
}

function Profile({ data }: { data: Detail }) {
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

function Credit({ username }: { username: string }) {
  const credit = useCredit(username);
  return (
    <Card>
      <StoreCredit username={username} canReverse />
      <CreditAdjustmentForm username={username} balance={credit.data?.balance ?? null} />
    </Card>
  );
}

/** 'The newest 20 of 31 requests; Export has them all.' — a list cut short says where the rest are. */
function More({ text }: { text: string | null }) {
  return text ? <Muted>{text}</Muted> : null;
}

function Purchases({ data }: { data: Detail }) {
  const { _ } = useLingui();
  const shown = data.purchaseRequests.length;
  const total = data.purchaseRequestCount;
  return (
    <Card aria-labelledby="user-purchases">
      <h4 id="user-purchases">{_('Purchase requests ({count})', { count: displayCount(total) })}</h4>
      {shown === 0 ? (
        <Muted>{_('No purchase requests yet')}</Muted>
      ) : (
        <EntryList $tint="surfaceRaised" aria-label={_('Their purchase requests')}>
          {data.purchaseRequests.map((request) => (
            <li key={request.id}>
              <Line>
                <strong>{`#${request.id}`}</strong>
                <span>{request.summary}</span>
                <StatusBadge status={request.status} />
              </Line>
              <small>
                {displayCents(request.totalPrice)} · {formatDateTime(request.createdAt)}
                {request.schedule && <> · {_('Drop: {when}', { when: request.schedule })}</>}
              </small>
            </li>
          ))}
        </EntryList>
      )}
      <More
        text={
          total > shown
            ? _('The newest {shown} of {total, plural, one {# request} other {# requests}}; Export has them all.', { shown, total })
            : null
        }
      />
    </Card>
  );
}

function Sales({ data }: { data: Detail }) {
  const { _ } = useLingui();
  const shown = data.sales.length;
  const total = data.saleCount;
  return (
    <Card aria-labelledby="user-sales">
      <h4 id="user-sales">{_('Sales ({count})', { count: displayCount(total) })}</h4>
      {shown === 0 ? (
        <Muted>{_('Nothing offered for sale yet')}</Muted>
      ) : (
        <EntryList $tint="surfaceRaised" aria-label={_('Their sales')}>
          {data.sales.map((sale) => (
            <li key={sale.id}>
              <Line>
                <strong>{`#${sale.id}`}</strong>
                <span>
                  {sale.quantity} × {sale.itemName}
                </span>
                <StatusBadge status={sale.pickup?.stage ?? sale.status} />
              </Line>
              <small>
                {formatDateTime(sale.createdAt)}
                {sale.pickup && (
                  <>
                    {' '}
                    · {_('Pickup #{id}: {when}', { id: sale.pickup.id, when: sale.pickup.schedule })}
                    {sale.pickup.payout !== null && <> · {_('Payout {amount}', { amount: displayCents(sale.pickup.payout) })}</>}
                    {sale.pickup.paidAt && <> · {_('Paid {when}', { when: formatDateTime(sale.pickup.paidAt) })}</>}
                  </>
                )}
              </small>
            </li>
          ))}
        </EntryList>
      )}
      <More
        text={
          total > shown
            ? _('The newest {shown} of {total, plural, one {# sale} other {# sales}}; Export has them all.', { shown, total })
            : null
        }
      />
    </Card>
  );
}

const Page = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  & > button {
    justify-self: start;
    min-height: 44px;
  }
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  ${fromTablet} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Column = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
`;

const Card = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  min-width: 0;
  h4 {
    margin: 0;
    font-size: 1rem;
  }
`;

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

const Line = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  /* The summary takes the room; the status pill keeps its own width. */
  & > span:not([data-status]) {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

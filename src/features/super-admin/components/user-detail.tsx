import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { LoadError } from '@/components/load-error';
import { useListFrame } from '@/components/query-frame';
import { StatusBadge } from '@/components/status-badge';
import { EntryList } from '@/components/entry-list';
import { StoreCredit } from '@/components/store-credit';
import { fromTablet } from '@/components/theme';
import { formatUsd } from '@/domain/money';
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
  const detail = useUserDetail(username);
  useUserLive(username);
  // The page opens where the list was: the way back takes the focus, which also brings the page's top into view.
  const backRef = useRef<HTMLButtonElement>(null);
  useEffect(() => backRef.current?.focus(), []);
  const frame = useListFrame([detail], [userDetailQueryOptions(username).queryKey], <Muted role="status">Loading {username}…</Muted>);
  const back = (
    <Button ref={backRef} type="button" $variant="ghost" onClick={onBack}>
      ← All users
    </Button>
  );
  if (detail.isError && detail.error instanceof ApiError && detail.error.status === 404) {
    return (
      <Page>
        {back}
        <LoadError title={`There is no user named ${username}`} onRetry={() => void detail.refetch()}>
          The account may have been deleted.
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
    <Page aria-label={`User ${data.user.username}`}>
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
  const { user } = data;
  return (
    <Card aria-labelledby="user-name">
      <Title>
        <h3 id="user-name">{user.username}</h3>
        {user.isSuperAdmin ? (
          <StatusBadge status="super admin" tone="accent" label="Super Admin" />
        ) : user.isAdmin ? (
          <StatusBadge status="admin" tone="primary" label="Admin" />
        ) : (
          <StatusBadge status="player" tone="neutral" label="Player" />
        )}
      </Title>
      <Facts>
        <dt>Email</dt>
        <dd>{user.contactEmail ?? '—'}</dd>
        <dt>PS5</dt>
        <dd>{user.ps5Username ?? '—'}</dd>
        <dt>Roblox</dt>
        <dd>{user.robloxUsername ?? '—'}</dd>
        <dt>Joined</dt>
        <dd>{formatDateTime(user.createdAt)}</dd>
        <dt>Last sign-in</dt>
        <dd data-testid="last-sign-in">{data.lastSignInAt ? formatDateTime(data.lastSignInAt) : 'Not since sign-ins were recorded'}</dd>
        <dt>Signed in</dt>
        <dd>
          {data.activeSessions === 0
            ? 'On no device now'
            : `On ${data.activeSessions} ${data.activeSessions === 1 ? 'device' : 'devices'}, last active ${formatDateTime(data.lastSeenAt)}`}
        </dd>
        <SecondFactorFact username={user.username} />
      </Facts>
      {!user.isSuperAdmin && (
        <>
          <Actions>
            <ResetLinkButton username={user.username} />
            <small>A one-time link to set a new password, for a player without a confirmed email.</small>
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

function More({ shown, total, noun }: { shown: number; total: number; noun: string }) {
  if (total <= shown) return null;
  return (
    <Muted>
      The newest {shown} of {total} {noun}; Export has them all.
    </Muted>
  );
}

function Purchases({ data }: { data: Detail }) {
  return (
    <Card aria-labelledby="user-purchases">
      <h4 id="user-purchases">Purchase requests ({data.purchaseRequestCount})</h4>
      {data.purchaseRequests.length === 0 ? (
        <Muted>No purchase requests yet</Muted>
      ) : (
        <EntryList $tint="surfaceRaised" aria-label="Their purchase requests">
          {data.purchaseRequests.map((request) => (
            <li key={request.id}>
              <Line>
                <strong>#{request.id}</strong>
                <span>{request.summary}</span>
                <StatusBadge status={request.status} />
              </Line>
              <small>
                {formatUsd(request.totalPrice)} · {formatDateTime(request.createdAt)}
                {request.schedule && <> · Drop: {request.schedule}</>}
              </small>
            </li>
          ))}
        </EntryList>
      )}
      <More shown={data.purchaseRequests.length} total={data.purchaseRequestCount} noun="requests" />
    </Card>
  );
}

function Sales({ data }: { data: Detail }) {
  return (
    <Card aria-labelledby="user-sales">
      <h4 id="user-sales">Sales ({data.saleCount})</h4>
      {data.sales.length === 0 ? (
        <Muted>Nothing offered for sale yet</Muted>
      ) : (
        <EntryList $tint="surfaceRaised" aria-label="Their sales">
          {data.sales.map((sale) => (
            <li key={sale.id}>
              <Line>
                <strong>#{sale.id}</strong>
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
                    · Pickup #{sale.pickup.id}: {sale.pickup.schedule}
                    {sale.pickup.payout !== null && <> · Payout {formatUsd(sale.pickup.payout)}</>}
                    {sale.pickup.paidAt && <> · Paid {formatDateTime(sale.pickup.paidAt)}</>}
                  </>
                )}
              </small>
            </li>
          ))}
        </EntryList>
      )}
      <More shown={data.sales.length} total={data.saleCount} noun="sales" />
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
  span {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

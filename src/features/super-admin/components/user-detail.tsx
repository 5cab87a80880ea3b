import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { LoadError } from '@/components/load-error';
import { useListFrame } from '@/components/query-frame';
import { StoreCredit } from '@/components/store-credit';
import { fromTablet } from '@/components/theme';
import { useLingui } from '@/lib/i18n/react';
import type { UserDetail as Detail } from '@/domain/schemas/users';
import { ApiError } from '@/lib/api-client';
import { useCredit } from '@/lib/credit-query';
import { useUserDetail, userDetailQueryOptions } from '../api/user-detail';
import { useUserLive } from '../api/use-user-live';
import { CreditAdjustmentForm } from './credit-adjustment-form';
import { Muted } from './muted';
import { Card } from './user-detail-layout';
import { Profile } from './user-profile';
import { Purchases, Sales } from './user-records';

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

function Credit({ username }: { username: string }) {
  const credit = useCredit(username);
  return (
    <Card>
      <StoreCredit username={username} canReverse />
      <CreditAdjustmentForm username={username} balance={credit.data?.balance ?? null} />
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

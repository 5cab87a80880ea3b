import styled from 'styled-components';
import { useDeletionPreview } from '../api/deletion-preview';
import { displayCount, displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { Trans } from '@/lib/i18n/trans';

/** In the delete confirmation: what the account holds and what is still open, so the super admin decides knowingly (issue 29.1). */
export function DeletionSummary({ username }: { username: string | null }) {
  const { _ } = useLingui();
  const preview = useDeletionPreview(username);
  if (preview.isPending) return <Muted>{_("Checking this account's credit and open deals…")}</Muted>;
  if (preview.isError) return <Muted>{_("This account's credit and open deals could not be read.")}</Muted>;
  const { balance, openPurchaseRequests, openSubmissions, openPromises } = preview.data;
  const nothingOpen = balance === 0 && openPurchaseRequests === 0 && openSubmissions === 0;
  if (nothingOpen) return <Muted>{_('No store credit and no open deals.')}</Muted>;
  return (
    <Facts aria-label={_('What this account holds')}>
      <li>
        {balance > 0 ? (
          <Trans
            id="Store credit: <0>{amount}</0> (kept with the deleted account, never passed to a new one)"
            values={{ amount: displayCents(balance) }}
            components={{ 0: <strong /> }}
          />
        ) : (
          <Trans id="Store credit: <0>{amount}</0>" values={{ amount: displayCents(balance) }} components={{ 0: <strong /> }} />
        )}
      </li>
      <li>{_('Open purchase requests: {count}', { count: displayCount(openPurchaseRequests) })}</li>
      <li>{_('Open sell submissions: {count}', { count: displayCount(openSubmissions) })}</li>
      {openPromises > 0 && (
        <li>
          {_('{count, plural, one {# promised time ends with the account} other {# promised times end with the account}}', {
            count: openPromises,
          })}
        </li>
      )}
    </Facts>
  );
}

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Facts = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

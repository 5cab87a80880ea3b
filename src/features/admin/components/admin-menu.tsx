import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { fromTablet } from '@/components/theme';
import { UnreadBadge } from '@/components/conversation/unread-badge';
import { usePendingSubmissions } from '../api/pending-submissions';
import { purchaseRequestsQueryOptions } from '../api/purchase-requests';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';
import type { PromiseSubjectType } from '@/domain/schemas/deals';
import { openProposalsQueryOptions } from '@/lib/deals-api';
import { queueCounts } from '../lib/queue-counts';
import { AdminSearch } from './admin-search';
import { DueNow } from './due-now';
import { useQueueUnread } from '../lib/queue-unread';
import type { AdminView } from './admin-views';
import { useAdminOutboxCount } from './outbox-view';
import { useLingui } from '@/lib/i18n/react';

/** The Admin Control buttons: submissions with the pending badge, pickups, collected, denied/paid and the three purchase-request steps. */
export function AdminMenu({ onOpen }: { onOpen: (view: AdminView) => void }) {
  const { _ } = useLingui();
  const pendingCount = usePendingSubmissions().pending.length;
  const outboxCount = useAdminOutboxCount();
  const counts = queueCounts(useQuery(purchaseRequestsQueryOptions()).data, useQuery(scheduledPickupsQueryOptions()).data);
  // Players' proposed times wait for an admin on the Approved and Scheduled pickups queues (issue 47.6).
  const proposals = useQuery(openProposalsQueryOptions()).data ?? [];
  const proposedOn = (type: PromiseSubjectType) => proposals.filter((p) => p.subjectType === type && p.proposedByRole === 'player').length;
  const unread = useQueueUnread();
  return (
    <Wrap>
      <AdminSearch onOpen={onOpen} />
      <DueNow />
      {outboxCount > 0 && (
        <OutboxTile type="button" onClick={() => onOpen({ name: 'outbox' })}>
          <span>{_('Waiting to send')}</span>
          <CountBadge $tone="warning" aria-label={_('{count} kept on this device', { count: outboxCount })}>
            {outboxCount}
          </CountBadge>
        </OutboxTile>
      )}
      <Section aria-labelledby="sell-side">
        <h3 id="sell-side">{_('Sell submissions')}</h3>
        <Tiles>
          <Tile type="button" onClick={() => onOpen({ name: 'submissions' })}>
            <span>{_('User Item Submissions')}</span>
            <UnreadBadge count={unread.submissions ?? 0} />
            {/* A red 0 reads as an alarm: the badge shows only when something waits. */}
            {pendingCount > 0 && (
              <CountBadge $tone="count" aria-label={_('{count} pending', { count: pendingCount })}>
                {pendingCount}
              </CountBadge>
            )}
          </Tile>
          <QueueTile
            onClick={() => onOpen({ name: 'pickups' })}
            count={counts.pickups}
            countText={_('{count} to collect', { count: counts.pickups })}
            proposed={proposedOn('pickup')}
          >
            <span>{_('Scheduled pickups')}</span>
            <UnreadBadge count={unread.pickups ?? 0} />
          </QueueTile>
          <QueueTile
            onClick={() => onOpen({ name: 'collected' })}
            count={counts.collected}
            countText={_('{count} to pay', { count: counts.collected })}
          >
            <span>{_('Collected')}</span>
            <UnreadBadge count={unread.collected ?? 0} />
          </QueueTile>
          <SplitTile role="group" aria-label={_('Denied and Paid')}>
            <button type="button" data-tone="danger" onClick={() => onOpen({ name: 'denied-paid', first: 'denied' })}>
              {_('Denied')} <UnreadBadge count={unread.denied ?? 0} />
            </button>
            <button type="button" data-tone="success" onClick={() => onOpen({ name: 'denied-paid', first: 'paid' })}>
              {_('Paid')} <UnreadBadge count={unread.paid ?? 0} />
            </button>
          </SplitTile>
        </Tiles>
      </Section>
      <Section aria-labelledby="purchase-side">
        <h3 id="purchase-side">{_('Purchase Requests')}</h3>
        <Tiles>
          <QueueTile
            onClick={() => onOpen({ name: 'pending' })}
            count={counts.pending}
            countText={_('{count} pending', { count: counts.pending })}
          >
            <Step>{_('Step {step}', { step: 1 })}</Step>
            <span>{_('Pending Purchase Requests')}</span>
            <UnreadBadge count={unread.pending ?? 0} />
          </QueueTile>
          <QueueTile
            onClick={() => onOpen({ name: 'approved' })}
            count={counts.approved}
            countText={_('{count} to drop', { count: counts.approved })}
            proposed={proposedOn('purchase-request')}
          >
            <Step>{_('Step {step}', { step: 2 })}</Step>
            <span>{_('Approved Requests')}</span>
            <UnreadBadge count={unread.approved ?? 0} />
          </QueueTile>
          <SplitTile role="group" aria-label={_('Step 3 Rejected and Completed')}>
            <button type="button" data-tone="danger" onClick={() => onOpen({ name: 'closed', show: 'rejected' })}>
              <Step>{_('Step {step}', { step: 3 })}</Step>
              {_('Rejected')} <UnreadBadge count={unread.rejected ?? 0} />
            </button>
            <button type="button" data-tone="success" onClick={() => onOpen({ name: 'closed', show: 'completed' })}>
              <Step>{_('Step {step}', { step: 3 })}</Step>
              {_('Completed')} <UnreadBadge count={unread.completed ?? 0} />
            </button>
          </SplitTile>
        </Tiles>
      </Section>
      <Section aria-labelledby="shop-side">
        <h3 id="shop-side">{_('Shop')}</h3>
        <Tiles>
          <Tile as="a" href="/catalogue" style={{ textDecoration: 'none', color: 'inherit' }}>
            <span>{_('Catalogue')}</span>
            <Step>{_('Prices, stock, items')}</Step>
          </Tile>
        </Tiles>
      </Section>
      <BadgeLegend />
    </Wrap>
  );
}

/**
 * What the tiles' badges count, one meaning per colour (issue 52.5: blue meant unread on one tile and pending on
 * another): the outlined number waits in that list, the blue one is unread messages, the gold one new times to answer.
 */
function BadgeLegend() {
  const { _ } = useLingui();
  // The samples are pictures of the badges (hidden from screen readers, which would read them as real counts).
  return (
    <Legend aria-label={_('What the badges count')}>
      <li>
        <CountBadge $tone="count" aria-hidden="true">
          3
        </CountBadge>
        {_('waiting in that list')}
      </li>
      <li>
        <span aria-hidden="true">
          <UnreadBadge count={2} />
        </span>
        {_('unread messages')}
      </li>
      <li>
        <CountBadge $tone="accent" aria-hidden="true">
          {_('{count, plural, one {# new time} other {# new times}}', { count: 1 })}
        </CountBadge>
        {_('times players proposed, to answer')}
      </li>
    </Legend>
  );
}

const Legend = styled.ul`
  grid-column: 1 / -1;
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  font-size: 0.85rem;
  color: ${({ theme }) => theme.color.textMuted};
  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1.5)};
  }
`;

/**
 * A queue's button with its live count, shown only when something waits (a 0 badge reads as an alarm). The count is
 * the button's description, not part of its name: the name stays the list's name however many wait.
 */
function QueueTile({
  onClick,
  count,
  countText,
  proposed = 0,
  children,
}: {
  onClick: () => void;
  count: number;
  /** The count in words ('3 to collect'), the button's description. */
  countText: string;
  /** New times players proposed on this queue's records, waiting for an admin's answer (issue 47.6). */
  proposed?: number;
  children: ReactNode;
}) {
  const { _ } = useLingui();
  const id = useId();
  const proposedText = _('{count, plural, one {# proposed time} other {# proposed times}} to answer', { count: proposed });
  const described = [count > 0 ? countText : null, proposed > 0 ? proposedText : null].filter(Boolean);
  return (
    <Tile type="button" onClick={onClick} aria-describedby={described.length > 0 ? id : undefined}>
      {children}
      {count > 0 && (
        <CountBadge $tone="count" aria-hidden="true" data-testid="queue-count">
          {count}
        </CountBadge>
      )}
      {proposed > 0 && (
        <CountBadge $tone="accent" aria-hidden="true" data-testid="queue-proposals" title={proposedText}>
          {_('{count, plural, one {# new time} other {# new times}}', { count: proposed })}
        </CountBadge>
      )}
      {described.length > 0 && (
        <span id={id} hidden>
          {described.join(', ')}
        </span>
      )}
    </Tile>
  );
}

const Wrap = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  ${fromTablet} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  h3 {
    font-size: 0.95rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Tiles = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const tile = `
  min-height: 72px;
  border-radius: 14px;
  font-size: 1.1rem;
  font-weight: 700;
`;

const Tile = styled.button`
  ${tile}
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: 0 ${({ theme }) => theme.space(5)};
  text-align: left;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  span:not([aria-label]):not([aria-hidden]) {
    flex: 1;
  }
`;

const SplitTile = styled.div`
  ${tile}
  display: grid;
  grid-template-columns: 1fr 1fr;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.color.border};
  button {
    min-height: 72px;
    border: none;
    font: inherit;
    font-weight: 700;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 2px;
  }
  /* Tints of the theme's colours, so both appearances keep their contrast (issue 30: light mode). */
  button[data-tone='danger'] {
    background: color-mix(in srgb, ${({ theme }) => theme.color.danger} 24%, ${({ theme }) => theme.color.surface});
    border-right: 1px solid ${({ theme }) => theme.color.border};
  }
  button[data-tone='success'] {
    background: color-mix(in srgb, ${({ theme }) => theme.color.success} 22%, ${({ theme }) => theme.color.surface});
  }
`;

const Step = styled.small`
  font-size: 0.75rem;
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.05em;
  color: ${({ theme }) => theme.color.accent};
  flex: none !important;
`;

const OutboxTile = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px dashed ${({ theme }) => theme.color.warning};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-weight: 700;
  cursor: pointer;
  /* A banner across the whole menu, above both sections, not a column of its own. */
  grid-column: 1 / -1;
  min-height: 48px;
`;

/** How many wait behind a menu entry: pending requests (red) or actions kept on this device (amber). */
const CountBadge = styled.span<{ $tone?: 'danger' | 'success' | 'warning' | 'info' | 'accent' | 'count' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 1.6rem;
  height: 1.6rem;
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.85rem;
  font-weight: 700;
  ${({ theme, $tone = 'danger' }) =>
    // A queue's count is outlined in the text colour, so blue stays the unread messages' colour alone (issue 52.5).
    $tone === 'count'
      ? `background: ${theme.color.surface}; color: ${theme.color.text}; border: 1.5px solid ${theme.color.text};`
      : $tone === 'accent' || $tone === 'warning'
        ? `background: ${theme.color.accentFill}; color: ${theme.color.onAccent};`
        : `background: ${theme.color[$tone]}; color: #fff;`}
`;

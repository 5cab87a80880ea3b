import { useQuery } from '@tanstack/react-query';
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
import { CountBadge, OutboxTile, QueueTile, Section, SplitTile, Step, Tile, Tiles } from './admin-menu-tiles';
import { BadgeLegend } from './badge-legend';

/** The Admin Control buttons: submissions with the pending badge, pickups, collected, denied/paid and the three purchase-request steps. */
export function AdminMenu({ onOpen }: { onOpen: (view: AdminView) => void }) {
  const { _ } = useLingui();
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
      <SellSection onOpen={onOpen} counts={counts} proposedOn={proposedOn} unread={unread} />
      <PurchaseSection onOpen={onOpen} counts={counts} proposedOn={proposedOn} unread={unread} />
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

/** What both sections of the menu show on their tiles. */
interface SectionProps {
  onOpen: (view: AdminView) => void;
  counts: ReturnType<typeof queueCounts>;
  proposedOn: (type: PromiseSubjectType) => number;
  unread: ReturnType<typeof useQueueUnread>;
}

/** Sell submissions: User Item Submissions with the pending badge, Scheduled pickups, Collected, Denied and Paid. */
function SellSection({ onOpen, counts, proposedOn, unread }: SectionProps) {
  const { _ } = useLingui();
  const pendingCount = usePendingSubmissions().pending.length;
  return (
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
  );
}

/** Purchase Requests: the three steps, pending, approved, then rejected or completed. */
function PurchaseSection({ onOpen, counts, proposedOn, unread }: SectionProps) {
  const { _ } = useLingui();
  return (
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
  );
}

const Wrap = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  ${fromTablet} {
    grid-template-columns: 1fr 1fr;
  }
`;

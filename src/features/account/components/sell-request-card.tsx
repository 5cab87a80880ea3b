import type { Cents } from '@/domain/money';
import { useLingui } from '@/lib/i18n/react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { Conversation } from '@/components/conversation/conversation';
import { HistoryTimeline } from '@/components/history-timeline';
import { i18n } from '@/lib/i18n/i18n';
import { displayCents } from '@/lib/i18n/intl';
import { describePromiseStatus } from '@/domain/promise';
import { historyQueryOptions } from '@/lib/history-query';
import { StatusBadge } from '@/components/status-badge';
import { sellCategoryLabel } from '@/domain/sell-catalogue';
import { adminPriceDisplay } from '@/domain/valuation';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { describeSchedule } from '@/lib/schedule-words';
import { SELL_STATUS_TEXTS as T } from '../messages';
import type { SellRequestView } from '../sell-requests';
import { CancelOwnRequest } from './cancel-own-request';
import { PromiseLine } from './promise-line';
import { useMissedCredit } from '../missed-credit';
import { NoShowDispute } from './no-show-dispute';
import { CardProposal } from './proposal-answer';
import { Card, Facts, StatusBox } from './request-card';
import { lastSellPriceOf, useSellPriceOf } from '@/lib/catalogue/catalogue-query';

const PAYMENT_LABELS = { usd: 'USD Cash', blockspin: 'Blockspin Cash' } as const;

/** The payout as shown: the catalogue's, or the price agreed when the pickup was scheduled for an item without one. */
export function sellAmountText(
  request: SellRequestView,
  sellPriceOf: (name: string) => Cents | null | undefined = lastSellPriceOf,
): string {
  const catalogue = adminPriceDisplay(request.itemName, request.quantity, request.paymentMethod, 'Price TBD', sellPriceOf);
  const agreed = request.pickup?.agreedPrice ?? null;
  return catalogue.cents === null && agreed !== null ? i18n._('{amount} USD (agreed)', { amount: displayCents(agreed) }) : catalogue.text;
}

/** One sell request with its derived status and the box for that status (pickup time, payment, denial…). */
export function SellRequestCard({ request, messagesOpen = false }: { request: SellRequestView; messagesOpen?: boolean }) {
  const { _ } = useLingui();
  const image = request.thumbnailUrl ?? request.imageUrl;
  const amount = sellAmountText(request, useSellPriceOf());
  return (
    <Card data-testid="sell-request-card" data-status={request.status}>
      <Head>
        {image ? (
          <Thumb src={image} alt={request.itemName} loading="lazy" decoding="async" width={72} height={72} />
        ) : (
          <NoImage>{_('No Image')}</NoImage>
        )}
        <div>
          <StatusBadge status={request.status} />
          <h3>{request.itemName}</h3>
          <small>{sellCategoryLabel(request.category)}</small>
        </div>
      </Head>
      <Facts>
        <div>
          <dt>{_('Quantity')}</dt>
          <dd>{request.quantity}</dd>
        </div>
        <div>
          <dt>{_('Payment')}</dt>
          <dd>{_(PAYMENT_LABELS[request.paymentMethod] ?? request.paymentMethod)}</dd>
        </div>
        <div>
          <dt>{_('Amount')}</dt>
          <dd>{amount}</dd>
        </div>
        <div>
          <dt>{_('Submitted')}</dt>
          <dd>{formatDate(request.createdAt)}</dd>
        </div>
      </Facts>
      <SellStatusBox request={request} />
      {request.status === 'pending' && (
        <CancelOwnRequest
          request={{ kind: 'submission', id: request.submissionId }}
          what={_('your {item} sell request', { item: request.itemName })}
        />
      )}
      <HistoryTimeline subject="submission" id={request.submissionId} />
      <Conversation subject="submission" id={request.submissionId} pickupId={request.pickup?.id} initiallyOpen={messagesOpen} />
    </Card>
  );
}

function SellStatusBox({ request }: { request: SellRequestView }) {
  const { _ } = useLingui();
  const pickup = request.pickup;
  const scheduled = pickup ? describeSchedule(pickup) : '';
  const credit = useMissedCredit('pickup', pickup?.id, pickup?.promiseStatus === 'missed');
  switch (request.status) {
    case 'scheduled':
      return <ScheduledPickup pickup={pickup} scheduled={scheduled} credit={credit} />;
    case 'payment pending...':
      return (
        <StatusBox $tone="accent">
          <p>
            <strong>{_(T.awaitingPayment)}</strong>
          </p>
          <p>{_('Collected: {value}', { value: formatDateTime(pickup?.collectedAt ?? pickup?.completedAt) })}</p>
          <p>{_('Scheduled pickup: {value}', { value: scheduled })}</p>
        </StatusBox>
      );
    case 'paid':
      return (
        <StatusBox $tone="success">
          <p>
            <strong>{_(T.complete)}</strong>
          </p>
          <p>{_('Pickup: {value}', { value: scheduled })}</p>
          <p>{_('Collected: {value}', { value: formatDateTime(pickup?.collectedAt ?? pickup?.completedAt) })}</p>
          <p>{_('Paid: {value}', { value: formatDateTime(pickup?.paidAt) })}</p>
        </StatusBox>
      );
    case 'rejected':
      return (
        <StatusBox $tone="danger">
          <p>
            <strong>{_(T.denied)}</strong>
          </p>
          <p>{_(T.notApproved)}</p>
          <DenialReason submissionId={request.submissionId} />
          <p>{_(T.support)}</p>
        </StatusBox>
      );
    case 'cancelled':
      return (
        <StatusBox $tone="info">
          <p>
            <strong>{_('You cancelled this sell request')}</strong>
          </p>
        </StatusBox>
      );
    case 'approved':
      return (
        <StatusBox $tone="primary">
          <p>{_(T.approved)}</p>
        </StatusBox>
      );
    case 'collected':
      return (
        <StatusBox $tone="accent">
          <p>{_('Collected: {value}', { value: formatDateTime(pickup?.collectedAt) })}</p>
        </StatusBox>
      );
    default:
      return (
        <StatusBox $tone="warning">
          <p>{_('Waiting for an admin to review your item.')}</p>
        </StatusBox>
      );
  }
}

/** A scheduled pickup: when, its promise (and a missed one's credit), a proposed new time, a no-show's dispute. */
function ScheduledPickup({ pickup, scheduled, credit }: { pickup: SellRequestView['pickup']; scheduled: string; credit: string | null }) {
  const { _ } = useLingui();
  return (
    <>
      <StatusBox $tone="info">
        <p>
          <strong>{_('Pickup scheduled:')}</strong> {scheduled}
        </p>
        <PromiseLine
          kind="pickup"
          promisedAt={pickup?.promisedAt ?? null}
          status={pickup?.promiseStatus ?? null}
          credit={credit}
          calendarHref={pickup ? `/api/calendar/pickup/${pickup.id}.ics` : undefined}
        />
        {pickup?.promiseStatus && !['open', 'missed', 'no-show'].includes(pickup.promiseStatus) && (
          <p>{describePromiseStatus(pickup.promiseStatus)}</p>
        )}
      </StatusBox>
      {pickup && <CardProposal subjectType="pickup" subjectId={pickup.id} />}
      {pickup?.promiseStatus === 'no-show' && (
        <NoShowDispute subjectType="pickup" subjectId={pickup.id} closedAt={pickup.promiseClosedAt} />
      )}
    </>
  );
}

/** The reason an admin gave when denying, read from the submission's history (the denial step's note). */
function DenialReason({ submissionId }: { submissionId: number }) {
  const { _ } = useLingui();
  const history = useQuery(historyQueryOptions('submission', submissionId));
  const denial = [...(history.data ?? [])].reverse().find((step) => step.to === 'rejected');
  return denial?.note ? <p data-testid="denial-reason">{_('Reason: {value}', { value: denial.note })}</p> : null;
}

const Head = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  & > div {
    min-width: 0;
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 4px;
  }
  h3 {
    font-size: 1.05rem;
    overflow-wrap: anywhere;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Thumb = styled.img`
  width: 72px;
  height: 72px;
  flex: none;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.bg};
`;

const NoImage = styled.div`
  width: 72px;
  height: 72px;
  flex: none;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.textMuted};
  display: grid;
  place-items: center;
  font-size: 0.7rem;
  text-align: center;
`;

import { i18n } from '@/lib/i18n/i18n';
import styled from 'styled-components';
import { promiseWhen } from './promise-line';
import { useThreadUnread } from '@/lib/conversation/use-conversation-live';
import { describeSchedule } from '@/lib/schedule-words';
import type { SellRequestView } from '../sell-requests';
import { ExpandableRequest } from './request-row';
import { pendingProposalText } from './proposal-answer';
import { useRecordProposals } from '@/lib/deals-api';
import { SellRequestCard, sellAmountText } from './sell-request-card';
import { useOpensThread } from '../open-thread';
import { useSellPriceOf } from '@/lib/catalogue/catalogue-query';

/** The pickup as the row says it while one is scheduled: the promised time while it stands, else the schedule. */
export function sellPromise(request: SellRequestView, now = new Date()): string | null {
  const pickup = request.pickup;
  if (request.status !== 'scheduled' || !pickup) return null;
  if (pickup.promiseStatus === 'missed') return i18n._('Pickup missed its promised time');
  if (pickup.promiseStatus === 'open' && pickup.promisedAt)
    return i18n._('Pickup by {when}', { when: promiseWhen(pickup.promisedAt, now) });
  return i18n._('Pickup: {value}', { value: describeSchedule(pickup) });
}

/** One sell request in My Sell Requests: a compact row (photo, item, status, payout, pickup) that opens the full card. */
export function SellRequestItem({ request }: { request: SellRequestView }) {
  const unread = useThreadUnread('submission', request.submissionId);
  const opensThread = useOpensThread('submission', request.submissionId);
  const proposals = useRecordProposals('pickup', request.pickup?.id ?? 0);
  const image = request.thumbnailUrl ?? request.imageUrl;
  const sellPriceOf = useSellPriceOf();
  const title = request.quantity > 1 ? `${request.itemName} × ${request.quantity}` : request.itemName;
  return (
    <ExpandableRequest
      initiallyOpen={opensThread}
      label={i18n._('Submission #{id}: {item}', { id: request.submissionId, item: request.itemName })}
      summary={{
        testId: 'sell-request-row',
        id: request.submissionId,
        status: request.status,
        title,
        subtitle: i18n._('Submission #{id}', { id: request.submissionId }),
        amount: sellAmountText(request, sellPriceOf),
        promise: sellPromise(request),
        pending: pendingProposalText(proposals),
        unread,
        thumbnail: image ? (
          <Thumb src={image} alt="" loading="lazy" decoding="async" width={44} height={44} />
        ) : (
          <NoThumb aria-hidden="true" />
        ),
      }}
    >
      <SellRequestCard request={request} messagesOpen={opensThread} />
    </ExpandableRequest>
  );
}

const Thumb = styled.img`
  width: 44px;
  height: 44px;
  flex: none;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.bg};
`;

const NoThumb = styled.span`
  width: 44px;
  height: 44px;
  flex: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.bg};
`;

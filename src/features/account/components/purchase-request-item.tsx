import { i18n } from '@/lib/i18n/i18n';
import { displayCents } from '@/lib/i18n/intl';
import { promiseWhen } from './promise-line';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { useThreadUnread } from '@/lib/conversation/use-conversation-live';
import { describeSchedule } from '@/lib/schedule-words';
import { parseRequestItems } from '../purchase-requests';
import { PurchaseRequestCard } from './purchase-request-card';
import { ExpandableRequest } from './request-row';
import { pendingProposalText } from './proposal-answer';
import { useRecordProposals } from '@/lib/deals-api';
import { useOpensThread } from '../open-thread';

/** The drop as the row says it: the promised time while it stands, else the schedule; nothing before approval. */
export function purchasePromise(request: PurchaseRequest, now = new Date()): string | null {
  if (request.status !== 'approved') return null;
  if (request.promiseStatus === 'missed') return i18n._('Drop missed its promised time');
  if (request.promiseStatus === 'open' && request.promisedAt)
    return i18n._('Drop by {when}', { when: promiseWhen(request.promisedAt, now) });
  return i18n._('Drop: {when}', {
    when: describeSchedule(request),
  });
}

/** What was asked for, on one line: 'AK-47 × 2, RPG'; the count when the items cannot be read. */
function itemsSummary(request: PurchaseRequest): string {
  const items = parseRequestItems(request.items as unknown);
  if (!items || items.length === 0) return i18n._('{count, plural, one {# item} other {# items}}', { count: request.totalItems });
  return items.map((item) => (item.quantity > 1 ? `${item.name} × ${item.quantity}` : item.name)).join(', ');
}

/** One purchase request in My Buy Requests: a compact row that opens the full card. */
export function PurchaseRequestItem({ request }: { request: PurchaseRequest }) {
  const unread = useThreadUnread('purchase-request', request.id);
  const opensThread = useOpensThread('purchase-request', request.id);
  const proposals = useRecordProposals('purchase-request', request.id);
  return (
    <ExpandableRequest
      initiallyOpen={opensThread}
      label={i18n._('Request #{id}', { id: request.id })}
      summary={{
        testId: 'purchase-request-row',
        id: request.id,
        status: request.status,
        title: i18n._('Request #{id}', { id: request.id }),
        subtitle: itemsSummary(request),
        amount: displayCents(request.totalPrice),
        promise: purchasePromise(request),
        pending: pendingProposalText(proposals),
        unread,
      }}
    >
      <PurchaseRequestCard request={request} messagesOpen={opensThread} />
    </ExpandableRequest>
  );
}

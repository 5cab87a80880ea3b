import { promiseWhen } from '../../../components/promise-line';
import type { PurchaseRequest } from '../../../domain/schemas/purchases';
import { formatUsd } from '../../../domain/money';
import { useThreadUnread } from '../../../lib/conversation/use-conversation-live';
import { formatSchedule } from '../format';
import { PurchaseRequestCard } from './purchase-request-card';
import { ExpandableRequest } from './request-row';

/** The drop as the row says it: the promised time while it stands, else the schedule; nothing before approval. */
export function purchasePromise(request: PurchaseRequest, now = new Date()): string | null {
  if (request.status !== 'approved') return null;
  if (request.promiseStatus === 'missed') return 'Drop missed its promised time';
  if (request.promiseStatus === 'open' && request.promisedAt) return `Drop by ${promiseWhen(request.promisedAt, now)}`;
  return `Drop: ${request.isImmediateSchedule ? 'Immediately' : formatSchedule(request.scheduledDate, request.scheduledTime)}`;
}

/** One purchase request in My Buy Requests: a compact row that opens the full card. */
export function PurchaseRequestItem({ request }: { request: PurchaseRequest }) {
  const unread = useThreadUnread('purchase-request', request.id);
  return (
    <ExpandableRequest
      label={`Request #${request.id}`}
      summary={{
        testId: 'purchase-request-row',
        status: request.status,
        title: `Request #${request.id}`,
        subtitle: `${request.totalItems} item${request.totalItems === 1 ? '' : 's'}`,
        amount: formatUsd(request.totalPrice),
        promise: purchasePromise(request),
        unread,
      }}
    >
      <PurchaseRequestCard request={request} />
    </ExpandableRequest>
  );
}

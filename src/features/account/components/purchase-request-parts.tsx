import { useLingui } from '@/lib/i18n/react';
import styled from 'styled-components';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { formatCents } from '@/domain/money';
import { displayCents } from '@/lib/i18n/intl';
import { orderLineText, orderLineTotal } from '@/domain/order-line';
import { describePromiseStatus, missedPromiseCredit } from '@/domain/promise';
import { describeSchedule } from '@/lib/schedule-words';
import { LIST_MESSAGES } from '../messages';
import { PromiseLine } from './promise-line';
import { NoShowDispute } from './no-show-dispute';
import { CardProposal } from './proposal-answer';
import { Facts, StatusBox } from './request-card';

// The parts of a purchase request's card (purchase-request-card.tsx): its sums, its items, and what its status says.

/** Promise states the promise line itself tells (the rest are named in words below it). */
const SHOWN_BY_LINE = new Set(['open', 'missed', 'no-show']);

/** Total, items, the store credit used and the amount due, the contact email. */
export function PurchaseFacts({ request }: { request: PurchaseRequest }) {
  const { _ } = useLingui();
  return (
    <Facts>
      <div>
        <dt>{_('Total')}</dt>
        <dd>{displayCents(request.totalPrice)}</dd>
      </div>
      <div>
        <dt>{_('Items')}</dt>
        <dd>{request.totalItems}</dd>
      </div>
      {request.creditApplied > 0 && (
        <>
          <div>
            <dt>{_('Store credit')}</dt>
            <dd>−{displayCents(request.creditApplied)}</dd>
          </div>
          <div>
            <dt>{_('Amount due')}</dt>
            <dd>{displayCents(request.amountDue)}</dd>
          </div>
        </>
      )}
      <div style={{ gridColumn: '1 / -1' }}>
        <dt>{_('Contact email')}</dt>
        <dd>{request.contactEmail || '—'}</dd>
      </div>
    </Facts>
  );
}

/** The items requested, or why they cannot be listed. */
export function RequestedItems({ request }: { request: PurchaseRequest }) {
  const { _ } = useLingui();
  // The items were read into cents with the request (its schema); a list that is not one shows the error.
  const items = Array.isArray(request.items) ? request.items : null;
  return (
    <Items>
      <h4>{_('Items requested')}</h4>
      {items === null ? (
        <p className="note">{_(LIST_MESSAGES.itemsError)}</p>
      ) : items.length === 0 ? (
        <p className="note">{_(LIST_MESSAGES.noItems)}</p>
      ) : (
        <ul>
          {items.map((item, index) => (
            <li key={`${item.name}-${index}`}>
              <div>
                <strong>{item.name}</strong>
                <small>
                  {item.category} · {orderLineText(item)}
                </small>
              </div>
              <span>{displayCents(orderLineTotal(item))}</span>
            </li>
          ))}
        </ul>
      )}
    </Items>
  );
}

/** What the request's status says: the drop and its promise, a proposal or dispute, a rejection, a cancellation. */
export function PurchaseStatus({ request }: { request: PurchaseRequest }) {
  const { _ } = useLingui();
  // A missed drop earns 25% of the order: known from the request itself.
  const credit = formatCents(missedPromiseCredit(request.totalPrice));
  return (
    <>
      {request.status === 'approved' && (
        <StatusBox $tone="primary">
          <p>
            <strong>{_('Scheduled drop:')}</strong> {describeSchedule(request)}
          </p>
          <PromiseLine
            kind="drop"
            promisedAt={request.promisedAt}
            status={request.promiseStatus}
            credit={credit}
            calendarHref={`/api/calendar/purchase-request/${request.id}.ics`}
          />
          {request.promiseStatus && !SHOWN_BY_LINE.has(request.promiseStatus) && <p>{describePromiseStatus(request.promiseStatus)}</p>}
        </StatusBox>
      )}
      {request.status === 'approved' && <CardProposal subjectType="purchase-request" subjectId={request.id} />}
      {request.promiseStatus === 'no-show' && (
        <NoShowDispute subjectType="purchase-request" subjectId={request.id} closedAt={request.promiseClosedAt} />
      )}
      {request.status === 'completed' && request.promiseStatus === 'missed' && (
        <StatusBox $tone="accent">
          <PromiseLine kind="drop" promisedAt={request.promisedAt} status="missed" credit={credit} />
        </StatusBox>
      )}
      {request.status === 'rejected' && (
        <StatusBox $tone="danger">
          <p>
            <strong>{_('Request rejected')}</strong>
          </p>
          {request.rejectionReason && <p>{_('Reason: {value}', { value: request.rejectionReason })}</p>}
          {request.creditApplied > 0 && (
            <p>{_('The {amount} of store credit it used is back in your balance.', { amount: displayCents(request.creditApplied) })}</p>
          )}
        </StatusBox>
      )}
      {request.status === 'cancelled' && (
        <StatusBox $tone="info">
          <p>
            <strong>{_('You cancelled this request')}</strong>
          </p>
          {request.creditApplied > 0 && (
            <p>{_('The {amount} of store credit it used is back in your balance.', { amount: displayCents(request.creditApplied) })}</p>
          )}
        </StatusBox>
      )}
    </>
  );
}

const Items = styled.div`
  h4 {
    margin: 0 0 ${({ theme }) => theme.space(1.5)};
    font-size: 0.72rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.color.textMuted};
  }
  .note {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 6px;
  }
  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(2.5)};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.color.surface};
  }
  li div {
    min-width: 0;
    display: flex;
    flex-direction: column;
  }
  li strong {
    font-size: 0.95rem;
    overflow-wrap: anywhere;
  }
  li small {
    color: ${({ theme }) => theme.color.textMuted};
  }
  li span {
    font-weight: 700;
    color: ${({ theme }) => theme.color.success};
    white-space: nowrap;
  }
`;

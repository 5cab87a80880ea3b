import { useLingui } from '@/lib/i18n/react';
import styled from 'styled-components';
import { Conversation } from '@/components/conversation/conversation';
import { HistoryTimeline } from '@/components/history-timeline';
import { ReceiptButton } from '@/components/receipt-dialog';
import { StatusBadge } from '@/components/status-badge';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { displayCents } from '@/lib/i18n/intl';
import { formatDate } from '@/lib/format-date';
import { CancelOwnRequest } from './cancel-own-request';
import { PurchaseFacts, PurchaseStatus, RequestedItems } from './purchase-request-parts';
import { Card } from './request-card';

/** One purchase request with its items, and the scheduled pickup once approved. */
export function PurchaseRequestCard({ request, messagesOpen = false }: { request: PurchaseRequest; messagesOpen?: boolean }) {
  const { _ } = useLingui();
  return (
    <Card data-testid="purchase-request-card" data-status={request.status}>
      <Head>
        <div>
          <h3>{_('Request #{id}', { id: request.id })}</h3>
          <small>{_('Placed {date}', { date: formatDate(request.requestedAt ?? request.createdAt) })}</small>
        </div>
        <StatusBadge status={request.status} />
      </Head>
      <PurchaseFacts request={request} />
      <RequestedItems request={request} />
      <PurchaseStatus request={request} />
      {request.status === 'pending' && (
        <CancelOwnRequest
          request={{ kind: 'purchase-request', id: request.id }}
          what={_('request #{id}', { id: request.id })}
          note={
            request.creditApplied > 0
              ? _('The {amount} of store credit it used comes back to your balance.', { amount: displayCents(request.creditApplied) })
              : undefined
          }
        />
      )}
      <ReceiptButton request={request} />
      <HistoryTimeline subject="purchase-request" id={request.id} />
      <Conversation subject="purchase-request" id={request.id} initiallyOpen={messagesOpen} />
    </Card>
  );
}

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    font-size: 1.1rem;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

import type { ReactNode } from 'react';
import styled from 'styled-components';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { Conversation } from '@/components/conversation/conversation';
import { Dialog } from '@/components/dialog';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { formatDateTime } from '@/lib/format-date';
import { describeSchedule } from '@/lib/schedule-words';
import { RequestItems } from './item-table';
import { PromiseRow } from './promise-parts';
import { Stack } from './admin-layout';
import { CopyValue } from './copy-value';
import { Meta, MetaRow } from './meta-list';

export type OrderDetailsKind = 'rejected' | 'completed' | 'drop';

const TITLES: Record<OrderDetailsKind, string> = {
  rejected: 'Rejected Order Details',
  completed: 'Confirmed Order Details',
  drop: 'Scheduled Drop Information',
};

/** Rejected Order Details, Confirmed Order Details and Scheduled Drop Information for one request. */
export function OrderDetailsDialog({
  request,
  kind,
  onClose,
  actions,
}: {
  request: PurchaseRequest | null;
  kind: OrderDetailsKind;
  onClose: () => void;
  actions?: ReactNode;
}) {
  const { _ } = useLingui();
  return (
    <Dialog open={request !== null} title={_(TITLES[kind])} size="md" onClose={onClose} actions={actions}>
      {request && (
        <AfterFirstPaint>
          <Stack>
            {kind === 'drop' && (
              // What this dialog is for: the date and time of the drop, or 'Immediately', read at a glance.
              <DropBox aria-label={_('Drop')}>
                <span>{_('Drop')}</span>
                <strong>{describeSchedule(request)}</strong>
                <small>{_('This only shows the schedule. To change the time, use Reschedule.')}</small>
              </DropBox>
            )}
            <Meta>
              <MetaRow label={_('Request')}>{`#${request.id}`}</MetaRow>
              <MetaRow label={_('Requester')}>{request.requesterName}</MetaRow>
              {request.contactEmail && (
                <MetaRow label={_('Email')}>
                  <CopyValue value={request.contactEmail} what="email" />
                </MetaRow>
              )}
              <MetaRow label={_('Placed')}>{formatDateTime(request.requestedAt ?? request.createdAt)}</MetaRow>
              {request.approvedAt && <MetaRow label={_('Approved')}>{formatDateTime(request.approvedAt)}</MetaRow>}
              {kind !== 'drop' && (request.scheduledDate || request.isImmediateSchedule) && (
                <MetaRow label={_('Drop')}>{describeSchedule(request)}</MetaRow>
              )}
              {kind === 'rejected' && request.rejectedAt && <MetaRow label={_('Rejected')}>{formatDateTime(request.rejectedAt)}</MetaRow>}
              {kind === 'rejected' && request.rejectionReason && <MetaRow label={_('Reason')}>{request.rejectionReason}</MetaRow>}
              {kind === 'completed' && request.completedAt && (
                <MetaRow label={_('Completed')}>{formatDateTime(request.completedAt)}</MetaRow>
              )}
              <MetaRow label={_('Items')}>{request.totalItems}</MetaRow>
              <PromiseRow status={request.promiseStatus} promisedAt={request.promisedAt} />
              {request.creditApplied > 0 && (
                <>
                  <MetaRow label={_('Store credit')}>
                    {kind === 'rejected'
                      ? _('−{amount} (returned to the player)', { amount: displayCents(request.creditApplied) })
                      : `−${displayCents(request.creditApplied)}`}
                  </MetaRow>
                  <MetaRow label={_('Amount due')}>{displayCents(request.amountDue)}</MetaRow>
                </>
              )}
            </Meta>
            <RequestItems items={request.items} total={request.totalPrice} />
            <Conversation subject="purchase-request" id={request.id} asAdmin />
          </Stack>
        </AfterFirstPaint>
      )}
    </Dialog>
  );
}

const DropBox = styled.section`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.accent};
  background: ${({ theme }) => theme.color.surface};
  span {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.color.textMuted};
    text-transform: uppercase;
    letter-spacing: 0.05em;
  }
  strong {
    font-size: 1.35rem;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

import { useEffect, useState, type ReactNode } from 'react';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { useRejectPurchase } from '../api/reject-purchase';
import styled from 'styled-components';
import { ApiError } from '@/lib/api-client';
import { ConfirmDialog } from './confirm-dialog';
import { ReasonField, reasonBody } from './reason-field';
import { useLingui } from '@/lib/i18n/react';

/**
 * Reject Pending / Reject Approved: asks first, then holds the rejection for 10 s with Undo (issue 33 item 5) before
 * it is sent. Open while `request` is set.
 */
export function RejectRequestDialog({
  request,
  title,
  onClose,
  children,
}: {
  request: PurchaseRequest | null;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { _ } = useLingui();
  const reject = useRejectPurchase();
  const [reason, setReason] = useState('');
  // Each request opened starts with an empty reason.
  const { reset } = reject;
  useEffect(() => {
    setReason('');
    reset();
  }, [request?.id, reset]);
  return (
    <ConfirmDialog
      open={request !== null}
      title={title}
      record={request && { type: 'purchase-request', id: request.id, status: request.status }}
      confirmVariant="danger"
      busy={reject.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (request) reject.mutate({ request, ...reasonBody(reason) }, { onSuccess: onClose });
      }}
    >
      <p>{children}</p>
      {request && request.creditApplied > 0 && <p>{_('The store credit it used goes back to the player.')}</p>}
      <ReasonField value={reason} onChange={setReason} />
      {reject.error && (
        <Failure role="alert">
          {reject.error instanceof ApiError ? (reject.error.serverMessage ?? reject.error.message) : _('Network error. Please try again.')}
        </Failure>
      )}
    </ConfirmDialog>
  );
}

const Failure = styled.p`
  color: ${({ theme }) => theme.color.dangerText};
  font-weight: 600;
`;

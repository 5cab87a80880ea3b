import type { ReactNode } from 'react';
import type { PurchaseRequest } from '../../../domain/schemas/purchases';
import { useUpdatePurchaseStatus } from '../api/purchase-requests';
import { ConfirmDialog } from './confirm-dialog';

/** Reject Pending / Reject Approved: asks first, then moves the request to rejected. Open while `request` is set. */
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
  const reject = useUpdatePurchaseStatus();
  return (
    <ConfirmDialog
      open={request !== null}
      title={title}
      confirmVariant="danger"
      busy={reject.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (request) reject.mutate({ id: request.id, body: { status: 'rejected' } }, { onSettled: onClose });
      }}
    >
      <p>{children}</p>
    </ConfirmDialog>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { completePurchaseAction, useCompletePurchase } from '../api/complete-purchase';
import { purchaseRequestsQueryOptions } from '../api/purchase-requests';
import { itemsText, requestItemCount } from '../lib/requests';
import { useBulkAction } from '../lib/use-bulk-action';
import { useProofPhoto } from '../lib/use-proof-photo';
import { useAdminAlert } from './admin-alert';
import { BulkConfirmDialog } from './bulk-confirm-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { ProofPhotoField } from './proof-photo-field';

/** Complete Drop: asks, with an optional proof photo, before an approved request is marked completed. */
export function CompleteDropDialog({ request, onClose }: { request: PurchaseRequest | null; onClose: () => void }) {
  const { _ } = useLingui();
  const complete = useCompletePurchase();
  const { photo, setPhoto, close } = useProofPhoto(onClose);
  return (
    <ConfirmDialog
      open={request !== null}
      title={_('Complete Drop')}
      record={request && { type: 'purchase-request', id: request.id, status: request.status }}
      confirmVariant="success"
      busy={complete.isPending}
      onCancel={close}
      onConfirm={() => {
        if (!request) return;
        complete.mutate({ id: request.id, requesterName: request.requesterName, photo }, { onSettled: close });
      }}
    >
      <p>
        {_('Mark request #{id} from {player} as completed? Only select yes once the items were handed over.', {
          id: request?.id ?? '',
          player: request?.requesterName ?? '',
        })}
      </p>
      <ProofPhotoField value={photo} onChange={setPhoto} />
    </ConfirmDialog>
  );
}

/** Complete Drops: the chosen requests of one player marked completed at once, after a Yes. */
export function BulkCompleteDialog({
  open,
  requests,
  player,
  onCancel,
  onDone,
}: {
  open: boolean;
  requests: readonly PurchaseRequest[];
  player: string | null;
  onCancel: () => void;
  /** Once sent, whatever the outcome. */
  onDone: () => void;
}) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const bulkComplete = useBulkAction({
    done: 'completed',
    refresh: () => queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryOptions().queryKey }),
    onFailure: useAdminAlert(),
  });
  return (
    <BulkConfirmDialog
      open={open}
      title={_('Complete Drops')}
      question={_(
        '{count, plural, one {Mark this request from {player} as completed? Only select yes once the items were handed over.} other {Mark these # requests from {player} as completed? Only select yes once the items were handed over.}}',
        { count: requests.length, player: player ?? '' },
      )}
      items={requests.map((request) => `#${request.id} · ${itemsText(requestItemCount(request))} · ${displayCents(request.totalPrice)}`)}
      busy={bulkComplete.isPending}
      onCancel={onCancel}
      onConfirm={(photo) =>
        bulkComplete.mutate(
          { actions: requests.map((request) => completePurchaseAction(request.id, request.requesterName)), photo },
          { onSettled: onDone },
        )
      }
    />
  );
}

import type { ScheduledPickup } from '@/domain/schemas/pickups';
import { useLingui } from '@/lib/i18n/react';
import { markCollectedAction, useMarkCollected } from '../api/mark-collected';
import { useRefreshPickups } from '../api/scheduled-pickups';
import { adminFailureText } from '../lib/alert-message';
import { useBulkAction } from '../lib/use-bulk-action';
import { useProofPhoto } from '../lib/use-proof-photo';
import { useAdminAlert } from './admin-alert';
import { BulkConfirmDialog } from './bulk-confirm-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { ProofPhotoField } from './proof-photo-field';

/** Confirm Collection: asks, with an optional proof photo, before a scheduled pickup is marked collected. */
export function ConfirmCollectionDialog({ pickup, onClose }: { pickup: ScheduledPickup | null; onClose: () => void }) {
  const { _ } = useLingui();
  const collect = useMarkCollected();
  const alert = useAdminAlert();
  const { photo, setPhoto, close } = useProofPhoto(onClose);
  return (
    <ConfirmDialog
      open={pickup !== null}
      title={_('Confirm Collection')}
      record={pickup && { type: 'pickup', id: pickup.id, status: 'scheduled' }}
      confirmVariant="success"
      busy={collect.isPending}
      onCancel={close}
      onConfirm={() => {
        if (!pickup) return;
        collect.mutate(
          { pickup, photo },
          {
            onError: (error) => alert(adminFailureText(error, _('Failed to mark as collected'), _('Error marking as collected'))),
            onSettled: close,
          },
        );
      }}
    >
      <p>{_("Only select yes if you've collected")}</p>
      {pickup?.submission && (
        <p>
          {_('{quantity} × {item} from {player}', {
            quantity: pickup.submission.quantity,
            item: pickup.submission.ps5Name,
            player: pickup.submission.submittedBy,
          })}
        </p>
      )}
      <ProofPhotoField value={photo} onChange={setPhoto} />
    </ConfirmDialog>
  );
}

/** Confirm Collection of the chosen pickups of one player at once, after a Yes. */
export function BulkCollectDialog({
  open,
  pickups,
  player,
  onCancel,
  onDone,
}: {
  open: boolean;
  pickups: readonly ScheduledPickup[];
  player: string | null;
  onCancel: () => void;
  /** Once sent, whatever the outcome. */
  onDone: () => void;
}) {
  const { _ } = useLingui();
  const bulkCollect = useBulkAction({ done: 'collected', refresh: useRefreshPickups(), onFailure: useAdminAlert() });
  return (
    <BulkConfirmDialog
      open={open}
      title={_('Confirm Collection')}
      question={_(
        "{count, plural, one {Mark this pickup from {player} as collected? Only select yes if you've collected it.} other {Mark these # pickups from {player} as collected? Only select yes if you've collected them all.}}",
        { count: pickups.length, player: player ?? '' },
      )}
      items={pickups.map((pickup) =>
        pickup.submission ? `${pickup.submission.quantity} × ${pickup.submission.ps5Name}` : _('Pickup #{id}', { id: pickup.id }),
      )}
      busy={bulkCollect.isPending}
      onCancel={onCancel}
      onConfirm={(photo) =>
        bulkCollect.mutate({ actions: pickups.map((pickup) => markCollectedAction(pickup)), photo }, { onSettled: onDone })
      }
    />
  );
}

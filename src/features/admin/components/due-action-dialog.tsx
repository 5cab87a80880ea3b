import { useLingui } from '@/lib/i18n/react';
import { useCompletePurchase } from '../api/complete-purchase';
import { useMarkCollected } from '../api/mark-collected';
import { adminFailureText } from '../lib/alert-message';
import type { DueEntry } from '../lib/due-now';
import { useProofPhoto } from '../lib/use-proof-photo';
import { useAdminAlert } from './admin-alert';
import { ConfirmDialog } from './confirm-dialog';
import { ProofPhotoField } from './proof-photo-field';

/** Due now's next action, asked first: Complete Drop or Confirm Collection, with an optional proof photo. */
export function DueActionDialog({ acting, onClose }: { acting: DueEntry | null; onClose: () => void }) {
  const { _ } = useLingui();
  const complete = useCompletePurchase();
  const collect = useMarkCollected();
  const alert = useAdminAlert();
  const { photo, setPhoto, close } = useProofPhoto(onClose);
  return (
    <ConfirmDialog
      open={acting !== null}
      title={acting?.kind === 'pickup' ? _('Confirm Collection') : _('Complete Drop')}
      confirmVariant="success"
      busy={complete.isPending || collect.isPending}
      onCancel={close}
      onConfirm={() => {
        if (!acting) return;
        if (acting.kind === 'drop') {
          complete.mutate({ id: acting.id, requesterName: acting.player, photo }, { onSettled: close });
        } else {
          collect.mutate(
            { pickup: acting.pickup, photo },
            {
              onError: (error) => alert(adminFailureText(error, _('Failed to mark as collected'), _('Error marking as collected'))),
              onSettled: close,
            },
          );
        }
      }}
    >
      <p>{acting?.kind === 'pickup' ? _("Only select yes if you've collected") : _('Only select yes once the items were handed over.')}</p>
      <p>
        {acting?.kind === 'pickup'
          ? _('{item} from {player}', { item: acting.items, player: acting.player })
          : _('{item} for {player}', { item: acting?.items ?? '', player: acting?.player ?? '' })}
      </p>
      <ProofPhotoField value={photo} onChange={setPhoto} />
    </ConfirmDialog>
  );
}

import { useState } from 'react';
import { Button } from '@/components/button';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { useLingui } from '@/lib/i18n/react';
import type { PromiseSubject } from '../lib/promise-subject';
import type { ApprovedOpeners } from './approved-actions';
import { CompleteDropDialog } from './complete-drop-dialogs';
import { ItemListDialog } from './item-list-dialog';
import { NoShowDialog } from './no-show-dialog';
import { OrderDetailsDialog } from './order-details-dialog';
import { RejectRequestDialog } from './reject-request-dialog';
import { RequestContactDialog } from './request-contact-dialog';
import { RescheduleDialog } from './reschedule-dialog';

/** The dialogs an approved request's actions open: which record each shows (null: closed), and their openers. */
export function useApprovedDialogs() {
  const [dropInfo, setDropInfo] = useState<PurchaseRequest | null>(null);
  const [completing, setCompleting] = useState<PurchaseRequest | null>(null);
  const [rejecting, setRejecting] = useState<PurchaseRequest | null>(null);
  const [contact, setContact] = useState<PurchaseRequest | null>(null);
  const [items, setItems] = useState<PurchaseRequest | null>(null);
  const [rescheduling, setRescheduling] = useState<PromiseSubject | null>(null);
  const [noShow, setNoShow] = useState<PromiseSubject | null>(null);
  const open: ApprovedOpeners = {
    dropInfo: setDropInfo,
    complete: setCompleting,
    reject: setRejecting,
    contact: setContact,
    items: setItems,
    reschedule: setRescheduling,
    noShow: setNoShow,
  };
  const shown = { dropInfo, completing, rejecting, contact, items, rescheduling, noShow };
  const close = {
    dropInfo: () => setDropInfo(null),
    complete: () => setCompleting(null),
    reject: () => setRejecting(null),
    contact: () => setContact(null),
    items: () => setItems(null),
    reschedule: () => setRescheduling(null),
    noShow: () => setNoShow(null),
  };
  return { shown, open, close };
}

/** Every dialog of Approved Requests, each open while its record is set. */
export function ApprovedDialogs({ dialogs: { shown, open, close } }: { dialogs: ReturnType<typeof useApprovedDialogs> }) {
  const { _ } = useLingui();
  return (
    <>
      <OrderDetailsDialog
        request={shown.dropInfo}
        kind="drop"
        onClose={close.dropInfo}
        actions={
          // Approved → completed by 'Mark as Completed' or Complete Drop, either confirmed with Yes.
          <Button
            type="button"
            $variant="success"
            onClick={() => {
              if (shown.dropInfo) open.complete(shown.dropInfo);
              close.dropInfo();
            }}
          >
            {_('Mark as Completed')}
          </Button>
        }
      />
      <CompleteDropDialog request={shown.completing} onClose={close.complete} />
      <RejectRequestDialog request={shown.rejecting} title={_('Reject Approved Request')} onClose={close.reject}>
        {_('Are you sure you want to reject approved request #{id} from {player}?', {
          id: shown.rejecting?.id ?? '',
          player: shown.rejecting?.requesterName ?? '',
        })}
      </RejectRequestDialog>
      <RequestContactDialog request={shown.contact} onClose={close.contact} />
      <ItemListDialog request={shown.items} onClose={close.items} />
      <RescheduleDialog subject={shown.rescheduling} onClose={close.reschedule} />
      <NoShowDialog subject={shown.noShow} onClose={close.noShow} />
    </>
  );
}

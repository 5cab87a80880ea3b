import { useQuery } from '@tanstack/react-query';
import { useListFrame } from '../../../components/query-frame';
import { useState } from 'react';
import { Button } from '../../../components/button';
import type { ScheduledPickup } from '../../../domain/schemas/pickups';
import { adminFailureText } from '../lib/alert-message';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';
import { useMarkCollected } from '../api/mark-collected';
import { useMarkPaid } from '../api/mark-paid';
import { useAdminAlert } from './admin-alert';
import { ConfirmDialog } from './confirm-dialog';
import { ImageViewer } from './image-viewer';
import { ActionsOrPending } from './pending-action-note';
import { PickupCard } from './pickup-card';
import { ProofPhotoField } from './proof-photo-field';
import { ContactDialog } from './contact-dialog';
import { byPickupTime, matchesSearch, pickupFields } from '../lib/find';
import { noMatchText, SearchBox } from '../../../components/search-box';
import { useShowMore } from './show-more';
import { NoShowDialog } from './no-show-dialog';
import { promiseOpen } from './promise-parts';
import { PlayerProposal } from './player-proposal';
import { RescheduleDialog } from './reschedule-dialog';
import type { PromiseSubject } from '../lib/promise-subject';
import { Grid } from './admin-cards';
import { StateText } from './state-text';

/** Scheduled Pickups: pickups not yet collected, each with Mark Collected (then Confirm Collection). */
export function ScheduledPickupsView() {
  const pickups = useQuery(scheduledPickupsQueryOptions());
  const collect = useMarkCollected();
  const alert = useAdminAlert();
  const [confirming, setConfirming] = useState<ScheduledPickup | null>(null);
  const [image, setImage] = useState<{ src: string; title: string } | null>(null);
  const [contact, setContact] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [rescheduling, setRescheduling] = useState<PromiseSubject | null>(null);
  const [noShow, setNoShow] = useState<PromiseSubject | null>(null);

  const all = (pickups.data ?? []).filter((pickup) => !pickup.completed);
  const pending = all.filter((pickup) => matchesSearch(query, pickupFields(pickup))).sort(byPickupTime);
  const { visible, more } = useShowMore(pending);
  const frame = useListFrame([pickups], [scheduledPickupsQueryOptions().queryKey], <StateText>Loading submissions...</StateText>);
  if (frame.blocking) return frame.blocking;

  return (
    <>
      {frame.note}
      <SearchBox value={query} onChange={setQuery} label="Search by player or item" />
      {pending.length === 0 ? (
        <StateText>{all.length > 0 ? noMatchText(query) : 'No pending pickups'}</StateText>
      ) : (
        <Grid aria-label="Scheduled pickups">
          {visible.map((pickup) => (
            <PickupCard
              key={pickup.id}
              pickup={pickup}
              tone="warning"
              onViewImage={(src, title) => setImage({ src, title })}
              actions={
                <>
                  <PlayerProposal subjectType="pickup" subjectId={pickup.id} />
                  <ActionsOrPending type="pickup" id={pickup.id}>
                    <Button type="button" $variant="success" onClick={() => setConfirming(pickup)}>
                      Mark Collected
                    </Button>
                    {promiseOpen(pickup.promiseStatus) && (
                      <>
                        <Button type="button" $variant="secondary" onClick={() => setRescheduling({ kind: 'pickup', pickup })}>
                          Reschedule
                        </Button>
                        <Button type="button" $variant="ghost" onClick={() => setNoShow({ kind: 'pickup', pickup })}>
                          Player did not show
                        </Button>
                      </>
                    )}
                  </ActionsOrPending>
                  {pickup.submission && (
                    <Button type="button" $variant="secondary" onClick={() => setContact(pickup.submission!.submittedBy)}>
                      Contact
                    </Button>
                  )}
                </>
              }
            />
          ))}
        </Grid>
      )}
      {more}
      <ConfirmDialog
        open={confirming !== null}
        title="Confirm Collection"
        record={confirming && { type: 'pickup', id: confirming.id, status: 'scheduled' }}
        confirmVariant="success"
        busy={collect.isPending}
        onCancel={() => {
          setConfirming(null);
          setPhoto(null);
        }}
        onConfirm={() => {
          if (!confirming) return;
          collect.mutate(
            { pickup: confirming, photo },
            {
              onError: (error) => alert(adminFailureText(error, 'Failed to mark as collected', 'Error marking as collected')),
              onSettled: () => {
                setConfirming(null);
                setPhoto(null);
              },
            },
          );
        }}
      >
        <p>Only select yes if you've collected</p>
        {confirming?.submission && (
          <p>
            {confirming.submission.quantity} × {confirming.submission.ps5Name} from {confirming.submission.submittedBy}
          </p>
        )}
        <ProofPhotoField value={photo} onChange={setPhoto} />
      </ConfirmDialog>
      <ImageViewer src={image?.src ?? null} title={image?.title ?? ''} onClose={() => setImage(null)} />
      <ContactDialog username={contact} onClose={() => setContact(null)} />
      <RescheduleDialog subject={rescheduling} onClose={() => setRescheduling(null)} />
      <NoShowDialog subject={noShow} onClose={() => setNoShow(null)} />
    </>
  );
}

/** Collected: collected-but-unpaid pickups with Paid (then Payment Confirmation). */
export function CollectedView() {
  const pickups = useQuery(scheduledPickupsQueryOptions());
  const pay = useMarkPaid();
  const alert = useAdminAlert();
  const [confirming, setConfirming] = useState<ScheduledPickup | null>(null);
  const [image, setImage] = useState<{ src: string; title: string } | null>(null);
  const [query, setQuery] = useState('');

  const all = (pickups.data ?? []).filter((pickup) => pickup.completed && !pickup.paid);
  const collected = all.filter((pickup) => matchesSearch(query, pickupFields(pickup))).sort(byPickupTime);
  const { visible, more } = useShowMore(collected);
  const frame = useListFrame([pickups], [scheduledPickupsQueryOptions().queryKey], <StateText>Loading submissions...</StateText>);
  if (frame.blocking) return frame.blocking;

  return (
    <>
      {frame.note}
      <SearchBox value={query} onChange={setQuery} label="Search by player or item" />
      {collected.length === 0 ? (
        <StateText>{all.length > 0 ? noMatchText(query) : 'No collected items'}</StateText>
      ) : (
        <Grid aria-label="Collected items">
          {visible.map((pickup) => (
            <PickupCard
              key={pickup.id}
              pickup={pickup}
              tone="success"
              onViewImage={(src, title) => setImage({ src, title })}
              actions={
                <ActionsOrPending type="pickup" id={pickup.id}>
                  <Button type="button" $variant="success" onClick={() => setConfirming(pickup)}>
                    Paid
                  </Button>
                </ActionsOrPending>
              }
            />
          ))}
        </Grid>
      )}
      {more}
      <ConfirmDialog
        open={confirming !== null}
        title="Payment Confirmation"
        record={confirming && { type: 'pickup', id: confirming.id, status: 'collected' }}
        confirmVariant="success"
        busy={pay.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          pay.mutate(confirming, {
            onError: (error) => alert(adminFailureText(error, 'Failed to mark as paid', 'Error marking as paid')),
            onSettled: () => setConfirming(null),
          });
        }}
      >
        <p>Have you paid {confirming?.submission?.submittedBy ?? 'the seller'} for this item?</p>
        {confirming?.submission && (
          <p>
            {confirming.submission.quantity} × {confirming.submission.ps5Name}
          </p>
        )}
      </ConfirmDialog>
      <ImageViewer src={image?.src ?? null} title={image?.title ?? ''} onClose={() => setImage(null)} />
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useListFrame } from '@/components/query-frame';
import { memo, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/button';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import { adminFailureText } from '../lib/alert-message';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';
import { markCollectedAction, useMarkCollected } from '../api/mark-collected';
import { pickupLabel, useRefreshPickups } from '../api/scheduled-pickups';
import { useMarkPaid } from '../api/mark-paid';
import { useAdminAlert } from './admin-alert';
import { ConfirmDialog } from './confirm-dialog';
import { ImageViewer } from './image-viewer';
import { ActionsOrPending } from './pending-action-note';
import { PickupCard } from './pickup-card';
import { ProofPhotoField } from './proof-photo-field';
import { ContactDialog } from './contact-dialog';
import { sortPickups } from '../lib/find';
import { indexPickups, searchIndexed } from '../lib/search-index';
import { SearchBox } from '@/components/search-box';
import { noMatch } from '../lib/texts';
import { useLingui } from '@/lib/i18n/react';
import { i18n } from '@/lib/i18n/i18n';
import { displayCents } from '@/lib/i18n/intl';
import { priceText } from '../lib/texts';
import { NoShowButton } from './no-show-button';
import { NoShowDialog } from './no-show-dialog';
import { promiseOpen } from './promise-parts';
import { PlayerProposal } from './player-proposal';
import { RescheduleDialog } from './reschedule-dialog';
import type { PromiseSubject } from '../lib/promise-subject';
import { VirtualGrid } from './virtual-grid';
import { BulkBar } from './bulk-bar';
import { BulkCheck } from './bulk-check';
import { BulkConfirmDialog } from './bulk-confirm-dialog';
import { useBulkSelection } from '../lib/use-bulk-selection';
import { useBulkAction } from '../lib/use-bulk-action';
import styled from 'styled-components';
import { adminPriceDisplay } from '@/domain/valuation';

import { StateText } from './state-text';
import { useSellPriceOf } from '@/lib/catalogue/catalogue-query';

/**
 * The pickups of one list in the order an admin meets them, searched over the precomputed index with a deferred
 * query (issue 33 item 6): a letter typed paints at once with 10,000 pickups, and the grid follows from the index.
 */
function useSearchedPickups(keep: (pickup: ScheduledPickup) => boolean, initialQuery: string) {
  const pickups = useQuery(scheduledPickupsQueryOptions());
  const [query, setQuery] = useState(initialQuery);
  const deferredQuery = useDeferredValue(query);
  const data = pickups.data;
  const all = useMemo(() => sortPickups((data ?? []).filter(keep)), [data, keep]);
  const index = useMemo(() => indexPickups(all), [all]);
  const shown = useMemo(() => searchIndexed(index, deferredQuery), [index, deferredQuery]);
  return { pickups, query, setQuery, deferredQuery, all, shown };
}

const notCollected = (pickup: ScheduledPickup) => !pickup.completed;
const collectedUnpaid = (pickup: ScheduledPickup) => pickup.completed && !pickup.paid;

/** Scheduled Pickups: pickups not yet collected, each with Mark Collected (then Confirm Collection). */
export function ScheduledPickupsView({ initialQuery = '' }: { initialQuery?: string }) {
  const { _ } = useLingui();
  const { pickups, query, setQuery, deferredQuery, all, shown } = useSearchedPickups(notCollected, initialQuery);
  const frame = useListFrame([pickups], [scheduledPickupsQueryOptions().queryKey], <StateText>{_('Loading submissions...')}</StateText>);
  if (frame.blocking) return frame.blocking;

  // Only the search box draws again at a keystroke; the grid, the bulk bar and the dialogs (memoised) wait for the
  // deferred query.
  return (
    <>
      {frame.note}
      <SearchBox value={query} onChange={setQuery} label={_('Search by player or item')} />
      <ScheduledBody all={all} pending={shown} query={deferredQuery} />
    </>
  );
}

/** The bulk bar, the grid and the dialogs of Scheduled Pickups, for the deferred query. */
const ScheduledBody = memo(function ScheduledBody({
  all,
  pending,
  query,
}: {
  all: readonly ScheduledPickup[];
  pending: readonly ScheduledPickup[];
  query: string;
}) {
  const { _ } = useLingui();
  const collect = useMarkCollected();
  const alert = useAdminAlert();
  const [confirming, setConfirming] = useState<ScheduledPickup | null>(null);
  const [image, setImage] = useState<{ src: string; title: string } | null>(null);
  const [contact, setContact] = useState<string | null>(null);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [rescheduling, setRescheduling] = useState<PromiseSubject | null>(null);
  const [noShow, setNoShow] = useState<PromiseSubject | null>(null);
  const bulk = useBulkSelection(all.map((pickup) => pickup.id));
  const [bulkConfirming, setBulkConfirming] = useState(false);
  const bulkCollect = useBulkAction({ done: 'collected', refresh: useRefreshPickups(), onFailure: alert });
  const chosen = bulk.selection.ids.flatMap((id) => all.filter((pickup) => pickup.id === id));
  // The cards' actions, the same functions at every render, so a card whose pickup and selection did not change is
  // not drawn again when the deferred query draws the grid (the toggle reads the selection of the latest render).
  const toggle = useRef(bulk.toggle);
  toggle.current = bulk.toggle;
  const act = useMemo<CardActs>(
    () => ({
      viewImage: (src, title) => setImage({ src, title }),
      toggle: (pickup) => toggle.current(pickup.id, pickup.submission?.submittedBy ?? null),
      collect: setConfirming,
      reschedule: (pickup) => setRescheduling({ kind: 'pickup', pickup }),
      noShow: (pickup) => setNoShow({ kind: 'pickup', pickup }),
      contact: setContact,
    }),
    [],
  );

  return (
    <>
      {all.length > 1 && (
        <BulkBar
          selecting={bulk.selecting}
          count={chosen.length}
          player={bulk.selection.player}
          action={_('Mark Collected')}
          hint={_('Tap the items of one player to mark collected')}
          refused={bulk.refused}
          onStart={bulk.start}
          onCancel={bulk.stop}
          onAction={() => setBulkConfirming(true)}
        />
      )}
      {pending.length === 0 ? (
        <StateText>{all.length > 0 ? noMatch(query) : _('No pending pickups')}</StateText>
      ) : (
        <VirtualGrid
          items={pending}
          getKey={(pickup) => pickup.id}
          label={_('Scheduled pickups')}
          card={(pickup) => (
            <ScheduledCard
              key={pickup.id}
              pickup={pickup}
              selecting={bulk.selecting}
              checked={bulk.selection.ids.includes(pickup.id)}
              other={bulk.isOther(pickup.submission?.submittedBy ?? null)}
              act={act}
            />
          )}
        />
      )}
      <BulkConfirmDialog
        open={bulkConfirming}
        title={_('Confirm Collection')}
        question={_(
          "{count, plural, one {Mark this pickup from {player} as collected? Only select yes if you've collected it.} other {Mark these # pickups from {player} as collected? Only select yes if you've collected them all.}}",
          { count: chosen.length, player: bulk.selection.player ?? '' },
        )}
        items={chosen.map((pickup) =>
          pickup.submission ? `${pickup.submission.quantity} × ${pickup.submission.ps5Name}` : _('Pickup #{id}', { id: pickup.id }),
        )}
        busy={bulkCollect.isPending}
        onCancel={() => setBulkConfirming(false)}
        onConfirm={(photo) =>
          bulkCollect.mutate(
            { actions: chosen.map((pickup) => markCollectedAction(pickup)), photo },
            {
              onSettled: () => {
                setBulkConfirming(false);
                bulk.stop();
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={confirming !== null}
        title={_('Confirm Collection')}
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
              onError: (error) => alert(adminFailureText(error, _('Failed to mark as collected'), _('Error marking as collected'))),
              onSettled: () => {
                setConfirming(null);
                setPhoto(null);
              },
            },
          );
        }}
      >
        <p>{_("Only select yes if you've collected")}</p>
        {confirming?.submission && (
          <p>
            {_('{quantity} × {item} from {player}', {
              quantity: confirming.submission.quantity,
              item: confirming.submission.ps5Name,
              player: confirming.submission.submittedBy,
            })}
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
});

/** Collected: collected-but-unpaid pickups with Paid (then Payment Confirmation). */
export function CollectedView({ initialQuery = '' }: { initialQuery?: string }) {
  const { _ } = useLingui();
  const { pickups, query, setQuery, deferredQuery, all, shown } = useSearchedPickups(collectedUnpaid, initialQuery);
  const frame = useListFrame([pickups], [scheduledPickupsQueryOptions().queryKey], <StateText>{_('Loading submissions...')}</StateText>);
  if (frame.blocking) return frame.blocking;

  return (
    <>
      {frame.note}
      <SearchBox value={query} onChange={setQuery} label={_('Search by player or item')} />
      <CollectedBody collected={shown} query={deferredQuery} anyCollected={all.length > 0} />
    </>
  );
}

/** The grid and Payment Confirmation of Collected, for the deferred query. */
const CollectedBody = memo(function CollectedBody({
  collected,
  query,
  anyCollected,
}: {
  collected: readonly ScheduledPickup[];
  query: string;
  anyCollected: boolean;
}) {
  const { _ } = useLingui();
  const pay = useMarkPaid();
  const alert = useAdminAlert();
  const sellPriceOf = useSellPriceOf();
  const [confirming, setConfirming] = useState<ScheduledPickup | null>(null);
  const [image, setImage] = useState<{ src: string; title: string } | null>(null);
  const viewImage = useCallback((src: string, title: string) => setImage({ src, title }), []);

  return (
    <>
      {collected.length === 0 ? (
        <StateText>{anyCollected ? noMatch(query) : _('No collected items')}</StateText>
      ) : (
        <VirtualGrid
          items={collected}
          getKey={(pickup) => pickup.id}
          label={_('Collected items')}
          card={(pickup) => <CollectedCard key={pickup.id} pickup={pickup} onPay={setConfirming} onViewImage={viewImage} />}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={_('Payment Confirmation')}
        record={confirming && { type: 'pickup', id: confirming.id, status: 'collected' }}
        confirmVariant="success"
        busy={pay.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          pay.mutate(confirming, {
            onError: (error) => alert(adminFailureText(error, _('Failed to mark as paid'), _('Error marking as paid'))),
            onSettled: () => setConfirming(null),
          });
        }}
      >
        <p>
          {confirming?.submission
            ? _('Have you paid {player} for this item?', { player: confirming.submission.submittedBy })
            : _('Have you paid the seller for this item?')}
        </p>
        {confirming?.submission && (
          <p>
            {confirming.submission.quantity} × {confirming.submission.ps5Name}
          </p>
        )}
        {confirming && (
          <AmountToPay data-testid="amount-to-pay">
            <span>{_('Amount to pay')}</span>
            <strong>{amountToPay(confirming, sellPriceOf)}</strong>
          </AmountToPay>
        )}
      </ConfirmDialog>
      <ImageViewer src={image?.src ?? null} title={image?.title ?? ''} onClose={() => setImage(null)} />
    </>
  );
});

/** What a Scheduled Pickups card can start; the same functions at every render (see ScheduledBody). */
interface CardActs {
  viewImage: (src: string, title: string) => void;
  toggle: (pickup: ScheduledPickup) => void;
  collect: (pickup: ScheduledPickup) => void;
  reschedule: (pickup: ScheduledPickup) => void;
  noShow: (pickup: ScheduledPickup) => void;
  contact: (username: string) => void;
}

/** A Scheduled Pickups card, drawn again only when its pickup or its place in the selection changes. */
const ScheduledCard = memo(function ScheduledCard({
  pickup,
  selecting,
  checked,
  other,
  act,
}: {
  pickup: ScheduledPickup;
  selecting: boolean;
  checked: boolean;
  other: boolean;
  act: CardActs;
}) {
  const { _ } = useLingui();
  return (
    <PickupCard
      pickup={pickup}
      tone="warning"
      onViewImage={act.viewImage}
      actions={
        selecting ? (
          <ActionsOrPending type="pickup" id={pickup.id}>
            <BulkCheck checked={checked} name={pickupLabel(pickup)} other={other} onToggle={() => act.toggle(pickup)} />
          </ActionsOrPending>
        ) : (
          <>
            <PlayerProposal subjectType="pickup" subjectId={pickup.id} />
            <ActionsOrPending type="pickup" id={pickup.id}>
              <Button type="button" $variant="success" onClick={() => act.collect(pickup)}>
                {_('Mark Collected')}
              </Button>
              {promiseOpen(pickup.promiseStatus) && (
                <>
                  <Button type="button" $variant="secondary" onClick={() => act.reschedule(pickup)}>
                    {_('Reschedule')}
                  </Button>
                  <NoShowButton promisedAt={pickup.promisedAt} onClick={() => act.noShow(pickup)} />
                </>
              )}
            </ActionsOrPending>
            {pickup.submission && (
              <Button type="button" $variant="secondary" onClick={() => act.contact(pickup.submission!.submittedBy)}>
                {_('Contact')}
              </Button>
            )}
          </>
        )
      }
    />
  );
});

/** A Collected card, drawn again only when its pickup changes. */
const CollectedCard = memo(function CollectedCard({
  pickup,
  onPay,
  onViewImage,
}: {
  pickup: ScheduledPickup;
  onPay: (pickup: ScheduledPickup) => void;
  onViewImage: (src: string, title: string) => void;
}) {
  const { _ } = useLingui();
  return (
    <PickupCard
      pickup={pickup}
      tone="success"
      onViewImage={onViewImage}
      actions={
        <ActionsOrPending type="pickup" id={pickup.id}>
          <Button type="button" $variant="success" onClick={() => onPay(pickup)}>
            {_('Paid')}
          </Button>
        </ActionsOrPending>
      }
    />
  );
});

/** What the seller is owed, as the card prices it: the catalogue's value, the agreed price, or Price TBD. */
function amountToPay(pickup: ScheduledPickup, sellPriceOf: (name: string) => number | null | undefined): string {
  const agreed = () => i18n._('{amount} USD (agreed)', { amount: displayCents(pickup.agreedPrice!) });
  if (!pickup.submission) return pickup.agreedPrice !== null ? agreed() : i18n._('Price TBD');
  const { ps5Name, quantity, paymentMethod } = pickup.submission;
  const catalogue = adminPriceDisplay(ps5Name, quantity, paymentMethod, 'Price TBD', sellPriceOf);
  return catalogue.cents === null && pickup.agreedPrice !== null ? agreed() : priceText(catalogue, paymentMethod);
}

const AmountToPay = styled.p`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.success};
  span {
    color: ${({ theme }) => theme.color.textMuted};
  }
  strong {
    font-size: 1.25rem;
  }
`;

import { memo, useMemo, useRef, useState } from 'react';
import { useListFrame } from '@/components/query-frame';
import { SearchBox } from '@/components/search-box';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import { useLingui } from '@/lib/i18n/react';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';
import type { PromiseSubject } from '../lib/promise-subject';
import { noMatch } from '../lib/texts';
import { useBulkSelection } from '../lib/use-bulk-selection';
import { useSearchedPickups } from '../lib/use-searched-pickups';
import { BulkBar } from './bulk-bar';
import { BulkCollectDialog, ConfirmCollectionDialog } from './collection-dialogs';
import { ContactDialog } from './contact-dialog';
import { ImageViewer } from './image-viewer';
import { NoShowDialog } from './no-show-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { ScheduledCard, type CardActs } from './scheduled-pickup-card';
import { StateText } from './state-text';
import { VirtualGrid } from './virtual-grid';

const notCollected = (pickup: ScheduledPickup) => !pickup.completed;

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
  const [confirming, setConfirming] = useState<ScheduledPickup | null>(null);
  const [image, setImage] = useState<{ src: string; title: string } | null>(null);
  const [contact, setContact] = useState<string | null>(null);
  const [rescheduling, setRescheduling] = useState<PromiseSubject | null>(null);
  const [noShow, setNoShow] = useState<PromiseSubject | null>(null);
  const bulk = useBulkSelection(all.map((pickup) => pickup.id));
  const [bulkConfirming, setBulkConfirming] = useState(false);
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
        <ScheduledGrid pending={pending} bulk={bulk} act={act} />
      )}
      <BulkCollectDialog
        open={bulkConfirming}
        pickups={chosen}
        player={bulk.selection.player}
        onCancel={() => setBulkConfirming(false)}
        onDone={() => {
          setBulkConfirming(false);
          bulk.stop();
        }}
      />
      <ConfirmCollectionDialog pickup={confirming} onClose={() => setConfirming(null)} />
      <ImageViewer src={image?.src ?? null} title={image?.title ?? ''} onClose={() => setImage(null)} />
      <ContactDialog username={contact} onClose={() => setContact(null)} />
      <RescheduleDialog subject={rescheduling} onClose={() => setRescheduling(null)} />
      <NoShowDialog subject={noShow} onClose={() => setNoShow(null)} />
    </>
  );
});

/** The grid of scheduled pickups, each card with its actions or, while selecting, its check box. */
function ScheduledGrid({
  pending,
  bulk,
  act,
}: {
  pending: readonly ScheduledPickup[];
  bulk: ReturnType<typeof useBulkSelection>;
  act: CardActs;
}) {
  const { _ } = useLingui();
  return (
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
  );
}

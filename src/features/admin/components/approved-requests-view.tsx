import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useListFrame } from '@/components/query-frame';
import { SearchBox } from '@/components/search-box';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { noMatch } from '../lib/texts';
import { indexRequests, searchIndexed } from '../lib/search-index';
import { ActionsOrPending } from './pending-action-note';
import { ProofPhotoField } from './proof-photo-field';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { Button } from '@/components/button';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { purchaseRequestsQueryOptions } from '../api/purchase-requests';
import { completePurchaseAction, useCompletePurchase } from '../api/complete-purchase';
import { BulkBar } from './bulk-bar';
import { BulkConfirmDialog } from './bulk-confirm-dialog';
import { BulkRequestList } from './bulk-request-list';
import { useBulkSelection } from '../lib/use-bulk-selection';
import { useBulkAction } from '../lib/use-bulk-action';
import { useAdminAlert } from './admin-alert';
import {
  approvedEmptyText,
  filterDrops,
  itemsText,
  requestItemCount,
  NO_TOGGLES,
  sortRequests,
  toggleDrop,
  type DropToggles,
  type RequestSort,
} from '../lib/requests';
import { ConfirmDialog } from './confirm-dialog';
import { ContactDialog } from './contact-dialog';
import { ItemListDialog } from './item-list-dialog';
import { RequestItems } from './item-table';
import { ItemsSummary } from './items-summary';
import { RejectRequestDialog } from './reject-request-dialog';
import { OrderDetailsDialog } from './order-details-dialog';
import { RequestDetail, RequestList, SortButtons } from './request-parts';
import { NoShowButton } from './no-show-button';
import { NoShowDialog } from './no-show-dialog';
import { promiseOpen } from './promise-parts';
import { PlayerProposal } from './player-proposal';
import { RescheduleDialog } from './reschedule-dialog';
import type { PromiseSubject } from '../lib/promise-subject';
import { CardActions } from './admin-cards';
import { Split, Stack } from './admin-layout';
import { StateText } from './state-text';
import { IconAction, Switch, SwitchRow } from './drop-switch';

/** Step 2, Approved Requests: sorts, the exclusive scheduled-only / immediate-only toggles, and the drop actions. */
export function ApprovedRequestsView({ initialQuery = '' }: { initialQuery?: string }) {
  const { _ } = useLingui();
  const requests = useQuery(purchaseRequestsQueryOptions());
  const [sort, setSort] = useState<RequestSort>('recent');
  const [toggles, setToggles] = useState<DropToggles>(NO_TOGGLES);
  const [query, setQuery] = useState(initialQuery);

  // A letter typed, a new sort or a toggle paints at once (the box, the pressed button); the list of thousands
  // follows. Only the search box, the sort buttons and the toggles draw again at the keystroke or tap: the rest
  // (ApprovedBody, memoised) waits for the deferred query, sort and toggles (issue 33 item 6).
  const deferredQuery = useDeferredValue(query);
  const deferredSort = useDeferredValue(sort);
  const deferredToggles = useDeferredValue(toggles);
  const all = requests.data;
  const approved = useMemo(() => (all ?? []).filter((request) => request.status === 'approved'), [all]);
  const index = useMemo(() => indexRequests(approved), [approved]);
  const shown = useMemo(
    () => sortRequests(filterDrops(searchIndexed(index, deferredQuery), deferredToggles), deferredSort, deferredToggles.scheduledOnly),
    [index, deferredQuery, deferredToggles, deferredSort],
  );
  const frame = useListFrame(
    [requests],
    [purchaseRequestsQueryOptions().queryKey],
    <StateText>{_('Loading purchase requests...')}</StateText>,
  );
  if (frame.blocking) return frame.blocking;

  return (
    <Stack>
      {frame.note}
      <SearchBox value={query} onChange={setQuery} label={_('Search by player or item')} />
      <SortButtons sort={sort} onSort={setSort} screen="approved" scheduledOnly={toggles.scheduledOnly} />
      <SwitchRow role="group" aria-label={_('Drops')}>
        <Switch
          type="button"
          role="switch"
          aria-checked={toggles.scheduledOnly}
          onClick={() => setToggles(toggleDrop(toggles, 'scheduledOnly'))}
        >
          {_('Scheduled only')}
        </Switch>
        <Switch
          type="button"
          role="switch"
          aria-checked={toggles.immediateOnly}
          onClick={() => setToggles(toggleDrop(toggles, 'immediateOnly'))}
        >
          {_('Immediate drops only')}
        </Switch>
      </SwitchRow>
      <ApprovedBody approved={approved} shown={shown} query={deferredQuery} sort={deferredSort} toggles={deferredToggles} />
    </Stack>
  );
}

/** The bulk bar, the list, the selected request's detail and the dialogs, for the deferred query, sort and toggles. */
const ApprovedBody = memo(function ApprovedBody({
  approved,
  shown,
  query,
  sort,
  toggles,
}: {
  approved: readonly PurchaseRequest[];
  shown: readonly PurchaseRequest[];
  query: string;
  sort: RequestSort;
  toggles: DropToggles;
}) {
  const { _, i18n } = useLingui();
  const complete = useCompletePurchase();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dropInfo, setDropInfo] = useState<PurchaseRequest | null>(null);
  const [completing, setCompleting] = useState<PurchaseRequest | null>(null);
  const [rejecting, setRejecting] = useState<PurchaseRequest | null>(null);
  const [contact, setContact] = useState<PurchaseRequest | null>(null);
  const [items, setItems] = useState<PurchaseRequest | null>(null);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [rescheduling, setRescheduling] = useState<PromiseSubject | null>(null);
  const [noShow, setNoShow] = useState<PromiseSubject | null>(null);
  const bulk = useBulkSelection(approved.map((request) => request.id));
  const [bulkConfirming, setBulkConfirming] = useState(false);
  const queryClient = useQueryClient();
  const bulkComplete = useBulkAction({
    done: 'completed',
    refresh: () => queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryOptions().queryKey }),
    onFailure: useAdminAlert(),
  });
  const chosen = bulk.selection.ids.flatMap((id) => approved.filter((request) => request.id === id));
  const tapped = shown.find((request) => request.id === selectedId) ?? shown[0] ?? null;
  // A tapped row is highlighted at once; its detail (history, conversation) is drawn just after, from the deferred
  // id, as on Pending Purchase Requests.
  const detailId = useDeferredValue(tapped?.id ?? null);
  const selected = shown.find((request) => request.id === detailId) ?? tapped;
  const detail = useMemo(
    () =>
      selected && (
        <RequestDetail
          request={selected}
          actions={
            <>
              <ActionsOrPending type="purchase-request" id={selected.id}>
                <CardActions>
                  <Button type="button" $variant="secondary" onClick={() => setDropInfo(selected)}>
                    {_('Schedule')}
                  </Button>
                  <Button type="button" $variant="success" onClick={() => setCompleting(selected)}>
                    {_('Completed')}
                  </Button>
                  <IconAction
                    type="button"
                    aria-label={_('Reject request #{id}', { id: selected.id })}
                    onClick={() => setRejecting(selected)}
                  >
                    {_('× Reject')}
                  </IconAction>
                </CardActions>
                <PlayerProposal subjectType="purchase-request" subjectId={selected.id} />
                {promiseOpen(selected.promiseStatus) && (
                  <CardActions>
                    <Button
                      type="button"
                      $variant="secondary"
                      onClick={() => setRescheduling({ kind: 'purchase-request', request: selected })}
                    >
                      {_('Reschedule')}
                    </Button>
                    <NoShowButton
                      promisedAt={selected.promisedAt}
                      onClick={() => setNoShow({ kind: 'purchase-request', request: selected })}
                    />
                  </CardActions>
                )}
              </ActionsOrPending>
              <CardActions>
                <Button type="button" $variant="secondary" onClick={() => setContact(selected)}>
                  {_('Contact')}
                </Button>
                <Button type="button" $variant="ghost" onClick={() => setItems(selected)}>
                  {_('View Items')}
                </Button>
              </CardActions>
            </>
          }
        />
      ),
    // Drawn again for another record or another language.
    [selected, i18n.locale],
  );

  return (
    <>
      {approved.length > 1 && (
        <BulkBar
          selecting={bulk.selecting}
          count={chosen.length}
          player={bulk.selection.player}
          action={_('Mark Completed')}
          hint={_('Tap the items of one player to mark completed')}
          refused={bulk.refused}
          onStart={bulk.start}
          onCancel={bulk.stop}
          onAction={() => setBulkConfirming(true)}
        />
      )}
      {sort === 'items' && <ItemsSummary requests={shown} title={_('Total Items Approved')} />}
      {shown.length === 0 ? (
        <StateText>{query.trim() ? noMatch(query) : approvedEmptyText(toggles)}</StateText>
      ) : (
        <Split>
          {bulk.selecting ? (
            <BulkRequestList
              requests={shown}
              label={_('Approved requests')}
              isChecked={(request) => bulk.selection.ids.includes(request.id)}
              isOther={(request) => bulk.isOther(request.requesterName)}
              onToggle={(request) => {
                bulk.toggle(request.id, request.requesterName);
                setSelectedId(request.id);
              }}
            />
          ) : (
            <RequestList
              requests={shown}
              selectedId={tapped?.id ?? null}
              onSelect={(request) => setSelectedId(request.id)}
              label={_('Approved requests')}
              showSchedule
            />
          )}
          {detail}
        </Split>
      )}
      <OrderDetailsDialog
        request={dropInfo}
        kind="drop"
        onClose={() => setDropInfo(null)}
        actions={
          // Approved → completed by 'Mark as Completed' or Complete Drop, either confirmed with Yes.
          <Button
            type="button"
            $variant="success"
            onClick={() => {
              setCompleting(dropInfo);
              setDropInfo(null);
            }}
          >
            {_('Mark as Completed')}
          </Button>
        }
      />
      <BulkConfirmDialog
        open={bulkConfirming}
        title={_('Complete Drops')}
        question={_(
          '{count, plural, one {Mark this request from {player} as completed? Only select yes once the items were handed over.} other {Mark these # requests from {player} as completed? Only select yes once the items were handed over.}}',
          { count: chosen.length, player: bulk.selection.player ?? '' },
        )}
        items={chosen.map((request) => `#${request.id} · ${itemsText(requestItemCount(request))} · ${displayCents(request.totalPrice)}`)}
        busy={bulkComplete.isPending}
        onCancel={() => setBulkConfirming(false)}
        onConfirm={(photo) =>
          bulkComplete.mutate(
            { actions: chosen.map((request) => completePurchaseAction(request.id, request.requesterName)), photo },
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
        open={completing !== null}
        title={_('Complete Drop')}
        record={completing && { type: 'purchase-request', id: completing.id, status: completing.status }}
        confirmVariant="success"
        busy={complete.isPending}
        onCancel={() => {
          setCompleting(null);
          setPhoto(null);
        }}
        onConfirm={() => {
          if (!completing) return;
          complete.mutate(
            { id: completing.id, requesterName: completing.requesterName, photo },
            {
              onSettled: () => {
                setCompleting(null);
                setPhoto(null);
              },
            },
          );
        }}
      >
        <p>
          {_('Mark request #{id} from {player} as completed? Only select yes once the items were handed over.', {
            id: completing?.id ?? '',
            player: completing?.requesterName ?? '',
          })}
        </p>
        <ProofPhotoField value={photo} onChange={setPhoto} />
      </ConfirmDialog>
      <RejectRequestDialog request={rejecting} title={_('Reject Approved Request')} onClose={() => setRejecting(null)}>
        {_('Are you sure you want to reject approved request #{id} from {player}?', {
          id: rejecting?.id ?? '',
          player: rejecting?.requesterName ?? '',
        })}
      </RejectRequestDialog>
      <ContactDialog
        username={contact?.requesterName ?? null}
        details={contact && <RequestItems items={contact.items} total={contact.totalPrice} />}
        onClose={() => setContact(null)}
      />
      <ItemListDialog request={items} onClose={() => setItems(null)} />
      <RescheduleDialog subject={rescheduling} onClose={() => setRescheduling(null)} />
      <NoShowDialog subject={noShow} onClose={() => setNoShow(null)} />
    </>
  );
});

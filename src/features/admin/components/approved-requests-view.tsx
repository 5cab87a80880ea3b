import { useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { useListFrame } from '@/components/query-frame';
import { SearchBox } from '@/components/search-box';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { useLingui } from '@/lib/i18n/react';
import { purchaseRequestsQueryOptions } from '../api/purchase-requests';
import { approvedEmptyText, filterDrops, NO_TOGGLES, sortRequests, toggleDrop, type DropToggles, type RequestSort } from '../lib/requests';
import { indexRequests, searchIndexed } from '../lib/search-index';
import { noMatch } from '../lib/texts';
import { useBulkSelection } from '../lib/use-bulk-selection';
import { useSelectedRequest } from '../lib/use-selected-request';
import { Split, Stack } from './admin-layout';
import { ApprovedActions, type ApprovedOpeners } from './approved-actions';
import { ApprovedDialogs, useApprovedDialogs } from './approved-dialogs';
import { BulkBar } from './bulk-bar';
import { BulkRequestList } from './bulk-request-list';
import { BulkCompleteDialog } from './complete-drop-dialogs';
import { Switch, SwitchRow } from './drop-switch';
import { ItemsSummary } from './items-summary';
import { RequestDetail, RequestList, SortButtons } from './request-parts';
import { StateText } from './state-text';

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
  const { _ } = useLingui();
  const dialogs = useApprovedDialogs();
  const bulk = useBulkSelection(approved.map((request) => request.id));
  const [bulkConfirming, setBulkConfirming] = useState(false);
  const chosen = bulk.selection.ids.flatMap((id) => approved.filter((request) => request.id === id));
  // A tapped row is highlighted at once; its detail (history, conversation) is drawn just after, as on Pending
  // Purchase Requests.
  const selection = useSelectedRequest(shown);

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
        <ApprovedSplit shown={shown} selection={selection} bulk={bulk} open={dialogs.open} />
      )}
      <BulkCompleteDialog
        open={bulkConfirming}
        requests={chosen}
        player={bulk.selection.player}
        onCancel={() => setBulkConfirming(false)}
        onDone={() => {
          setBulkConfirming(false);
          bulk.stop();
        }}
      />
      <ApprovedDialogs dialogs={dialogs} />
    </>
  );
});

/** The list (with check boxes while selecting for a bulk action) beside the tapped request's detail. */
function ApprovedSplit({
  shown,
  selection: { tapped, detailed: selected, select },
  bulk,
  open,
}: {
  shown: readonly PurchaseRequest[];
  selection: ReturnType<typeof useSelectedRequest<PurchaseRequest>>;
  bulk: ReturnType<typeof useBulkSelection>;
  open: ApprovedOpeners;
}) {
  const { _, i18n } = useLingui();
  const detail = useMemo(
    () => selected && <RequestDetail request={selected} actions={<ApprovedActions request={selected} open={open} />} />,
    // Drawn again for another record or another language (the openers only set state: the same at every draw).
    [selected, i18n.locale],
  );
  return (
    <Split>
      {bulk.selecting ? (
        <BulkRequestList
          requests={shown}
          label={_('Approved requests')}
          isChecked={(request) => bulk.selection.ids.includes(request.id)}
          isOther={(request) => bulk.isOther(request.requesterName)}
          onToggle={(request) => {
            bulk.toggle(request.id, request.requesterName);
            select(request.id);
          }}
        />
      ) : (
        <RequestList
          requests={shown}
          selectedId={tapped?.id ?? null}
          onSelect={(request) => select(request.id)}
          label={_('Approved requests')}
          showSchedule
        />
      )}
      {detail}
    </Split>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useListFrame } from '@/components/query-frame';
import { SearchBox } from '@/components/search-box';
import { useLingui } from '@/lib/i18n/react';
import { noMatch } from '../lib/texts';
import { indexRequests, searchIndexed } from '../lib/search-index';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { Button } from '@/components/button';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { purchaseRequestsQueryOptions } from '../api/purchase-requests';
import { sortRequests, type RequestSort } from '../lib/requests';
import { useSelectedRequest } from '../lib/use-selected-request';
import { ApprovalDialog } from './approval-dialog';
import { ItemRequestsGrid } from './item-requests-grid';
import { RequestItems } from './item-table';
import { ItemsSummary } from './items-summary';
import { ActionsOrPending } from './pending-action-note';
import { RejectRequestDialog } from './reject-request-dialog';
import { RequestContactDialog } from './request-contact-dialog';
import { RequestDetail, RequestList, SortButtons } from './request-parts';
import { CardActions } from './admin-cards';
import { Split, Stack } from './admin-layout';
import { StateText } from './state-text';

/** Step 1, Pending Purchase Requests: sorts, list and detail, Approve / Reject / Contact, and the item totals. */
export function PendingRequestsView({ initialQuery = '' }: { initialQuery?: string }) {
  const { _ } = useLingui();
  const requests = useQuery(purchaseRequestsQueryOptions());
  const [sort, setSort] = useState<RequestSort>('recent');
  const [query, setQuery] = useState(initialQuery);

  // With 10,000 requests a letter typed or a new sort paints at once (the box, the pressed button): the list follows
  // a moment later, from the search index. Only the box and the sort buttons draw again at the keystroke or tap: the
  // rest (PendingBody, memoised) waits for the deferred query and sort.
  const deferredQuery = useDeferredValue(query);
  const deferredSort = useDeferredValue(sort);
  const all = requests.data;
  const index = useMemo(() => indexRequests((all ?? []).filter((request) => request.status === 'pending')), [all]);
  const pending = useMemo(() => sortRequests(searchIndexed(index, deferredQuery), deferredSort), [index, deferredQuery, deferredSort]);
  const approved = useMemo(() => (all ?? []).filter((request) => request.status === 'approved'), [all]);
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
      <SortButtons sort={sort} onSort={setSort} screen="pending" />
      <PendingBody pending={pending} approved={approved} query={deferredQuery} sort={deferredSort} />
    </Stack>
  );
}

/** The list, the selected request's detail and the dialogs, for the deferred query and sort. */
const PendingBody = memo(function PendingBody({
  pending,
  approved,
  query,
  sort,
}: {
  pending: readonly PurchaseRequest[];
  approved: readonly PurchaseRequest[];
  query: string;
  sort: RequestSort;
}) {
  const { _, i18n } = useLingui();
  const [approving, setApproving] = useState<PurchaseRequest | null>(null);
  const [rejecting, setRejecting] = useState<PurchaseRequest | null>(null);
  const [contact, setContact] = useState<PurchaseRequest | null>(null);
  const [grid, setGrid] = useState<'all' | 'approved' | null>(null);
  // A tapped row is highlighted at once; its detail (history, conversation) is drawn just after, from the deferred
  // id, and is not drawn again at the tap itself.
  const { tapped: selected, detailed: shown, select } = useSelectedRequest(pending);
  const detail = useMemo(
    () =>
      shown && (
        <RequestDetail
          request={shown}
          actions={<PendingActions request={shown} onApprove={setApproving} onReject={setRejecting} onContact={setContact} />}
        >
          <RequestItems items={shown.items} total={shown.totalPrice} />
        </RequestDetail>
      ),
    [shown, i18n.locale],
  );

  return (
    <>
      {sort === 'items' && (
        <ItemsSummary
          requests={pending}
          title={_('Total Items Requested')}
          onShowAll={() => setGrid('all')}
          onShowAllApproved={() => setGrid('approved')}
        />
      )}
      {pending.length === 0 ? (
        <StateText>{query.trim() ? noMatch(query) : _('No purchase requests yet')}</StateText>
      ) : (
        <Split>
          <RequestList
            requests={pending}
            selectedId={selected?.id ?? null}
            onSelect={(request) => select(request.id)}
            label={_('Pending purchase requests')}
          />
          {detail}
        </Split>
      )}
      <ApprovalDialog request={approving} onClose={() => setApproving(null)} />
      <RejectRequestDialog request={rejecting} title={_('Reject Pending Request')} onClose={() => setRejecting(null)}>
        {_('Are you sure you want to reject request #{id} from {player}?', {
          id: rejecting?.id ?? '',
          player: rejecting?.requesterName ?? '',
        })}
      </RejectRequestDialog>
      <RequestContactDialog request={contact} onClose={() => setContact(null)} />
      <ItemRequestsGrid title={_('All Item Requests')} requests={pending} open={grid === 'all'} onClose={() => setGrid(null)} />
      <ItemRequestsGrid
        title={_('All Approved Item Requests')}
        requests={approved}
        open={grid === 'approved'}
        onClose={() => setGrid(null)}
      />
    </>
  );
});

/** A pending request's actions: Approve and Reject (unless one is waiting to send), and Contact. */
function PendingActions({
  request,
  onApprove,
  onReject,
  onContact,
}: {
  request: PurchaseRequest;
  onApprove: (request: PurchaseRequest) => void;
  onReject: (request: PurchaseRequest) => void;
  onContact: (request: PurchaseRequest) => void;
}) {
  const { _ } = useLingui();
  return (
    <CardActions>
      <ActionsOrPending type="purchase-request" id={request.id}>
        <Button type="button" $variant="success" onClick={() => onApprove(request)}>
          {_('Approve')}
        </Button>
        <Button $variant="danger" type="button" onClick={() => onReject(request)}>
          {_('Reject')}
        </Button>
      </ActionsOrPending>
      <Button type="button" $variant="secondary" onClick={() => onContact(request)}>
        {_('Contact')}
      </Button>
    </CardActions>
  );
}

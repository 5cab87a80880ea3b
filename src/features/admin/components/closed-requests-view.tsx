import { useQuery } from '@tanstack/react-query';
import { useListFrame } from '@/components/query-frame';
import { SearchBox } from '@/components/search-box';
import { indexRequests, searchIndexed } from '../lib/search-index';
import { memo, startTransition, useCallback, useDeferredValue, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { purchaseRequestsQueryOptions } from '../api/purchase-requests';
import { formatDateTime } from '@/lib/format-date';
import { itemsText, requestItemCount, sortRequests } from '../lib/requests';
import { OrderDetailsDialog, type OrderDetailsKind } from './order-details-dialog';
import { useShowMore } from './show-more';
import { Grid } from './admin-cards';
import { Columns } from './admin-layout';
import { StateText } from './state-text';

type Closed = 'rejected' | 'completed';

const EMPTY: Record<Closed, string> = { rejected: 'No Rejected Requests', completed: 'No Completed Requests' };

/** Step 3: the Rejected grid, the Completed grid, or both side by side (the combined view). */
export function ClosedRequestsView({ show, initialQuery = '' }: { show: Closed | 'both'; initialQuery?: string }) {
  const { _ } = useLingui();
  const requests = useQuery(purchaseRequestsQueryOptions());
  const [query, setQuery] = useState(initialQuery);
  // Issue 33 item 6: with 10,000 closed requests a letter typed paints at once (only the box draws again); the grids
  // follow from the precomputed index (each grid sorted once, most recent first), for the deferred query.
  const deferredQuery = useDeferredValue(query);
  const all = requests.data;
  const rejectedIndex = useMemo(() => indexRequests(sortRequests(withStatus(all, 'rejected'), 'recent')), [all]);
  const completedIndex = useMemo(() => indexRequests(sortRequests(withStatus(all, 'completed'), 'recent')), [all]);
  const rejected = useMemo(() => searchIndexed(rejectedIndex, deferredQuery), [rejectedIndex, deferredQuery]);
  const completed = useMemo(() => searchIndexed(completedIndex, deferredQuery), [completedIndex, deferredQuery]);

  const frame = useListFrame(
    [requests],
    [purchaseRequestsQueryOptions().queryKey],
    <StateText>{_('Loading purchase requests...')}</StateText>,
  );
  if (frame.blocking) return frame.blocking;

  return (
    <>
      {frame.note}
      <SearchBox value={query} onChange={setQuery} label={_('Search by player or item')} />
      <ClosedBody show={show} rejected={rejected} completed={completed} />
    </>
  );
}

const withStatus = (requests: readonly PurchaseRequest[] | undefined, status: Closed) =>
  (requests ?? []).filter((request) => request.status === status);

/** The grid or grids and the details dialog, for the deferred query. */
const ClosedBody = memo(function ClosedBody({
  show,
  rejected,
  completed,
}: {
  show: Closed | 'both';
  rejected: readonly PurchaseRequest[];
  completed: readonly PurchaseRequest[];
}) {
  const { _ } = useLingui();
  const [details, setDetails] = useState<{ request: PurchaseRequest; kind: OrderDetailsKind } | null>(null);
  // The same function at every render: a tap that opens the details dialog does not draw the grid again. The dialog
  // opens in a transition: the tap paints its answer (the tile's press) at once, and the dialog — showModal() alone
  // costs 30–50 ms at 4× CPU — in the frames after (docs/ADMIN-UI.md).
  const open = useCallback((request: PurchaseRequest, kind: Closed) => startTransition(() => setDetails({ request, kind })), []);
  const grid = (status: Closed) => <ClosedGrid status={status} requests={status === 'rejected' ? rejected : completed} onOpen={open} />;

  return (
    <>
      {show === 'both' ? (
        <Columns>
          <section aria-labelledby="rejected-heading">
            <h3 id="rejected-heading">{_('Rejected')}</h3>
            {grid('rejected')}
          </section>
          <section aria-labelledby="completed-heading">
            <h3 id="completed-heading">{_('Completed')}</h3>
            {grid('completed')}
          </section>
        </Columns>
      ) : (
        grid(show)
      )}
      <OrderDetailsDialog request={details?.request ?? null} kind={details?.kind ?? 'completed'} onClose={() => setDetails(null)} />
    </>
  );
});

const ClosedGrid = memo(function ClosedGrid({
  status,
  requests,
  onOpen,
}: {
  status: Closed;
  requests: readonly PurchaseRequest[];
  onOpen: (request: PurchaseRequest, kind: Closed) => void;
}) {
  const { _ } = useLingui();
  const { visible, more } = useShowMore(requests);
  if (requests.length === 0) return <StateText>{_(EMPTY[status])}</StateText>;
  return (
    <>
      <Grid aria-label={status === 'rejected' ? _('Rejected requests') : _('Completed requests')}>
        {visible.map((request) => (
          <li key={request.id}>
            <Tile type="button" $status={status} onClick={() => onOpen(request, status)}>
              <strong>
                {`#${request.id}`} · {request.requesterName}
              </strong>
              <span>
                {displayCents(request.totalPrice)} · {itemsText(requestItemCount(request))}
              </span>
              <small>
                {status === 'rejected'
                  ? _('Rejected {date}', { date: formatDateTime(request.rejectedAt) })
                  : _('Completed {date}', { date: formatDateTime(request.completedAt) })}
              </small>
            </Tile>
          </li>
        ))}
      </Grid>
      {more}
    </>
  );
});

const Tile = styled.button<{ $status: Closed }>`
  width: 100%;
  min-height: 88px;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(1)};
  text-align: left;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-left: 5px solid ${({ theme, $status }) => ($status === 'rejected' ? theme.color.danger : theme.color.success)};
  background: ${({ theme }) => theme.color.surfaceRaised};
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
  /* Pressed: painted at once, while the details dialog follows in a transition. */
  &:active {
    filter: brightness(0.92);
  }
`;

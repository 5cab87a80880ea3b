import { useLingui } from '@/lib/i18n/react';
import { useMemo, useState } from 'react';
import { Chips } from '@/components/chips';
import { CartIcon } from '@/components/icons';
import { EmptyState, LoadingState } from './loading-state';
import { useOfflineSnapshot } from '@/lib/offline-snapshot';
import { useOutboxItems } from '@/lib/outbox/outbox-items';
import { OfflineDataNote } from '@/components/offline-data-note';
import { userPurchaseRequestsQueryOptions, useUserPurchaseRequests } from '../api/get-user-purchase-requests';
import { LIST_MESSAGES } from '../messages';
import { filterPurchaseRequests, PURCHASE_FILTERS, type PurchaseFilter } from '../purchase-requests';
import { QUEUED_FILTERS } from '../queued-filters';
import { PurchaseRequestItem } from './purchase-request-item';
import { QueuedCard } from './queued-card';
import { CardList } from './request-card';
import { ListPanel } from './list-panel';

/** My Buy Requests with the filter chips all, pending, approved, completed, rejected. */
export function BuyRequestsPanel({ username, active }: { username: string; active: boolean }) {
  const { _ } = useLingui();
  const [filter, setFilter] = useState<PurchaseFilter>('all');
  const query = useUserPurchaseRequests(username, active);
  const queued = useOutboxItems('purchase');
  const savedAt = useOfflineSnapshot(userPurchaseRequestsQueryOptions(username).queryKey);
  const all = useMemo(() => query.data ?? [], [query.data]);
  const shown = filterPurchaseRequests(all, filter);
  const options = PURCHASE_FILTERS.map((value) => ({
    value,
    label: value,
    count: filterPurchaseRequests(all, value).length + (QUEUED_FILTERS.has(value) ? queued.length : 0),
  }));
  const showQueued = queued.length > 0 && QUEUED_FILTERS.has(filter);

  return (
    <ListPanel>
      <h3 className="section-title">{_('Your Purchase Requests')}</h3>
      {savedAt && <OfflineDataNote savedAt={savedAt} />}
      <Chips label={_('Filter purchase requests')} options={options} value={filter} onChange={setFilter} />
      {showQueued && (
        <CardList aria-label={_('Waiting to be sent')}>
          {queued.map((item) => (
            <QueuedCard key={item.id} item={item} />
          ))}
        </CardList>
      )}
      {query.isPending ? (
        <LoadingState>{_('Loading purchase requests...')}</LoadingState>
      ) : shown.length === 0 ? (
        showQueued ? null : (
          <EmptyState icon={<CartIcon size={32} />}>
            {filter === 'all' ? LIST_MESSAGES.noPurchases : LIST_MESSAGES.noFilteredPurchases(filter)}
          </EmptyState>
        )
      ) : (
        <CardList>
          {shown.map((request) => (
            <PurchaseRequestItem key={request.id} request={request} />
          ))}
        </CardList>
      )}
    </ListPanel>
  );
}

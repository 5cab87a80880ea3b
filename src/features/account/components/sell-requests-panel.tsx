import { useLingui } from '@/lib/i18n/react';
import { useMemo, useState } from 'react';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { Chips } from '@/components/chips';
import { TagIcon } from '@/components/icons';
import { EmptyState, LoadingState } from './loading-state';
import type { SellFilter } from '@/domain/sell-status';
import { useOfflineSnapshot } from '@/lib/offline-snapshot';
import { useOutboxItems } from '@/lib/outbox/outbox-items';
import { OfflineDataNote } from '@/components/offline-data-note';
import { useScheduledPickups } from '../api/get-scheduled-pickups';
import { userSellRequestsQueryOptions, useUserSellRequests } from '../api/get-user-sell-requests';
import { LIST_MESSAGES } from '../messages';
import { buildSellRequestViews, filterSellRequests, QUEUED_FILTERS, SELL_FILTER_OPTIONS, sellFilterCounts } from '../sell-requests';
import { QueuedCard } from './queued-card';
import { CardList } from './request-card';
import { SellRequestItem } from './sell-request-item';
import { ListPanel } from './list-panel';

/** 'Your Item Submissions': derived statuses, sorted paid first down to rejected, with filters. */
export function SellRequestsPanel({ username, active }: { username: string; active: boolean }) {
  const { _ } = useLingui();
  const [filter, setFilter] = useState<SellFilter>('all');
  const requests = useUserSellRequests(username, active);
  const pickups = useScheduledPickups(active);
  const queued = useOutboxItems('sell');
  const savedAt = useOfflineSnapshot(userSellRequestsQueryOptions(username).queryKey);
  const views = useMemo(() => buildSellRequestViews(requests.data ?? [], pickups.data ?? []), [requests.data, pickups.data]);
  const counts = useMemo(() => sellFilterCounts(views, queued.length), [views, queued.length]);
  const shown = filterSellRequests(views, filter);
  const showQueued = queued.length > 0 && QUEUED_FILTERS.has(filter);

  return (
    <ListPanel>
      <h3 className="section-title">{_('Your Item Submissions')}</h3>
      {savedAt && <OfflineDataNote savedAt={savedAt} />}
      <Chips
        label={_('Filter sell requests')}
        options={SELL_FILTER_OPTIONS.map((option) => ({ ...option, count: counts[option.value] }))}
        value={filter}
        onChange={setFilter}
      />
      {showQueued && (
        <CardList aria-label={_('Waiting to be sent')}>
          {queued.map((item) => (
            <QueuedCard key={item.id} item={item} />
          ))}
        </CardList>
      )}
      {requests.isPending ? (
        <LoadingState>{_('Loading your submissions...')}</LoadingState>
      ) : requests.isError ? (
        <Banner tone="error">
          <p>{_('Could not load your sell requests.')}</p>
          <Button type="button" $variant="secondary" onClick={() => void requests.refetch()}>
            {_('Try Again')}
          </Button>
        </Banner>
      ) : shown.length === 0 ? (
        showQueued ? null : (
          <EmptyState icon={<TagIcon size={32} />}>{_(LIST_MESSAGES.noSellRequests)}</EmptyState>
        )
      ) : (
        <CardList>
          {shown.map((request) => (
            <SellRequestItem key={request.id} request={request} />
          ))}
        </CardList>
      )}
    </ListPanel>
  );
}

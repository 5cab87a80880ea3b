import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { refreshListsAfter, refreshWhenSent } from './list-refresh';

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('refreshWhenSent / refreshListsAfter', () => {
  it('when a kind is sent, then only the lists registered for it are invalidated, by the keys they registered', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['/api/user-sell-requests', 'ada'], []);
    queryClient.setQueryData(['/api/user-purchase-requests', 'ada'], []);
    stops.push(refreshWhenSent('sell', (qc) => qc.invalidateQueries({ queryKey: ['/api/user-sell-requests'] })));
    stops.push(refreshWhenSent('purchase', (qc) => qc.invalidateQueries({ queryKey: ['/api/user-purchase-requests'] })));

    await refreshListsAfter('sell', queryClient);
    expect(queryClient.getQueryState(['/api/user-sell-requests', 'ada'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/user-purchase-requests', 'ada'])?.isInvalidated).toBe(false);
  });
});

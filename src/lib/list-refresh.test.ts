import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { installListRefreshes, refreshListsAfter } from './list-refresh';

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('installListRefreshes / refreshListsAfter', () => {
  it('when a kind is sent, then only the lists installed for it are invalidated, by the keys of their table', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['/api/user-sell-requests', 'ada'], []);
    queryClient.setQueryData(['/api/user-purchase-requests', 'ada'], []);
    stops.push(
      installListRefreshes({
        sell: [(qc) => qc.invalidateQueries({ queryKey: ['/api/user-sell-requests'] })],
        purchase: [(qc) => qc.invalidateQueries({ queryKey: ['/api/user-purchase-requests'] })],
      }),
    );

    await refreshListsAfter('sell', queryClient);
    expect(queryClient.getQueryState(['/api/user-sell-requests', 'ada'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/user-purchase-requests', 'ada'])?.isInvalidated).toBe(false);
  });
});

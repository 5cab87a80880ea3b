import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scheduledPickupsQueryOptions } from '../lib/api/scheduled-pickups';
import { userPurchaseRequestsQueryOptions } from '../features/account/api/get-user-purchase-requests';
import { userSellRequestsQueryOptions } from '../features/account/api/get-user-sell-requests';
import { useSubmitPurchase } from '../features/cart/api/submit-purchase';
import { useSubmitSell } from '../features/sell/api/submit-sell';
import { installListRefreshes } from '../lib/list-refresh';
import { createQueryClient } from '../lib/query-client';
import { LIST_REFRESHES } from './list-refreshes';

const outbox = vi.hoisted(() => ({ status: 'sent' as 'sent' | 'queued' }));
vi.mock('../lib/outbox/outbox', () => ({
  newRecord: (id: string, kind: string) => ({ id, kind }),
  sendOrQueue: async ({ kind }: { kind: string }) => {
    if (kind === 'sell')
      return outbox.status === 'sent' ? { status: 'sent', result: { submission: { id: 1 } } } : { status: 'queued', id: 'q1' };
    return outbox.status === 'sent' ? { status: 'sent', result: { id: 1 } } : { status: 'queued', id: 'q2' };
  },
}));

function setup() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const keys = {
    sell: userSellRequestsQueryOptions('pat').queryKey,
    pickups: scheduledPickupsQueryOptions().queryKey,
    buy: userPurchaseRequestsQueryOptions('pat').queryKey,
    otherUser: userPurchaseRequestsQueryOptions('sam').queryKey,
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, []);
  const invalidated = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { queryClient, wrapper, invalidated };
}

describe('React Query defaults: never stale, no refetch on focus or interval, no retries, 5-minute GC', () => {
  it('never stale, no refetch on focus or interval, no retries for queries or mutations, garbage collection after 5 minutes', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
      gcTime: 300_000,
    });
    expect(mutations).toMatchObject({ retry: false });
  });
});

describe('explicit invalidation through the queryOptions keys', () => {
  // The app installs its table of list refreshes at start (src/lib/background-start.ts).
  let uninstall = () => {};
  beforeAll(() => void (uninstall = installListRefreshes(...LIST_REFRESHES)));
  afterAll(() => uninstall());
  const photo = new Blob(['x'], { type: 'image/jpeg' });
  const sellInput = { username: 'pat', itemName: 'Glock', category: 'weapons' as const, quantity: 1, paymentMethod: 'usd' as const, photo };

  it('when a sell is sent, then My Sell Requests and the pickups are invalidated (and nothing else)', async () => {
    outbox.status = 'sent';
    const { wrapper, invalidated } = setup();
    const { result } = renderHook(() => useSubmitSell(), { wrapper });
    await act(() => result.current.mutateAsync(sellInput));
    expect(invalidated()).toEqual(['sell', 'pickups']);
  });

  it("when a purchase is sent, then that user's My Buy Requests is invalidated", async () => {
    outbox.status = 'sent';
    const { wrapper, invalidated } = setup();
    const { result } = renderHook(() => useSubmitPurchase(), { wrapper });
    await act(() => result.current.mutateAsync({ username: 'pat', lines: [], allowQueue: true }));
    expect(invalidated()).toEqual(['buy']);
  });

  it('when a send is only queued, then no list is invalidated yet (the outbox refreshes them on confirmation)', async () => {
    outbox.status = 'queued';
    const { wrapper, invalidated } = setup();
    const sell = renderHook(() => useSubmitSell(), { wrapper });
    const buy = renderHook(() => useSubmitPurchase(), { wrapper });
    await act(() => sell.result.current.mutateAsync(sellInput));
    await act(() => buy.result.current.mutateAsync({ username: 'pat', lines: [], allowQueue: true }));
    expect(invalidated()).toEqual([]);
  });
});

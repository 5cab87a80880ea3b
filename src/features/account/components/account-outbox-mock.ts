// The outbox as the account's request lists see it, for the tests that mock it. A test file mocks the modules itself
// (a mock is per file) and hands these in:
//   vi.mock('@/lib/outbox/outbox-items', () => import('./account-outbox-mock').then((mock) => mock.outboxItemsModule));
// This module imports nothing of the app, so a mock factory may load it.

/** What the outbox holds in this test (sell and purchase items), and what was discarded or retried. */
export const queued = { sell: [] as unknown[], purchase: [] as unknown[], discarded: [] as string[], retried: [] as string[] };

export const socketModule = { subscribeSocket: () => () => undefined, SOCKET_RECONNECT_MS: 1000 };

export const outboxItemsModule = {
  useOutboxItems: (kind: 'sell' | 'purchase' | 'message') => (kind === 'message' ? [] : queued[kind]),
};

export const outboxModule = {
  discardOutboxItem: async (id: string) => void queued.discarded.push(id),
  retryOutboxItem: async (id: string) => void queued.retried.push(id),
};

/** After each test: the outbox is empty again. */
export function emptyQueued() {
  queued.sell = [];
  queued.purchase = [];
  queued.discarded = [];
  queued.retried = [];
}

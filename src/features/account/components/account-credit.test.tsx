import { act, screen, waitFor, within } from '@testing-library/react';
import { asCents } from '@/domain/money';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { CreditAccountJson as CreditAccount } from '@/domain/schemas/credit';
import type { SocketMessage } from '@/domain/socket-messages';
import { renderApp, signIn } from '@/test/render-app';
import { setupMswServer } from '@/test/msw';

const socketHandlers = new Set<(message: SocketMessage) => void>();
vi.mock('@/lib/socket', () => ({
  subscribeSocket: (handler: (message: SocketMessage) => void) => {
    socketHandlers.add(handler);
    return () => socketHandlers.delete(handler);
  },
  SOCKET_RECONNECT_MS: 1000,
}));

vi.setConfig({ testTimeout: 20_000 });
const server = setupMswServer();

let counter = 0;
const uniqueName = () => `credit${++counter}${Date.now().toString(36)}`;

const missed = {
  id: 7,
  amount: 3.75,
  kind: 'missed-drop',
  subjectType: 'purchase-request',
  subjectId: 12,
  reason: null,
  createdAt: '2026-11-20T15:00:00.000Z',
  createdBy: null,
} as const;
const spent = { ...missed, id: 8, amount: -1.25, kind: 'spent', subjectId: 14, createdAt: '2026-11-21T15:00:00.000Z' } as const;

function setup(account: CreditAccount) {
  const username = uniqueName();
  signIn({ username, contactEmail: 'me@example.com' });
  const state = { account, reads: 0 };
  server.use(
    http.get('/api/marketplace/contact/:u', () =>
      HttpResponse.json({
        username,
        contactEmail: 'me@example.com',
        ps5Username: null,
        robloxUsername: null,
        isAdmin: false,
        isSuperAdmin: false,
      }),
    ),
    http.get('/api/marketplace/credit/:u', ({ params }) => {
      state.reads += 1;
      return params.u === username ? HttpResponse.json(state.account) : HttpResponse.json({ message: 'Not yours' }, { status: 403 });
    }),
    http.get('/api/user-purchase-requests/:u', () => HttpResponse.json([])),
    http.get('/api/scheduled-pickups', () => HttpResponse.json([])),
  );
  return { username, state };
}

describe('Store credit on the account screen', () => {
  it('shows "Store credit $x.xx" and each entry: the kind in words, the amount, the date and the record', async () => {
    setup({ balance: 2.5, entries: [spent, missed] });
    renderApp('/my-activity');
    const credit = await screen.findByRole('region', { name: 'Store credit' }, { timeout: 10_000 });
    expect(within(credit).getByRole('heading')).toHaveTextContent('Store credit $2.50');
    const entries = within(credit).getAllByRole('listitem');
    expect(entries[0]).toHaveTextContent('Spent at checkout');
    expect(entries[0]).toHaveTextContent('−$1.25');
    expect(entries[0]).toHaveTextContent('Request #14');
    expect(entries[1]).toHaveTextContent('Missed drop time');
    expect(entries[1]).toHaveTextContent('+$3.75');
    expect(entries[1]).toHaveTextContent('Request #12');
    expect(entries[1]).toHaveTextContent(/2026/);
    // Only the super admin reverses credit.
    expect(within(credit).queryByRole('button', { name: 'Reverse credit' })).not.toBeInTheDocument();
  });

  it('with no credit yet, says how credit is earned', async () => {
    setup({ balance: 0, entries: [] });
    renderApp('/my-activity');
    const credit = await screen.findByRole('region', { name: 'Store credit' }, { timeout: 10_000 });
    expect(credit).toHaveTextContent('Store credit $0.00');
    expect(credit).toHaveTextContent('25% of the order is credited here');
  });

  it('when CREDIT_UPDATE arrives for this player, then the balance and the new entry show without a reload', async () => {
    const { username, state } = setup({ balance: 0, entries: [] });
    renderApp('/my-activity');
    const credit = await screen.findByRole('region', { name: 'Store credit' }, { timeout: 10_000 });
    expect(credit).toHaveTextContent('$0.00');
    state.account = { balance: 3.75, entries: [missed] };
    act(() =>
      socketHandlers.forEach((handler) =>
        handler({ type: 'CREDIT_UPDATE', payload: { username: 'someone-else', balance: asCents(9900) } }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(credit).toHaveTextContent('$0.00');
    act(() => socketHandlers.forEach((handler) => handler({ type: 'CREDIT_UPDATE', payload: { username, balance: asCents(375) } })));
    await waitFor(() => expect(within(credit).getByTestId('credit-balance')).toHaveTextContent('$3.75'));
    await waitFor(() => expect(within(credit).getByRole('list', { name: 'Store credit entries' })).toHaveTextContent('Missed drop time'));
  });

  it('when the credit cannot be loaded, then it says so with Retry', async () => {
    const { state } = setup({ balance: 1, entries: [] });
    server.use(http.get('/api/marketplace/credit/:u', () => HttpResponse.json({ message: 'down' }, { status: 500 }), { once: true }));
    renderApp('/my-activity');
    const user = userEvent.setup();
    expect(await screen.findByText("Store credit couldn't be loaded", {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Store credit' })).toHaveTextContent('$1.00');
    expect(state.reads).toBeGreaterThan(0);
  });
});

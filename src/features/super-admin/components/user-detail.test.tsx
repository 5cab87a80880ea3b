import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { asCents } from '@/domain/money';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/toaster';
import { resetToasts } from '@/components/toast-store';
import type { CreditAccountJson as CreditAccount, CreditEntryJson as CreditEntry } from '@/domain/schemas/credit';
import type { SocketMessage } from '@/domain/socket-messages';
import { type MarketplaceUser, SystemStats, type SystemStatsJson, type UserDetailJson as UserDetail } from '@/domain/schemas/users';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from '@/test/providers';
import { statsQueryOptions } from '../api/stats';
import { usersQueryOptions } from '../api/users';
import { SuperAdminSettings } from './super-admin-settings';

// The socket is this test's: it hands the page's handler a CREDIT_UPDATE as /ws would.
const socketHandlers = new Set<(message: SocketMessage) => void>();
vi.mock('@/lib/socket', () => ({
  subscribeSocket: (handler: (message: SocketMessage) => void) => {
    socketHandlers.add(handler);
    return () => socketHandlers.delete(handler);
  },
}));

const user = (username: string, over: Partial<MarketplaceUser> = {}): MarketplaceUser => ({
  id: username.length,
  username,
  contactEmail: `${username}@example.com`,
  ps5Username: null,
  robloxUsername: `${username}_rbx`,
  createdAt: '2026-03-01T00:00:00.000Z',
  isAdmin: false,
  isSuperAdmin: false,
  ...over,
});

const stats = (totalUsers: number): SystemStatsJson => ({
  totalUsers,
  admins: 1,
  purchaseRequests: { total: 1, pending: 1, approved: 0, rejected: 0, completed: 0 },
  submissions: { total: 1, pending: 0, rejected: 0, scheduled: 1 },
  promisesKeptPercent: null,
  creditsGranted: 0,
  creditOutstanding: 0,
});

const detail: UserDetail = {
  user: user('bob', { id: 2 }),
  lastSignInAt: '2026-11-20T15:05:00.000Z',
  activeSessions: 1,
  lastSeenAt: '2026-11-25T09:00:00.000Z',
  purchaseRequests: [
    {
      id: 3,
      status: 'approved',
      totalPrice: 6.99,
      totalItems: 3,
      summary: '2 × Glock, 1 × $12,000 Cash',
      createdAt: '2026-11-24T10:00:00.000Z',
      schedule: 'Immediately',
    },
  ],
  purchaseRequestCount: 1,
  sales: [
    {
      id: 8,
      itemName: 'AK-47',
      category: 'weapons',
      quantity: 1,
      paymentMethod: 'usd',
      status: 'scheduled',
      createdAt: '2026-11-23T10:00:00.000Z',
      pickup: { id: 5, stage: 'paid', schedule: '11/24/2026 4:00 PM', payout: 2.7, paidAt: '2026-11-24T16:10:00.000Z' },
    },
  ],
  saleCount: 1,
};

let account: CreditAccount;
const adjustments: Array<{ body: { amount: number; reason: string }; key: string | null }> = [];
let refuseWith: { status: number; message: string } | null = null;

const entry = (id: number, amount: number, reason: string): CreditEntry => ({
  id,
  amount,
  kind: 'adjustment',
  subjectType: null,
  subjectId: null,
  reason,
  createdAt: '2026-11-26T08:00:00.000Z',
  createdBy: 'admin',
});

let factors = { totp: false, passkeys: 0 };
const factorRemovals: string[] = [];

let users: MarketplaceUser[] = [];
let totalUsers = 3;
const server = setupServer(
  http.get('/api/admin/marketplace-users', () => HttpResponse.json(users)),
  http.get('/api/admin/stats', () => HttpResponse.json(stats(totalUsers))),
  http.get('/api/conversations/quick-replies', () => HttpResponse.json([])),
  http.get('/api/admin/disputes', () => HttpResponse.json([])),
  http.get('/api/admin/marketplace-users/:username', ({ params }) =>
    params.username === 'bob' ? HttpResponse.json(detail) : HttpResponse.json({ message: 'There is no user' }, { status: 404 }),
  ),
  http.get('/api/admin/marketplace-users/:username/second-factor', () => HttpResponse.json(factors)),
  http.delete('/api/admin/marketplace-users/:username/second-factor', ({ params }) => {
    factorRemovals.push(String(params.username));
    factors = { totp: false, passkeys: 0 };
    return HttpResponse.json(factors);
  }),
  http.get('/api/marketplace/credit/:username', () => HttpResponse.json(account)),
  http.post('/api/admin/marketplace-users/:username/credit-adjustments', async ({ request }) => {
    const body = (await request.json()) as { amount: number; reason: string };
    adjustments.push({ body, key: request.headers.get('Idempotency-Key') });
    if (refuseWith) return HttpResponse.json({ message: refuseWith.message }, { status: refuseWith.status });
    const added = entry(100 + adjustments.length, body.amount, body.reason);
    const balance = Math.round((account.balance + body.amount) * 100) / 100;
    account = { balance, entries: [added, ...account.entries] };
    return HttpResponse.json({ entry: added, balance }, { status: 201 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The first render of the settings and the page transforms their modules on demand (seconds on a busy machine): done
// once here, so each test's time is its own.
beforeAll(async () => {
  users = [user('bob', { id: 2 })];
  account = { balance: 0, entries: [] };
  renderSettings();
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Open bob' }, { timeout: 30_000 }));
  await screen.findByText('Last sign-in', undefined, { timeout: 30_000 });
  cleanup();
}, 45_000);
beforeEach(() => {
  users = [user('admin', { id: 1, isAdmin: true, isSuperAdmin: true }), user('bob', { id: 2 }), user('carla', { id: 3 })];
  totalUsers = 3;
  account = {
    balance: 1.75,
    entries: [{ ...entry(1, 1.75, ''), kind: 'missed-drop', reason: null, createdBy: null, subjectType: 'purchase-request', subjectId: 3 }],
  };
  adjustments.length = 0;
  refuseWith = null;
  factors = { totp: false, passkeys: 0 };
  factorRemovals.length = 0;
  socketHandlers.clear();
  resetToasts();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderSettings(queryClient = createQueryClient()) {
  render(
    <AppProviders queryClient={queryClient}>
      <SuperAdminSettings open onClose={() => {}} />
      <Toaster />
    </AppProviders>,
  );
  return userEvent.setup();
}

async function openBob() {
  const events = renderSettings();
  await events.click(await screen.findByRole('button', { name: 'Open bob' }));
  await screen.findByText('Last sign-in');
  return events;
}

/** Queries inside bob's page only (the whole dialog is large, and role queries over it are slow in jsdom). */
const page = () => within(screen.getByRole('region', { name: 'User bob' }));

const balance = () => screen.getByTestId('credit-balance');

describe("A user's page (Super Admin Settings)", () => {
  it('when the super admin opens bob from the list, then his role, sign-ins, requests, sales and credit show, and Back returns to the list', async () => {
    const events = await openBob();
    const bob = page();
    expect(bob.getByRole('heading', { name: 'bob' })).toBeInTheDocument();
    expect(bob.getByText('Player')).toBeInTheDocument();
    expect(bob.getByTestId('last-sign-in')).toHaveTextContent('Nov 20, 2026');
    expect(bob.getByRole('button', { name: 'Reset link for bob' })).toBeInTheDocument();
    const requests = within(bob.getByRole('list', { name: 'Their purchase requests' }));
    expect(requests.getByText('2 × Glock, 1 × $12,000 Cash')).toBeInTheDocument();
    expect(requests.getByText(/\$6\.99/)).toBeInTheDocument();
    const sales = within(bob.getByRole('list', { name: 'Their sales' }));
    expect(sales.getByText('1 × AK-47')).toBeInTheDocument();
    expect(sales.getByText(/Payout \$2\.70/)).toBeInTheDocument();
    await waitFor(() => expect(balance()).toHaveTextContent('$1.75'));

    await events.click(bob.getByRole('button', { name: '← All users' }));
    expect(await screen.findByRole('button', { name: 'Open carla' })).toBeVisible();
    expect(screen.queryByText('Last sign-in')).not.toBeInTheDocument();
  });

  it('when bob lost his phone, then his page says what second factor he has, and removing it asks first, then says it is done', async () => {
    factors = { totp: true, passkeys: 2 };
    const events = await openBob();
    const bob = page();
    await waitFor(() => expect(bob.getByTestId('second-factor')).toHaveTextContent('Authenticator app and 2 passkeys'));

    await events.click(bob.getByRole('button', { name: 'Remove second factor of bob' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Second Factor' });
    expect(confirm).toHaveTextContent('Remove bob’s authenticator app and 2 passkeys? They are signed out on every device');
    // Cancel sends nothing.
    await events.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(factorRemovals).toEqual([]);

    await events.click(bob.getByRole('button', { name: 'Remove second factor of bob' }));
    await events.click(
      within(await screen.findByRole('alertdialog', { name: 'Remove Second Factor' })).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('bob is signed out and sets up a new one at the next sign-in')).toBeInTheDocument();
    expect(factorRemovals).toEqual(['bob']);
    await waitFor(() => expect(bob.getByTestId('second-factor')).toHaveTextContent('None set up'));
    // Nothing left to remove: no button.
    expect(bob.queryByRole('button', { name: 'Remove second factor of bob' })).not.toBeInTheDocument();
  });

  it('when the network is cut, then removing the second factor says so and nothing changes', async () => {
    factors = { totp: true, passkeys: 0 };
    const events = await openBob();
    const bob = page();
    await waitFor(() => expect(bob.getByTestId('second-factor')).toHaveTextContent('Authenticator app'));
    server.use(http.delete('/api/admin/marketplace-users/:username/second-factor', () => HttpResponse.error()));
    await events.click(bob.getByRole('button', { name: 'Remove second factor of bob' }));
    await events.click(
      within(await screen.findByRole('alertdialog', { name: 'Remove Second Factor' })).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('You are offline. Connect to remove the second factor; nothing was changed.')).toBeInTheDocument();
    expect(bob.getByTestId('second-factor')).toHaveTextContent('Authenticator app');
  });

  it('when the super admin gives $5 with a reason, then one adjustment is sent with an Idempotency-Key and the new balance and entry show', async () => {
    const events = await openBob();
    const form = within(page().getByRole('form', { name: 'Adjust store credit' }));
    await events.type(form.getByLabelText('Amount (USD)'), '5');
    await events.type(form.getByLabelText('Reason (the player sees it)'), 'Sorry for the wait');
    await events.click(form.getByRole('button', { name: 'Give $5.00' }));

    expect(await form.findByText('Gave $5.00. Balance now $6.75.')).toBeInTheDocument();
    expect(adjustments).toHaveLength(1);
    expect(adjustments[0].body).toEqual({ amount: 5, reason: 'Sorry for the wait' });
    expect(adjustments[0].key).toMatch(/.{8,}/);
    await waitFor(() => expect(balance()).toHaveTextContent('$6.75'));
    expect(within(page().getByRole('list', { name: 'Store credit entries' })).getByText('Adjusted by the store')).toBeInTheDocument();
    expect(form.getByLabelText('Amount (USD)')).toHaveValue('');
  });

  it('when the reason is too short or more is taken back than bob holds, then the form says so and sends nothing', async () => {
    const events = await openBob();
    await waitFor(() => expect(balance()).toHaveTextContent('$1.75'));
    const form = within(page().getByRole('form', { name: 'Adjust store credit' }));
    await events.type(form.getByLabelText('Amount (USD)'), '1');
    await events.type(form.getByLabelText('Reason (the player sees it)'), 'no');
    await events.click(form.getByRole('button', { name: 'Give $1.00' }));
    expect(form.getByText('Say why the credit is adjusted (at least 3 characters)')).toBeInTheDocument();

    await events.click(form.getByRole('button', { name: 'Take back' }));
    await events.clear(form.getByLabelText('Amount (USD)'));
    await events.type(form.getByLabelText('Amount (USD)'), '2');
    await events.type(form.getByLabelText('Reason (the player sees it)'), 't enough');
    await events.click(form.getByRole('button', { name: 'Take back $2.00' }));
    expect(form.getByText('bob holds $1.75: take back at most that much')).toBeInTheDocument();

    await events.clear(form.getByLabelText('Amount (USD)'));
    await events.type(form.getByLabelText('Amount (USD)'), 'five');
    await events.click(form.getByRole('button', { name: 'Take back credit' }));
    expect(form.getByText('Enter the amount in USD, for example 5 or 2.50')).toBeInTheDocument();
    expect(adjustments).toHaveLength(0);
  });

  it('when the server refuses (the balance changed meanwhile), then its message shows and what was typed stays', async () => {
    refuseWith = {
      status: 409,
      message: 'bob holds $0.00 in store credit: an adjustment cannot take the balance below zero, so take at most $0.00.',
    };
    const events = await openBob();
    const form = within(page().getByRole('form', { name: 'Adjust store credit' }));
    await events.click(form.getByRole('button', { name: 'Take back' }));
    await events.type(form.getByLabelText('Amount (USD)'), '1');
    await events.type(form.getByLabelText('Reason (the player sees it)'), 'Given twice');
    await events.click(form.getByRole('button', { name: 'Take back $1.00' }));
    expect(await form.findByRole('alert')).toHaveTextContent('so take at most $0.00.');
    expect(form.getByLabelText('Reason (the player sees it)')).toHaveValue('Given twice');
  });

  it('when a CREDIT_UPDATE for bob arrives over the socket, then his balance on the page changes at once', async () => {
    await openBob();
    await waitFor(() => expect(balance()).toHaveTextContent('$1.75'));
    account = { ...account, balance: 0 };
    act(() => socketHandlers.forEach((handler) => handler({ type: 'CREDIT_UPDATE', payload: { username: 'bob', balance: asCents(0) } })));
    await waitFor(() => expect(balance()).toHaveTextContent('$0.00'));
  });
});

describe('Counts from the first paint', () => {
  it('when an older copy of the users and statistics is in the cache, then they are never shown: the first counts painted are the current ones', async () => {
    const queryClient = createQueryClient();
    // Prefetched a minute ago at home: 3 users. Since then 40 signed up.
    const minuteAgo = Date.now() - 60_000;
    queryClient.setQueryData(usersQueryOptions().queryKey, users, { updatedAt: minuteAgo });
    // The cache holds what was read from the API: its money in cents.
    queryClient.setQueryData(statsQueryOptions().queryKey, SystemStats.parse(stats(3)), { updatedAt: minuteAgo });
    users = [...users, ...Array.from({ length: 40 }, (_, i) => user(`player${String(i).padStart(2, '0')}`, { id: 10 + i }))];
    totalUsers = 43;
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const tile = screen.queryByText('Total Users')?.previousSibling?.textContent;
      if (tile) seen.push(tile);
      const pages = screen.queryByRole('navigation', { name: 'User pages' })?.textContent;
      if (pages) seen.push(pages);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderSettings(queryClient);
    const tile = async () => (await screen.findByText('Total Users')).previousSibling;
    await waitFor(async () => expect(await tile()).toHaveTextContent('43'));
    expect(screen.getByRole('navigation', { name: 'User pages' })).toHaveTextContent('1–20 of 43');
    observer.disconnect();
    expect(seen).not.toContain('3');
    expect(seen.some((text) => text === '43')).toBe(true);
  });
});

import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { Toaster } from '@/components/toaster';
import { resetToasts } from '@/components/toast-store';
import type { CreditAccountJson as CreditAccount, CreditEntryJson as CreditEntry } from '@/domain/schemas/credit';
import type { MarketplaceUser, SystemStatsJson, UserDetailJson as UserDetail } from '@/domain/schemas/users';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from '@/test/providers';
import { SuperAdminSettings } from './super-admin-settings';
import { socketHandlers } from './user-detail-socket';

// The shared steps of the tests of a user's page in Super Admin Settings (user-detail.*): bob's page, his credit and
// second factor, served by a fake server whose state (`fake`) each test may change; it is set anew before each test.

export const user = (username: string, over: Partial<MarketplaceUser> = {}): MarketplaceUser => ({
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

export const stats = (totalUsers: number): SystemStatsJson => ({
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

export const entry = (id: number, amount: number, reason: string): CreditEntry => ({
  id,
  amount,
  kind: 'adjustment',
  subjectType: null,
  subjectId: null,
  reason,
  createdAt: '2026-11-26T08:00:00.000Z',
  createdBy: 'admin',
});

/** What the fake server holds and saw: set anew before each test. */
export const fake = {
  account: { balance: 0, entries: [] } as CreditAccount,
  adjustments: [] as Array<{ body: { amount: number; reason: string }; key: string | null }>,
  refuseWith: null as { status: number; message: string } | null,
  factors: { totp: false, passkeys: 0 },
  factorRemovals: [] as string[],
  users: [] as MarketplaceUser[],
  totalUsers: 3,
};

/** The file's fake server, listening for its tests; the page's modules loaded once before them. */
export function setupUserDetailServer() {
  const server = setupServer(
    http.get('/api/admin/marketplace-users', () => HttpResponse.json(fake.users)),
    http.get('/api/admin/stats', () => HttpResponse.json(stats(fake.totalUsers))),
    http.get('/api/conversations/quick-replies', () => HttpResponse.json([])),
    http.get('/api/admin/disputes', () => HttpResponse.json([])),
    http.get('/api/admin/marketplace-users/:username', ({ params }) =>
      params.username === 'bob' ? HttpResponse.json(detail) : HttpResponse.json({ message: 'There is no user' }, { status: 404 }),
    ),
    http.get('/api/admin/marketplace-users/:username/second-factor', () => HttpResponse.json(fake.factors)),
    http.delete('/api/admin/marketplace-users/:username/second-factor', ({ params }) => {
      fake.factorRemovals.push(String(params.username));
      fake.factors = { totp: false, passkeys: 0 };
      return HttpResponse.json(fake.factors);
    }),
    http.get('/api/marketplace/credit/:username', () => HttpResponse.json(fake.account)),
    http.post('/api/admin/marketplace-users/:username/credit-adjustments', async ({ request }) => {
      const body = (await request.json()) as { amount: number; reason: string };
      fake.adjustments.push({ body, key: request.headers.get('Idempotency-Key') });
      if (fake.refuseWith) return HttpResponse.json({ message: fake.refuseWith.message }, { status: fake.refuseWith.status });
      const added = entry(100 + fake.adjustments.length, body.amount, body.reason);
      const balance = Math.round((fake.account.balance + body.amount) * 100) / 100;
      fake.account = { balance, entries: [added, ...fake.account.entries] };
      return HttpResponse.json({ entry: added, balance }, { status: 201 });
    }),
  );

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  // The first render of the settings and the page transforms their modules on demand (seconds on a busy machine): done
  // once here, so each test's time is its own.
  beforeAll(async () => {
    fake.users = [user('bob', { id: 2 })];
    fake.account = { balance: 0, entries: [] };
    renderSettings();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Open bob' }, { timeout: 30_000 }));
    await screen.findByText('Last sign-in', undefined, { timeout: 30_000 });
    cleanup();
  }, 45_000);
  beforeEach(() => {
    fake.users = [user('admin', { id: 1, isAdmin: true, isSuperAdmin: true }), user('bob', { id: 2 }), user('carla', { id: 3 })];
    fake.totalUsers = 3;
    fake.account = {
      balance: 1.75,
      entries: [
        { ...entry(1, 1.75, ''), kind: 'missed-drop', reason: null, createdBy: null, subjectType: 'purchase-request', subjectId: 3 },
      ],
    };
    fake.adjustments.length = 0;
    fake.refuseWith = null;
    fake.factors = { totp: false, passkeys: 0 };
    fake.factorRemovals.length = 0;
    socketHandlers.clear();
    resetToasts();
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

export function renderSettings(queryClient = createQueryClient()) {
  render(
    <AppProviders queryClient={queryClient}>
      <SuperAdminSettings open onClose={() => {}} />
      <Toaster />
    </AppProviders>,
  );
  return userEvent.setup();
}

export async function openBob() {
  const events = renderSettings();
  await events.click(await screen.findByRole('button', { name: 'Open bob' }));
  await screen.findByText('Last sign-in');
  return events;
}

/** Queries inside bob's page only (the whole dialog is large, and role queries over it are slow in jsdom). */
export const page = () => within(screen.getByRole('region', { name: 'User bob' }));

export const balance = () => screen.getByTestId('credit-balance');

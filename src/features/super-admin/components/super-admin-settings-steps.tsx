import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { AppProviders } from '@/test/providers';
import { Toaster } from '@/components/toaster';
import { resetToasts } from '@/components/toast-store';
import type { MarketplaceUser, SystemStatsJson as SystemStats } from '@/domain/schemas/users';
import type { DisputeJson as Dispute } from '@/domain/schemas/deals';
import { createQueryClient } from '@/lib/query-client';
import { SuperAdminSettings } from './super-admin-settings';

// The shared steps of Super Admin Settings' tests (super-admin-settings.*): a fake server whose state (`fake`) each
// test may change; it is set anew before each test.

export const user = (username: string, over: Partial<MarketplaceUser> = {}): MarketplaceUser => ({
  id: username.length,
  username,
  contactEmail: `${username}@example.com`,
  ps5Username: null,
  robloxUsername: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  isAdmin: false,
  isSuperAdmin: false,
  ...over,
});

export const stats: SystemStats = {
  totalUsers: 3,
  admins: 2,
  purchaseRequests: { total: 7, pending: 2, approved: 1, rejected: 3, completed: 1 },
  submissions: { total: 5, pending: 1, rejected: 2, scheduled: 2 },
  promisesKeptPercent: 80,
  creditsGranted: 2.25,
  creditOutstanding: 1.13,
};

export const dispute = (over: Partial<Dispute> = {}): Dispute => ({
  id: 4,
  subjectType: 'pickup',
  subjectId: 12,
  submissionId: 9,
  username: 'bob',
  reason: 'I was at the spot at 4:30.',
  status: 'open',
  createdAt: '2026-03-02T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  decisionNote: null,
  promisedAt: '2026-03-01T16:30:00.000Z',
  noShowAt: '2026-03-01T16:40:00.000Z',
  noShowBy: 'carla',
  credit: 2.5,
  ...over,
});

/** What the fake server holds and saw: set anew before each test. */
export const fake = {
  users: [] as MarketplaceUser[],
  calls: [] as Array<{ method: string; path: string; body: unknown }>,
  disputes: [] as Dispute[],
  decisions: [] as Array<{ id: number; decision: string; body: unknown }>,
};

/** The file's fake server, listening for its tests. */
export function setupSettingsServer() {
  const server = setupServer(
    http.get('/api/admin/marketplace-users', () => HttpResponse.json(fake.users)),
    http.get('/api/admin/stats', () => HttpResponse.json(stats)),
    http.get('/api/conversations/quick-replies', () => HttpResponse.json(['On my way'])),
    http.get('/api/admin/disputes', () => HttpResponse.json(fake.disputes)),
    http.post('/api/admin/disputes/:id/:decision', async ({ params, request }) => {
      fake.decisions.push({ id: Number(params.id), decision: String(params.decision), body: await request.json() });
      return HttpResponse.json({});
    }),
    http.post('/api/admin/marketplace-users/:username/admin-status', async ({ request, params }) => {
      const body = (await request.json()) as { isAdmin: boolean };
      fake.calls.push({ method: 'POST', path: new URL(request.url).pathname, body });
      const found = fake.users.find((u) => u.username === params.username)!;
      found.isAdmin = body.isAdmin;
      return HttpResponse.json(found);
    }),
    http.get('/api/admin/marketplace-users/:username/deletion', ({ params }) =>
      HttpResponse.json({ username: params.username, balance: 12.5, openPurchaseRequests: 1, openSubmissions: 2, openPromises: 1 }),
    ),
    http.delete('/api/admin/marketplace-users/:username', ({ request, params }) => {
      fake.calls.push({ method: 'DELETE', path: new URL(request.url).pathname, body: undefined });
      fake.users = fake.users.filter((u) => u.username !== params.username);
      return new HttpResponse(null, { status: 204 });
    }),
  );

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    fake.users = [
      user('admin', { isAdmin: true, isSuperAdmin: true, id: 1 }),
      user('bob', { id: 2 }),
      user('carla', { id: 3, isAdmin: true }),
    ];
    fake.calls.length = 0;
    fake.disputes = [];
    fake.decisions.length = 0;
    resetToasts();
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

export function renderSettings() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <SuperAdminSettings open onClose={() => {}} />
      <Toaster />
    </AppProviders>,
  );
  return userEvent.setup();
}

export const row = (name: string) => within(screen.getByRole('listitem', { name }));

// Test-only: an in-memory admin API on msw 2; unhandled requests fail the test.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { deleteTestDb } from '@/test/idb';
import { catalogueHandler } from '@/test/catalogue-fixture';
import type { ScheduledPickupJson as ScheduledPickup } from '@/domain/schemas/pickups';
import type { PurchaseRequestJson as PurchaseRequest } from '@/domain/schemas/purchases';
import type { ItemSubmission } from '@/domain/schemas/submissions';
import type { SessionUser } from '@/domain/schemas/auth';
import type { HistoryEntry } from '@/domain/schemas/history';
import type { CreditAccountJson as CreditAccount } from '@/domain/schemas/credit';
import type { Proposal } from '@/domain/schemas/deals';

export interface AdminData {
  requests: PurchaseRequest[];
  submissions: ItemSubmission[];
  pickups: ScheduledPickup[];
  contacts: Record<string, SessionUser>;
  /** Timelines by 'subject/id' ('pickup/7'). */
  history: Record<string, HistoryEntry[]>;
  credit: Record<string, CreditAccount>;
  calls: Array<{ method: string; path: string; body: unknown }>;
  /** Open proposals an admin may answer (GET /api/proposals). */
  proposals: Proposal[];
}

export const data: AdminData = {
  requests: [],
  submissions: [],
  pickups: [],
  contacts: {},
  history: {},
  credit: {},
  calls: [],
  proposals: [],
};

export function resetData(): void {
  data.requests = [];
  data.submissions = [];
  data.pickups = [];
  data.contacts = {};
  data.history = {};
  data.credit = {};
  data.calls = [];
  data.proposals = [];
}

async function record(request: Request): Promise<unknown> {
  const text = await request.text();
  const body = text ? (JSON.parse(text) as unknown) : undefined;
  data.calls.push({ method: request.method, path: new URL(request.url).pathname, body });
  return body;
}

export const server = setupServer(
  // The unread badges (conversations) ask on every admin screen: nothing unread unless a test says otherwise.
  http.get('/api/conversations/unread', () => HttpResponse.json({ total: 0, threads: [] })),
  http.get('/api/proposals', () => HttpResponse.json(data.proposals)),
  // The outbox's drain asks who is signed in before it sends what waits (a held Deny or Reject, a queued action).
  http.get('/api/marketplace/me', () => {
    const username = localStorage.getItem('currentUser');
    return username ? HttpResponse.json({ username }) : HttpResponse.json({ message: 'Please log in' }, { status: 401 });
  }),
  http.post('/api/proposals/:id/:answer', async ({ request, params }) => {
    await record(request);
    const found = data.proposals.find((p) => p.id === Number(params.id))!;
    data.proposals = data.proposals.filter((p) => p !== found);
    return HttpResponse.json({ ...found, status: params.answer === 'accept' ? 'accepted' : 'declined' });
  }),
  http.get('/api/purchase-requests', () => HttpResponse.json(data.requests)),
  http.get('/api/item-submissions', () => HttpResponse.json(data.submissions)),
  http.get('/api/scheduled-pickups', () => HttpResponse.json(data.pickups)),
  // The catalogue the cards value sells from (the server's seed, issue 49).
  catalogueHandler(),
  http.get('/api/store', () => HttpResponse.json({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone })),
  // A record's timeline: none unless a test gives one (a collected card reads its handover proof from it).
  http.get('/api/history/:subject/:id', ({ params }) =>
    HttpResponse.json(data.history[`${String(params.subject)}/${String(params.id)}`] ?? []),
  ),
  http.get('/api/marketplace/contacts', () =>
    HttpResponse.json(
      Object.values(data.contacts).map(({ username, contactEmail, ps5Username, robloxUsername }) => ({
        username,
        contactEmail,
        ps5Username,
        robloxUsername,
      })),
    ),
  ),
  http.get('/api/marketplace/contact/:username', ({ params }) => {
    const contact = data.contacts[String(params.username)];
    return contact ? HttpResponse.json(contact) : HttpResponse.json({ message: 'Unknown user' }, { status: 404 });
  }),
  http.patch('/api/purchase-requests/:id/status', async ({ request, params }) => {
    const body = (await record(request)) as Partial<PurchaseRequest>;
    const found = data.requests.find((r) => r.id === Number(params.id))!;
    Object.assign(
      found,
      body,
      body.status === 'approved' ? { approvedAt: '2026-03-03T10:00:00.000Z' } : { rejectedAt: '2026-03-03T10:00:00.000Z' },
    );
    return HttpResponse.json(found);
  }),
  http.put('/api/purchase-requests/:id/complete', async ({ request, params }) => {
    await record(request);
    const found = data.requests.find((r) => r.id === Number(params.id))!;
    Object.assign(found, { status: 'completed', completedAt: '2026-03-04T10:00:00.000Z' });
    return HttpResponse.json(found);
  }),
  http.patch('/api/item-submissions/:id/status', async ({ request, params }) => {
    const body = (await record(request)) as { status: ItemSubmission['status'] };
    const found = data.submissions.find((s) => s.id === Number(params.id))!;
    Object.assign(found, { status: body.status, rejectedAt: '2026-03-03T10:00:00.000Z' });
    return HttpResponse.json(found);
  }),
  http.post('/api/scheduled-pickups', async ({ request }) => {
    const body = (await record(request)) as { submissionId: number; scheduledDate: string; scheduledTime: string; isImmediate?: boolean };
    const submission = data.submissions.find((s) => s.id === body.submissionId)!;
    submission.status = 'scheduled';
    const pickup: ScheduledPickup = {
      id: 900 + data.pickups.length,
      submissionId: body.submissionId,
      scheduledDate: body.scheduledDate,
      scheduledTime: body.scheduledTime,
      isImmediate: !!body.isImmediate,
      completed: false,
      completedAt: null,
      collectedAt: null,
      paid: false,
      paidAt: null,
      createdAt: '2026-03-03T10:00:00.000Z',
      promisedAt: null,
      promiseStatus: null,
      agreedPrice: null,
      submission,
    };
    data.pickups.push(pickup);
    return HttpResponse.json(pickup, { status: 201 });
  }),
  http.patch('/api/scheduled-pickups/:id/complete', async ({ request, params }) => {
    await record(request);
    const found = data.pickups.find((p) => p.id === Number(params.id))!;
    Object.assign(found, { completed: true, completedAt: '2026-03-05T10:00:00.000Z', collectedAt: '2026-03-05T10:00:00.000Z' });
    return HttpResponse.json(found);
  }),
  http.get('/api/marketplace/credit/:username', ({ params }) =>
    HttpResponse.json(data.credit[String(params.username)] ?? { balance: 0, entries: [] }),
  ),
  http.patch('/api/purchase-requests/:id/schedule', async ({ request, params }) => {
    const body = (await record(request)) as Partial<PurchaseRequest>;
    const found = data.requests.find((r) => r.id === Number(params.id))!;
    Object.assign(found, body, { promiseStatus: 'open' });
    return HttpResponse.json(found);
  }),
  http.patch('/api/purchase-requests/:id/no-show', async ({ request, params }) => {
    await record(request);
    const found = data.requests.find((r) => r.id === Number(params.id))!;
    Object.assign(found, { promiseStatus: 'no-show' });
    return HttpResponse.json(found);
  }),
  http.patch('/api/scheduled-pickups/:id/schedule', async ({ request, params }) => {
    const body = (await record(request)) as Partial<ScheduledPickup>;
    const found = data.pickups.find((p) => p.id === Number(params.id))!;
    Object.assign(found, body, { promiseStatus: 'open' });
    return HttpResponse.json(found);
  }),
  http.patch('/api/scheduled-pickups/:id/no-show', async ({ request, params }) => {
    await record(request);
    const found = data.pickups.find((p) => p.id === Number(params.id))!;
    Object.assign(found, { promiseStatus: 'no-show' });
    return HttpResponse.json(found);
  }),
  http.get('/api/admin/credits/:id/reversal', ({ params }) => {
    for (const account of Object.values(data.credit)) {
      const entry = account.entries.find((e) => e.id === Number(params.id));
      if (entry) return HttpResponse.json({ credit: entry.amount, amount: Math.min(entry.amount, account.balance), refusal: null });
    }
    return HttpResponse.json({ message: 'There is no credit entry' }, { status: 404 });
  }),
  http.post('/api/admin/credits/:id/reverse', async ({ request, params }) => {
    const body = (await record(request)) as { reason: string };
    for (const account of Object.values(data.credit)) {
      const entry = account.entries.find((e) => e.id === Number(params.id));
      if (!entry) continue;
      const reversal = {
        ...entry,
        id: 5000 + account.entries.length,
        amount: -entry.amount,
        kind: 'reversal' as const,
        reason: body.reason,
        createdBy: 'boss',
      };
      account.entries.unshift(reversal);
      account.balance = Math.round((account.balance - entry.amount) * 100) / 100;
      return HttpResponse.json(reversal, { status: 201 });
    }
    return HttpResponse.json({ message: 'There is no credit entry' }, { status: 404 });
  }),
  http.patch('/api/scheduled-pickups/:id/paid', async ({ request, params }) => {
    await record(request);
    const found = data.pickups.find((p) => p.id === Number(params.id))!;
    Object.assign(found, { paid: true, paidAt: '2026-03-06T10:00:00.000Z' });
    return HttpResponse.json(found);
  }),
);

/**
 * Serves the admin API around each test of the file: listens before the first, starts every test with fresh data, and
 * after each puts back the handlers, the real timers and an empty IndexedDB.
 */
export function serveAdminApi(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => resetData());
  afterEach(async () => {
    server.resetHandlers();
    vi.useRealTimers();
    await deleteTestDb();
  });
  afterAll(() => server.close());
}

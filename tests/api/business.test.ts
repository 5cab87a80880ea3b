import { describe, expect, it, beforeAll } from 'vitest';
import { Dashboard } from '../../src/domain/schemas/business';
import { apiJson } from '../support/api-json';
import type { ItemSubmission } from '../../src/domain/schemas/submissions';
import { SEED_CATALOGUE } from '../../server/modules/catalogue/seed';
import { inCents } from '../../src/domain/spec-catalogue';
import { payoutCents } from '../../server/modules/pickups/service';
import { CART, createPurchase, submitItem, useServerWithCast } from './helpers';

const { cast } = useServerWithCast();

/** A CSV file's rows as arrays of cells (RFC 4180 quoting), without the byte-order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\ufeff/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

const INJECTION = "=cmd|' /C calc'!A0";
let payout = 0;

// Seeded once: three requests (one completed, one rejected with a formula as its reason, one pending), two
// submissions (one paid, one pending whose item name is a formula).
beforeAll(async () => {
  const [done, rejected] = [await createPurchase(cast.alice), await createPurchase(cast.bob)];
  await createPurchase(cast.alice);
  expect(
    (
      await cast.admin.patch(`/api/purchase-requests/${done.id}/status`, {
        status: 'approved',
        scheduledDate: 'Immediately',
        isImmediateSchedule: true,
      })
    ).status,
  ).toBe(200);
  expect((await cast.admin.put(`/api/purchase-requests/${done.id}/complete`)).status).toBe(200);
  expect(
    (await cast.admin.patch(`/api/purchase-requests/${rejected.id}/status`, { status: 'rejected', rejectionReason: '=1+1' })).status,
  ).toBe(200);
  const sold = await submitItem(cast.alice);
  await submitItem(cast.bob, { ps5Name: INJECTION });
  const pickup = await cast.admin.post('/api/scheduled-pickups', {
    submissionId: sold.id,
    scheduledDate: 'Immediately',
    isImmediate: true,
  });
  expect(pickup.status).toBe(201);
  expect((await cast.admin.patch(`/api/scheduled-pickups/${pickup.body.id}/complete`)).status).toBe(200);
  expect((await cast.admin.patch(`/api/scheduled-pickups/${pickup.body.id}/paid`)).status).toBe(200);
  // Valued from the catalogue in the database: seeded with the specification's prices (issue 49).
  const seeded = (name: string) => {
    const item = SEED_CATALOGUE.find((seed) => seed.name.toLowerCase() === name.toLowerCase());
    return item && inCents(item).sellPrice;
  };
  payout = (payoutCents(sold as ItemSubmission, null, seeded) ?? 0) / 100;
});

describe('GET /api/admin/dashboard', () => {
  it('when the super admin asks, then the money, counts, days and top items match the seeded data', async () => {
    const answer = await cast.superAdmin.get('/api/admin/dashboard');
    expect(answer.status).toBe(200);
    const dashboard = apiJson(Dashboard, answer.body);
    for (const period of ['today', 'week', 'month'] as const) {
      expect(dashboard.money[period]).toMatchObject({ requested: 20.97, completed: 6.99, paidOut: payout, creditsGranted: 0 });
    }
    expect(payout).toBeGreaterThan(0);
    expect(dashboard.counts.purchaseRequests).toEqual({ total: 3, pending: 1, approved: 0, rejected: 1, completed: 1, cancelled: 0 });
    expect(dashboard.counts.submissions).toEqual({ total: 2, pending: 1, rejected: 0, scheduled: 1, cancelled: 0 });
    expect(dashboard.counts.pickups).toEqual({ total: 1, scheduled: 0, collected: 0, paid: 1 });
    expect(dashboard.counts.users).toBe(4);
    expect(dashboard.counts.admins).toBe(2);
    expect(dashboard.daily).toHaveLength(30);
    expect(dashboard.daily.at(-1)).toMatchObject({ requests: 3, completions: 1 });
    expect(dashboard.daily.slice(0, -1).every((day) => day.requests === 0)).toBe(true);
    const perCart = Object.fromEntries(CART.items.map((item) => [item.name, item.quantity * 3]));
    expect(dashboard.topItems).toEqual([
      { name: 'Glock', quantity: perCart.Glock },
      { name: '$12,000 Cash', quantity: perCart['$12,000 Cash'] },
    ]);
  });

  it('when an admin who is not the super admin asks, then it answers 403', async () => {
    expect((await cast.admin.get('/api/admin/dashboard')).status).toBe(403);
    expect((await cast.admin.get('/api/admin/export/requests.csv')).status).toBe(403);
    expect((await cast.admin.get('/api/admin/audit')).status).toBe(403);
    expect((await cast.anonymous.get('/api/admin/dashboard')).status).toBe(401);
  });
});

describe('GET /api/admin/export/{kind}.csv', () => {
  it('when requests are exported, then there is one row per request and a formula in a field is neutralised', async () => {
    const answer = await cast.superAdmin.get('/api/admin/export/requests.csv');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="requests-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(answer.body);
    expect(header.slice(0, 6)).toEqual(['id', 'player', 'email', 'status', 'items', 'total_usd']);
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row[3]).sort()).toEqual(['completed', 'pending', 'rejected']);
    const rejected = rows.find((row) => row[3] === 'rejected')!;
    expect(rejected[header.indexOf('rejection_reason')]).toBe("'=1+1");
    expect(rejected[4]).toBe('2 × Glock; 1 × $12,000 Cash');
    expect(rows.every((row) => row[5] === '6.99')).toBe(true);
  });

  it('when submissions, pickups and the ledger are exported, then each has its rows and no cell starts with a formula character', async () => {
    const submissions = parseCsv((await cast.superAdmin.get('/api/admin/export/submissions.csv')).body);
    expect(submissions).toHaveLength(3);
    expect(submissions.find((row) => row[1] === 'bob')![2]).toBe(`'${INJECTION}`);
    const pickups = parseCsv((await cast.superAdmin.get('/api/admin/export/pickups.csv')).body);
    expect(pickups).toHaveLength(2);
    expect(pickups[1][pickups[0].indexOf('status')]).toBe('paid');
    expect(Number(pickups[1][pickups[0].indexOf('payout_usd')])).toBe(payout);
    const ledger = parseCsv((await cast.superAdmin.get('/api/admin/export/ledger.csv')).body);
    expect(ledger[0]).toEqual(['id', 'username', 'amount_usd', 'kind', 'subject_type', 'subject_id', 'reason', 'created_at', 'created_by']);
    for (const file of [submissions, pickups, ledger]) {
      expect(file.flat().some((cell) => /^[=+@]/.test(cell))).toBe(false);
    }
  });

  it('when a date range excludes today, then only the header comes back; a malformed date or unknown kind is refused', async () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(parseCsv((await cast.superAdmin.get(`/api/admin/export/requests.csv?from=${tomorrow}&to=${tomorrow}`)).body)).toHaveLength(1);
    const past = parseCsv((await cast.superAdmin.get('/api/admin/export/requests.csv?from=2020-01-01&to=2020-01-31')).body);
    expect(past).toHaveLength(1);
    expect((await cast.superAdmin.get('/api/admin/export/requests.csv?from=yesterday')).status).toBe(400);
    expect((await cast.superAdmin.get('/api/admin/export/requests.csv?from=2026-02-10&to=2026-02-01')).status).toBe(400);
    expect((await cast.superAdmin.get('/api/admin/export/users.csv')).status).toBe(404);
  });
});

describe('GET /api/admin/audit', () => {
  it('when filtered by record kind and status, then only those admin actions come back, newest first, with who did them', async () => {
    const completed = await cast.superAdmin.get('/api/admin/audit?subjectType=purchase-request&to=completed');
    expect(completed.status).toBe(200);
    expect(completed.body).toEqual([
      expect.objectContaining({ subjectType: 'purchase-request', from: 'approved', to: 'completed', actorName: 'carol' }),
    ]);
    const all = (await cast.superAdmin.get('/api/admin/audit')).body as Array<{ id: number; subjectType: string }>;
    expect(all.map((entry) => entry.id)).toEqual([...all.map((entry) => entry.id)].sort((a, b) => b - a));
    // 'user': the cast's promotion of carol, an action on an account (issue 45.5).
    expect(new Set(all.map((entry) => entry.subjectType))).toEqual(new Set(['purchase-request', 'submission', 'pickup', 'user']));
    const byCarol = (await cast.superAdmin.get('/api/admin/audit?actor=CAROL')).body as unknown[];
    expect(byCarol.length).toBeGreaterThan(0);
    expect((await cast.superAdmin.get('/api/admin/audit?actor=nobody')).body).toEqual([]);
    const older = (await cast.superAdmin.get(`/api/admin/audit?before=${all[0].id}`)).body as Array<{ id: number }>;
    expect(older[0].id).toBeLessThan(all[0].id);
  });
});

describe('GET /api/store', () => {
  it("answers the store's time zone, in which the admin forms' times are read", async () => {
    const answer = await cast.anonymous.get('/api/store');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });
});

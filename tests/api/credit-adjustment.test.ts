import { describe, expect, it } from 'vitest';
import { apiJson } from '../support/api-json';
import { CreditAdjustment } from '../../src/domain/schemas/credit';
import { UserDetail } from '../../src/domain/schemas/users';
import { SUPER_ADMIN } from '../support/server';
import { createPurchase, eventually, openSocket, queryDatabase, submitItem, useServerWithCast } from './helpers';

// The super admin's manual credit adjustment and a user's page (issue 33 item 7).
const { server, cast } = useServerWithCast();

const adjust = (username: string, body: unknown, key?: string) =>
  cast.superAdmin.post(`/api/admin/marketplace-users/${username}/credit-adjustments`, body, key ? { 'Idempotency-Key': key } : {});

const balanceOf = async (username: string) => (await cast.superAdmin.get(`/api/marketplace/credit/${username}`)).body.balance as number;

/** The user's ledger rows as stored, oldest first (PostgreSQL answers bigint cents as text: read as numbers). */
const ledgerRows = async (username: string) =>
  (
    await queryDatabase<{ amount_cents: number | string; kind: string; reason: string; created_by: string }>(
      server,
      'SELECT l.amount_cents, l.kind, l.reason, l.created_by FROM credit_ledger l JOIN users u ON u.id = l.user_id WHERE u.username = ? ORDER BY l.id',
      [username],
    )
  ).map((row) => ({ ...row, amount_cents: Number(row.amount_cents) }));

describe('POST /api/admin/marketplace-users/{username}/credit-adjustments', () => {
  it('when the super admin gives credit with a reason, then a new adjustment entry is written, the balance rises and the player is told live', async () => {
    const socket = await openSocket(server, cast.alice);
    try {
      const answer = await adjust('alice', { amount: 5.25, reason: '  Sorry for the late drop  ' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const adjustment = apiJson(CreditAdjustment, answer.body);
      expect(adjustment.balance).toBe(5.25);
      expect(adjustment.entry).toMatchObject({
        amount: 5.25,
        kind: 'adjustment',
        subjectType: null,
        subjectId: null,
        reason: 'Sorry for the late drop',
        createdBy: SUPER_ADMIN.username,
      });
      expect(await balanceOf('alice')).toBe(5.25);
      const own = await cast.alice.get('/api/marketplace/credit/alice');
      expect(own.body.entries[0]).toMatchObject({ kind: 'adjustment', amount: 5.25, reason: 'Sorry for the late drop' });
      await eventually(() =>
        socket.messages.some((m) => m.type === 'CREDIT_UPDATE' && m.payload.username === 'alice' && m.payload.balance === 5.25),
      );
    } finally {
      socket.close();
    }
  });

  it('when credit is taken back, then a negative entry is appended (the first stays as it was) and the history names the super admin and the reason', async () => {
    const answer = await adjust('alice', { amount: -2, reason: 'Given twice by mistake' });
    expect(answer.status).toBe(201);
    expect(answer.body.balance).toBe(3.25);
    expect(await ledgerRows('alice')).toEqual([
      { amount_cents: 525, kind: 'adjustment', reason: 'Sorry for the late drop', created_by: SUPER_ADMIN.username },
      { amount_cents: -200, kind: 'adjustment', reason: 'Given twice by mistake', created_by: SUPER_ADMIN.username },
    ]);
    const audit = await cast.superAdmin.get('/api/admin/audit?subjectType=user');
    expect(audit.status).toBe(200);
    // Besides these two, the cast's promotion of carol (an account action, issue 45.5).
    expect(audit.body.filter((row: { to: string }) => row.to === 'credit-adjusted')).toHaveLength(2);
    expect(audit.body[0]).toMatchObject({
      subjectType: 'user',
      from: null,
      to: 'credit-adjusted',
      actorName: SUPER_ADMIN.username,
      note: '−$2.00 store credit for alice (balance $5.25 → $3.25): Given twice by mistake',
    });
    expect(audit.body[1].note).toBe('+$5.25 store credit for alice (balance $0.00 → $5.25): Sorry for the late drop');
  });

  it('when an adjustment would take the balance below zero, then it answers 409 with what the player holds, and nothing is written', async () => {
    const answer = await adjust('alice', { amount: -3.26, reason: 'Too much' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'alice holds $3.25 in store credit: an adjustment cannot take the balance below zero, so take at most $3.25.',
    );
    expect(await ledgerRows('alice')).toHaveLength(2);
    expect(await balanceOf('alice')).toBe(3.25);
    // Exactly all of it is allowed: the balance reaches zero.
    expect((await adjust('alice', { amount: -3.25, reason: 'Closing the account credit' })).body.balance).toBe(0);
  });

  it('when the same Idempotency-Key is sent again, then the first answer comes back and no second entry is written; another body with it answers 422', async () => {
    const first = await adjust('bob', { amount: 1.5, reason: 'Goodwill' }, 'adjust-bob-1');
    expect(first.status).toBe(201);
    const again = await adjust('bob', { amount: 1.5, reason: 'Goodwill' }, 'adjust-bob-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await ledgerRows('bob')).toHaveLength(1);
    expect(await balanceOf('bob')).toBe(1.5);
    const other = await adjust('bob', { amount: 9, reason: 'Goodwill' }, 'adjust-bob-1');
    expect(other.status).toBe(422);
    expect(await ledgerRows('bob')).toHaveLength(1);
  });

  it('when the input is wrong, then it answers 400 naming the problem, and nothing is written', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ amount: 0, reason: 'Nothing' }, 'amount', 'The amount must not be zero'],
      [{ amount: '5', reason: 'A string' }, 'amount', 'Enter the amount in USD, for example 5 or -2.50'],
      [{ amount: 1.234, reason: 'Fractions' }, 'amount', 'Use whole cents (at most two decimals)'],
      [{ amount: 20_000, reason: 'Too much' }, 'amount', 'An adjustment is at most $10,000 either way'],
      [{ amount: 1, reason: ' x ' }, 'reason', 'Say why the credit is adjusted (at least 3 characters)'],
      [{ amount: 1 }, 'reason', 'Say why the credit is adjusted'],
      [{ amount: 1, reason: 'y'.repeat(201) }, 'reason', 'Keep the reason to 200 characters'],
    ];
    for (const [body, path, message] of cases) {
      const answer = await adjust('bob', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.issues).toContainEqual({ path, message });
    }
    expect((await adjust('bob', { amount: 1, reason: 'y'.repeat(200) })).status).toBe(201);
    expect(await ledgerRows('bob')).toHaveLength(2);
    expect((await adjust('nobody-here', { amount: 1, reason: 'Who?' })).status).toBe(404);
  });

  it('when an admin, a player or a visitor tries, then it answers 403 (401 signed out) and nothing is written', async () => {
    const path = '/api/admin/marketplace-users/alice/credit-adjustments';
    expect((await cast.admin.post(path, { amount: 100, reason: 'Admin gift' })).status).toBe(403);
    expect((await cast.alice.post(path, { amount: 100, reason: 'Self gift' })).status).toBe(403);
    expect((await cast.bob.post(path, { amount: 100, reason: 'Friend gift' })).status).toBe(403);
    expect((await cast.anonymous.post(path, { amount: 100, reason: 'Anyone' })).status).toBe(401);
    expect(await balanceOf('alice')).toBe(0);
  });
});

describe('GET /api/admin/marketplace-users/{username}', () => {
  it("when the super admin opens a player's page, then it has their requests, sales, role, sessions and last sign-in", async () => {
    const request = await createPurchase(cast.alice);
    const sold = await submitItem(cast.alice);
    const pickup = await cast.admin.post('/api/scheduled-pickups', {
      submissionId: sold.id,
      scheduledDate: 'Immediately',
      isImmediate: true,
    });
    expect(pickup.status).toBe(201);
    expect((await cast.admin.patch(`/api/scheduled-pickups/${pickup.body.id}/complete`)).status).toBe(200);
    const offered = await submitItem(cast.alice, { ps5Name: 'AK-47' });

    const answer = await cast.superAdmin.get('/api/admin/marketplace-users/ALICE');
    expect(answer.status).toBe(200);
    const detail = apiJson(UserDetail, answer.body);
    expect(detail.user).toMatchObject({ username: 'alice', isAdmin: false, isSuperAdmin: false });
    expect(detail.purchaseRequests).toEqual([
      expect.objectContaining({
        id: request.id,
        status: 'pending',
        totalPrice: 6.99,
        summary: '2 × Glock, 1 × $12,000 Cash',
        schedule: null,
      }),
    ]);
    expect(detail.purchaseRequestCount).toBe(1);
    expect(detail.sales.map((sale) => [sale.id, sale.itemName, sale.status, sale.pickup?.stage ?? null])).toEqual([
      [offered.id, 'AK-47', 'pending', null],
      [sold.id, 'Glock', 'scheduled', 'collected'],
    ]);
    expect(detail.sales[1].pickup).toMatchObject({ id: pickup.body.id, schedule: 'Immediately', paidAt: null });
    expect(detail.saleCount).toBe(2);
    expect(detail.activeSessions).toBe(1);
    // Signed up (a session) during this file's set-up: stamped by the sessions trigger.
    expect(Date.parse(detail.lastSignInAt!)).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(detail.lastSeenAt).not.toBeNull();
  });

  it('when the player signs in again, then the last sign-in moves to that moment', async () => {
    const before = apiJson(UserDetail, (await cast.superAdmin.get('/api/admin/marketplace-users/bob')).body).lastSignInAt!;
    const login = await cast.anonymous.post('/api/marketplace/login', { username: 'bob', password: 'password-123' });
    expect(login.status).toBe(200);
    const after = apiJson(UserDetail, (await cast.superAdmin.get('/api/admin/marketplace-users/bob')).body);
    expect(Date.parse(after.lastSignInAt!)).toBeGreaterThan(Date.parse(before));
    expect(after.activeSessions).toBe(2);
  });

  it('when an admin asks, or the user does not exist, then it answers 403 or 404', async () => {
    expect((await cast.admin.get('/api/admin/marketplace-users/alice')).status).toBe(403);
    expect((await cast.alice.get('/api/admin/marketplace-users/alice')).status).toBe(403);
    expect((await cast.superAdmin.get('/api/admin/marketplace-users/nobody-here')).status).toBe(404);
  });
});

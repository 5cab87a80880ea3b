import { beforeAll, describe, expect, it } from 'vitest';
import { SUPER_ADMIN } from '../support/server';
import { Client, eventually, openSocket, signUp, submitItem, useServerWithCast } from './helpers';
import { AK, CART_BODY, creditOf, LATER, promiseSteps, WINDOWS } from './promise-steps';

const { server, cast } = useServerWithCast({ ...WINDOWS, testClock: true });
const { pass } = promiseSteps(server, cast);

describe('the ledger: spending, returning, reversing', () => {
  let player: Client;
  beforeAll(async () => {
    player = await signUp(server, 'sol');
    // Two missed drops of $6.99 each: $1.75 + $1.75 of credit.
    for (let i = 0; i < 2; i++) {
      const request = (await player.post('/api/purchase-requests', CART_BODY)).body;
      await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, { status: 'approved', isImmediateSchedule: true });
    }
    // And one drop kept (another player's), for the statistics' share of promises kept.
    const keeper = await signUp(server, 'kit');
    const kept = (await keeper.post('/api/purchase-requests', CART_BODY)).body;
    await cast.admin.patch(`/api/purchase-requests/${kept.id}/status`, { status: 'approved', isImmediateSchedule: true });
    expect((await cast.admin.put(`/api/purchase-requests/${kept.id}/complete`, {})).body.promiseStatus).toBe('kept');
    await pass();
    expect((await creditOf(player, 'sol')).balance).toBe(3.5);
  });

  it('when credit is applied at checkout, then min(balance, total) is spent in the same step and the request shows it; rejecting gives it back once', async () => {
    const socket = await openSocket(server, player);
    const small = await player.post('/api/purchase-requests', {
      items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }],
      totalPrice: 2,
      applyCredit: true,
    });
    expect(small.status).toBe(201);
    expect(small.body).toMatchObject({ totalPrice: 2, creditApplied: 2, amountDue: 0 });
    expect((await creditOf(player, 'sol')).balance).toBe(1.5);
    await eventually(() => socket.messages.some((m) => m.type === 'CREDIT_UPDATE' && m.payload.balance === 1.5));
    const big = await player.post('/api/purchase-requests', { ...CART_BODY, applyCredit: true });
    expect(big.body).toMatchObject({ totalPrice: 6.99, creditApplied: 1.5, amountDue: 5.49 });
    expect((await creditOf(player, 'sol')).balance).toBe(0);
    // With nothing left, nothing is applied.
    const none = await player.post('/api/purchase-requests', { ...CART_BODY, applyCredit: true });
    expect(none.body).toMatchObject({ creditApplied: 0, amountDue: 6.99 });
    // Admins read the same figures.
    const adminView = (
      (await cast.admin.get('/api/purchase-requests')).body as Array<{ id: number; creditApplied: number; amountDue: number }>
    ).find((r) => r.id === big.body.id);
    expect(adminView).toMatchObject({ creditApplied: 1.5, amountDue: 5.49 });

    const rejected = await cast.admin.patch(`/api/purchase-requests/${big.body.id}/status`, {
      status: 'rejected',
      rejectionReason: 'Out of stock today',
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Out of stock today' });
    expect((await creditOf(player, 'sol')).balance).toBe(1.5);
    // The player cancels the other one: its credit comes back too.
    const cancelled = await player.post(`/api/purchase-requests/${small.body.id}/cancel`, {});
    expect(cancelled.body.status).toBe('cancelled');
    const account = await creditOf(player, 'sol');
    expect(account.balance).toBe(3.5);
    expect(account.entries.map((e) => [e.kind, e.amount])).toEqual([
      ['returned', 2],
      ['returned', 1.5],
      ['spent', -1.5],
      ['spent', -2],
      ['missed-drop', 1.75],
      ['missed-drop', 1.75],
    ]);
    // Cancelling again, or someone else's, is refused.
    expect((await player.post(`/api/purchase-requests/${small.body.id}/cancel`, {})).status).toBe(409);
    const other = (await cast.bob.post('/api/purchase-requests', CART_BODY)).body;
    expect((await player.post(`/api/purchase-requests/${other.id}/cancel`, {})).status).toBe(403);
    socket.close();
  });

  it('when the super admin reverses a credit with a reason, then a reversal entry is appended, once; others may not', async () => {
    const credit = (await creditOf(player, 'sol')).entries.find((e) => e.kind === 'missed-drop')!;
    expect((await cast.admin.post(`/api/admin/credits/${credit.id}/reverse`, { reason: 'Player agreed to a later drop' })).status).toBe(
      403,
    );
    expect((await cast.superAdmin.post(`/api/admin/credits/${credit.id}/reverse`, {})).status).toBe(400);
    const reversed = await cast.superAdmin.post(`/api/admin/credits/${credit.id}/reverse`, { reason: 'Player agreed to a later drop' });
    expect(reversed.status).toBe(201);
    expect(reversed.body).toMatchObject({
      kind: 'reversal',
      amount: -1.75,
      reason: 'Player agreed to a later drop',
      createdBy: SUPER_ADMIN.username,
    });
    expect((await creditOf(player, 'sol')).balance).toBe(1.75);
    expect((await cast.superAdmin.post(`/api/admin/credits/${credit.id}/reverse`, { reason: 'again' })).status).toBe(409);
    const spent = (await creditOf(player, 'sol')).entries.find((e) => e.kind === 'spent')!;
    expect((await cast.superAdmin.post(`/api/admin/credits/${spent.id}/reverse`, { reason: 'not a credit' })).status).toBe(409);
  });

  it('when someone reads a balance, then the player reads their own and admins anyone; another player may not', async () => {
    expect((await cast.bob.get('/api/marketplace/credit/sol')).status).toBe(403);
    expect((await cast.admin.get('/api/marketplace/credit/sol')).body.balance).toBe(1.75);
    expect((await cast.anonymous.get('/api/marketplace/credit/sol')).status).toBe(401);
    expect((await cast.admin.get('/api/marketplace/credit/nobody-here')).status).toBe(404);
  });

  it('when the super admin reads the statistics, then they include promises kept on time, credits granted and credit outstanding', async () => {
    const stats = (await cast.superAdmin.get('/api/admin/stats')).body;
    expect(stats.promisesKeptPercent).toBeGreaterThan(0);
    expect(stats.promisesKeptPercent).toBeLessThan(100);
    expect(stats.creditsGranted).toBeGreaterThanOrEqual(3.5);
    expect(stats.creditOutstanding).toBeLessThan(stats.creditsGranted);
  });
});

describe('reasons and cancelling a submission', () => {
  it('when a submission is denied with a reason, then the player reads it on the submission', async () => {
    const player = await signUp(server, 'vic');
    const submission = await submitItem(player, AK);
    const denied = await cast.admin.patch(`/api/item-submissions/${submission.id}/status`, {
      status: 'rejected',
      rejectionReason: 'The photo shows a different item',
    });
    expect(denied.body).toMatchObject({ status: 'rejected', rejectionReason: 'The photo shows a different item' });
  });

  it('when the player cancels their own pending submission, then it and its sell request become cancelled; others and later are refused', async () => {
    const player = await signUp(server, 'wes');
    const submission = await submitItem(player, AK);
    const sell = await player.post('/api/user-sell-requests', {
      itemName: 'AK-47',
      category: 'weapons',
      quantity: 1,
      paymentMethod: 'usd',
      submissionId: submission.id,
    });
    expect(sell.status).toBe(201);
    expect((await cast.bob.post(`/api/item-submissions/${submission.id}/cancel`, {})).status).toBe(403);
    const cancelled = await player.post(`/api/item-submissions/${submission.id}/cancel`, {});
    expect(cancelled.body.status).toBe('cancelled');
    const sells = (await player.get('/api/user-sell-requests/wes')).body as Array<{ id: number; status: string }>;
    expect(sells.find((s) => s.id === sell.body.id)?.status).toBe('cancelled');
    expect((await cast.admin.post('/api/scheduled-pickups', { submissionId: submission.id, ...LATER })).status).toBe(409);
    const scheduled = await submitItem(player, AK);
    await cast.admin.post('/api/scheduled-pickups', { submissionId: scheduled.id, ...LATER });
    expect((await player.post(`/api/item-submissions/${scheduled.id}/cancel`, {})).status).toBe(409);
  });
});

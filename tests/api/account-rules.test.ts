import { describe, expect, it } from 'vitest';
import { createPurchase, signUp, submitItem, useServerWithCast } from './helpers';
import { YEAR } from '../support/dates';

const { server, cast } = useServerWithCast();

describe('a refused cancel (issue 29.7)', () => {
  it("when a player cancels a request an admin already approved, then the 409 names 'Admin', never the admin's username", async () => {
    const request = await createPurchase(cast.alice);
    expect((await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, { status: 'approved' })).status).toBe(200);
    const refused = await cast.alice.post(`/api/purchase-requests/${request.id}/cancel`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: "This purchase request was approved by Admin, so it can't become cancelled.",
      current: { status: 'approved', actorName: 'Admin' },
    });
    expect(JSON.stringify(refused.body)).not.toContain('carol');
    // An admin is still told who did it.
    const again = await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, { status: 'approved' });
    expect(again.body.current.actorName).toBe('carol');

    const submission = await submitItem(cast.bob);
    expect((await cast.admin.patch(`/api/item-submissions/${submission.id}/status`, { status: 'rejected' })).status).toBe(200);
    const denied = await cast.bob.post(`/api/item-submissions/${submission.id}/cancel`);
    expect(denied.status).toBe(409);
    expect(denied.body.current.actorName).toBe('Admin');
  });
});

describe("an order's total (issue 29.7)", () => {
  it('when an order totals more than $1,000,000, then 400 with the reason and nothing is stored; exactly $1,000,000 is accepted', async () => {
    const before = (await cast.admin.get('/api/purchase-requests')).body.length;
    const huge = await cast.alice.post('/api/purchase-requests', {
      items: Array.from({ length: 5 }, () => ({ name: 'Glock', category: 'Weapons', quantity: 1_000_000 })),
      totalPrice: 10_000_000,
    });
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual({
      message: 'An order can total at most $1,000,000. Please split it into smaller orders.',
      issues: [{ path: 'totalPrice', message: 'An order can total at most $1,000,000. Please split it into smaller orders.' }],
    });
    expect((await cast.admin.get('/api/purchase-requests')).body.length).toBe(before);
    const largest = await cast.alice.post('/api/purchase-requests', {
      items: [{ name: 'Glock', category: 'Weapons', quantity: 500_000 }],
      totalPrice: 1_000_000,
    });
    expect(largest.status).toBe(201);
    expect(largest.body.totalPrice).toBe(1_000_000);
  });
});

describe('the reversal rule (issue 29.7, docs/API.md)', () => {
  it('when credit was spent on a request still open, then a reversal waits (409 naming it) until that request ends, and then takes it all back', async () => {
    const player = await signUp(server, 'rosa');
    const order = await createPurchase(player);
    const approved = await cast.admin.patch(`/api/purchase-requests/${order.id}/status`, {
      status: 'approved',
      scheduledDate: `3/14/${YEAR}`,
      scheduledTime: '4:30 PM',
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await server.runPromiseJob(new Date(`${YEAR}-06-01T00:00:00Z`));
    const granted = (await player.get('/api/marketplace/credit/rosa')).body;
    expect(granted.balance).toBe(1.75);
    const entryId = granted.entries[0].id;

    const spender = await player.post('/api/purchase-requests', {
      items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }],
      totalPrice: 2,
      applyCredit: true,
    });
    expect(spender.body.creditApplied).toBe(1.75);
    const waiting = await cast.superAdmin.post(`/api/admin/credits/${entryId}/reverse`, { reason: 'Granted by mistake' });
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toBe(
      `The player has spent part of this credit on purchase request #${spender.body.id}, still open. Reverse it once that request is completed, rejected or cancelled.`,
    );
    // Cancelling gives the credit back, and the reversal then takes all of it: nothing reversed comes back later.
    expect((await player.post(`/api/purchase-requests/${spender.body.id}/cancel`)).status).toBe(200);
    expect((await player.get('/api/marketplace/credit/rosa')).body.balance).toBe(1.75);
    const reversed = await cast.superAdmin.post(`/api/admin/credits/${entryId}/reverse`, { reason: 'Granted by mistake' });
    expect(reversed.status).toBe(201);
    expect(reversed.body.amount).toBe(-1.75);
    expect((await player.get('/api/marketplace/credit/rosa')).body.balance).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { queryDatabase, useServerWithCast } from './helpers';
import { buy, editWith, item } from './catalogue-steps';

// Issue 49 (DESIGN.md §14), on both engines: purchases priced from the catalogue in the database, and its stock.
const { server, cast } = useServerWithCast();
const edit = editWith(() => cast.superAdmin);

describe('prices from the database', () => {
  it('prices the next purchase at the new price; the old total answers 409 with the new one', async () => {
    expect((await edit(cast.superAdmin, 'gun-glock', { price: 2.5 }, 'demand moved')).status).toBe(200);
    const stale = await buy(cast.alice, [{ name: 'Glock', category: 'Weapons', quantity: 2 }], 4);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: 'Prices have changed',
      totalPrice: 5,
      items: [{ name: 'Glock', category: 'Weapons', price: 2.5, quantity: 2 }],
    });
    const fresh = await buy(cast.alice, [{ name: 'Glock', category: 'Weapons', quantity: 2 }], 5);
    expect(fresh.status).toBe(201);
    expect(fresh.body.items[0].price).toBe('$2.50');
    expect(fresh.body.totalPrice).toBe(5);
  });

  it('never sells from a stale copy: an item bought, then repriced and hidden, is refused at the old price', async () => {
    // Each purchase is priced as the database says now, whatever an earlier purchase read (on PostgreSQL, the items a
    // purchase names are read just before its one statement, issue 46).
    const line = [{ name: 'Double Barrel', category: 'Weapons', quantity: 2 }];
    expect((await buy(cast.alice, line, 16)).status).toBe(201);
    expect((await buy(cast.bob, line, 16)).status).toBe(201);
    expect((await edit(cast.superAdmin, 'gun-double-barrel', { price: 9 }, 'demand moved')).status).toBe(200);
    const old = await buy(cast.alice, line, 16);
    expect(old.status).toBe(409);
    expect(old.body).toMatchObject({ message: 'Prices have changed', totalPrice: 18 });
    const repriced = await buy(cast.alice, line, 18);
    expect(repriced.status).toBe(201);
    expect(repriced.body.items[0].price).toBe('$9.00');
    expect((await edit(cast.superAdmin, 'gun-double-barrel', { status: 'hidden' })).status).toBe(200);
    const hidden = await buy(cast.bob, line, 18);
    expect(hidden.status).toBe(409);
    expect(hidden.body.message).toBe('Double Barrel is no longer sold.');
    expect((await edit(cast.superAdmin, 'gun-double-barrel', { status: 'active' })).status).toBe(200);
    expect((await buy(cast.bob, line, 18)).status).toBe(201);
  });

  it('values a sell from the database when a pickup is made', async () => {
    expect((await edit(cast.superAdmin, 'gun-uzi', { sellPrice: 40 }, 'valuation moved')).status).toBe(200);
    const submission = await cast.bob.post('/api/item-submissions', {
      ps5Name: 'UZI',
      robloxName: 'weapons',
      quantity: 1,
      hasMultipleQuantity: false,
      paymentMethod: 'usd',
    });
    expect(submission.status).toBe(201);
    const pickup = await cast.admin.post('/api/scheduled-pickups', {
      submissionId: submission.body.id,
      scheduledDate: 'Immediately',
      scheduledTime: '',
    });
    expect(pickup.status).toBe(201);
    // The promise's base is the payout: 15% of the database's $40.00 sell price, not the specification's $3.
    const [promise] = await queryDatabase<{ base_cents: number }>(
      server,
      "SELECT base_cents FROM promises WHERE subject_type = 'pickup' AND subject_id = ?",
      [pickup.body.id],
    );
    expect(Number(promise.base_cents)).toBe(600);
  });
});

describe('stock', () => {
  it('sells exactly what is left when 20 purchases race for the last 5', async () => {
    expect((await edit(cast.superAdmin, 'gun-m24', { stock: 5 })).status).toBe(200);
    const buyers = [cast.alice, cast.bob];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => buy(buyers[n % 2], [{ name: 'M24', category: 'Weapons', quantity: 1 }], 14)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body.message).toBe('M24 is sold out.');
      expect(refused.body.unavailable[0]).toMatchObject({ id: 'gun-m24', available: 0, requested: 1 });
    }
    expect((await item(cast.alice, 'gun-m24')).stock).toBe(0);
  });

  it('names the item and what is left when a line asks for more', async () => {
    expect((await edit(cast.superAdmin, 'gun-anaconda', { stock: 3 })).status).toBe(200);
    const answer = await buy(cast.alice, [{ name: 'Anaconda', category: 'Weapons', quantity: 4 }], 56);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Only 3 Anaconda left.');
    expect(answer.body.unavailable[0]).toMatchObject({ id: 'gun-anaconda', available: 3, requested: 4 });
    // Nothing was taken by the refused request.
    expect((await item(cast.alice, 'gun-anaconda')).stock).toBe(3);
  });

  it('gives stock back on rejection and cancellation, and keeps it taken on completion', async () => {
    expect((await edit(cast.superAdmin, 'gun-p226', { stock: 10 })).status).toBe(200);
    const order = (quantity: number) => buy(cast.alice, [{ name: 'P226', category: 'Weapons', quantity }], quantity * 3);
    const [rejected, cancelled, completed] = [await order(2), await order(3), await order(4)];
    expect([rejected.status, cancelled.status, completed.status]).toEqual([201, 201, 201]);
    expect((await item(cast.alice, 'gun-p226')).stock).toBe(1);

    expect((await cast.admin.patch(`/api/purchase-requests/${rejected.body.id}/status`, { status: 'rejected' })).status).toBe(200);
    expect((await item(cast.alice, 'gun-p226')).stock).toBe(3);
    expect((await cast.alice.post(`/api/purchase-requests/${cancelled.body.id}/cancel`)).status).toBe(200);
    expect((await item(cast.alice, 'gun-p226')).stock).toBe(6);
    const path = `/api/purchase-requests/${completed.body.id}/status`;
    expect((await cast.admin.patch(path, { status: 'approved' })).status).toBe(200);
    expect((await cast.admin.patch(path, { status: 'completed' })).status).toBe(200);
    expect((await item(cast.alice, 'gun-p226')).stock).toBe(6);
    // Rejecting again is refused by the state machine and gives nothing back twice.
    expect((await cast.admin.patch(`/api/purchase-requests/${rejected.body.id}/status`, { status: 'rejected' })).status).toBe(409);
    expect((await item(cast.alice, 'gun-p226')).stock).toBe(6);
  });
});

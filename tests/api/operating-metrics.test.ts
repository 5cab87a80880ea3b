import { describe, expect, it } from 'vitest';
import { newDevice } from '../support/push-service';
import { sample, scrape } from '../support/metrics';
import { CART, createPurchase, eventually, useServerWithCast } from './helpers';
import { usePushService } from './push-steps';

// Issue 51: the business as Prometheus counts it. The API files share one worker's modules (and so one registry):
// every assertion is on how much a counter moved.

const push = usePushService();

const { server, cast } = useServerWithCast({
  testClock: true,
  pushAllowHttpEndpoints: true,
  pushRetryBaseMs: 10_000,
  immediateWindowMs: 60 * 60_000,
  promiseGraceMs: 15 * 60_000,
});

/** How much each named sample moves while `act` runs. */
async function moved(samples: Record<string, [name: string, labels?: Record<string, string>]>, act: () => Promise<void>) {
  const read = async () => {
    const text = await scrape(server.url);
    return Object.fromEntries(Object.entries(samples).map(([key, [name, labels]]) => [key, sample(text, name, labels)]));
  };
  const before = await read();
  await act();
  const after = await read();
  return Object.fromEntries(Object.keys(samples).map((key) => [key, after[key]! - before[key]!]));
}

describe('business metrics', () => {
  it('when a player makes a purchase request and an admin approves and completes it, then the record counts move by outcome', async () => {
    const delta = await moved(
      {
        created: ['blockspin_records_total', { kind: 'purchase-request', outcome: 'created' }],
        approved: ['blockspin_records_total', { kind: 'purchase-request', outcome: 'approved' }],
        completed: ['blockspin_records_total', { kind: 'purchase-request', outcome: 'completed' }],
        kept: ['blockspin_promises_closed_total', { outcome: 'kept' }],
      },
      async () => {
        const request = await createPurchase(cast.alice);
        const approved = await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, {
          status: 'approved',
          isImmediateSchedule: true,
        });
        expect(approved.status).toBe(200);
        const completed = await cast.admin.put(`/api/purchase-requests/${request.id}/complete`, {});
        expect(completed.status, JSON.stringify(completed.body)).toBe(200);
      },
    );
    expect(delta).toEqual({ created: 1, approved: 1, completed: 1, kept: 1 });
  });

  it('when a purchase is sent again with the same Idempotency-Key, then the replay is counted and the purchase is not', async () => {
    const delta = await moved(
      {
        replays: ['blockspin_idempotent_replays_total'],
        created: ['blockspin_records_total', { kind: 'purchase-request', outcome: 'created' }],
      },
      async () => {
        const first = await cast.bob.post('/api/purchase-requests', CART, { 'Idempotency-Key': 'metrics-replay-1' });
        const again = await cast.bob.post('/api/purchase-requests', CART, { 'Idempotency-Key': 'metrics-replay-1' });
        expect([first.status, again.status]).toEqual([201, 201]);
        expect(again.body.id).toBe(first.body.id);
      },
    );
    expect(delta).toEqual({ replays: 1, created: 1 });
  });

  it('when a promised drop time is missed, then the missed promise and the credit granted in cents are counted', async () => {
    const request = await createPurchase(cast.alice);
    expect(
      (await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, { status: 'approved', isImmediateSchedule: true })).status,
    ).toBe(200);
    const delta = await moved(
      {
        missed: ['blockspin_promises_closed_total', { outcome: 'missed' }],
        cents: ['blockspin_credit_granted_cents_total', { kind: 'missed-drop' }],
      },
      async () => {
        expect((await cast.admin.post('/api/test/clock', { advanceMs: 2 * 3600_000 })).status).toBe(200);
        expect(await server.runPromiseJob()).toBe(1);
      },
    );
    // CART is $6.99: a quarter of it is $1.75 (rounded half up), 175 cents.
    expect(delta).toEqual({ missed: 1, cents: 175 });
  });

  it('when a push service answers 500, 410 and 201, then pushes are counted as failed, gone and sent', async () => {
    const failing = newDevice(push, 'metrics-failing');
    const gone = newDevice(push, 'metrics-gone');
    const working = newDevice(push, 'metrics-working');
    push.plan(failing.name, 500);
    push.plan(gone.name, 410);
    for (const device of [failing, gone, working])
      expect((await cast.admin.post('/api/push/subscriptions', device.subscription)).status).toBe(201);
    const counts = async () => {
      const text = await scrape(server.url);
      const of = (result: string) => sample(text, 'blockspin_push_messages_total', { result });
      return { failed: of('failed'), gone: of('gone'), sent: of('sent') };
    };
    const before = await counts();
    await createPurchase(cast.bob);
    // The counters move once each push service's answer is read: three answers, one per device.
    let delta = { failed: 0, gone: 0, sent: 0 };
    await eventually(async () => {
      const after = await counts();
      delta = { failed: after.failed - before.failed, gone: after.gone - before.gone, sent: after.sent - before.sent };
      return delta.failed + delta.gone + delta.sent >= 3;
    });
    expect(delta).toEqual({ failed: 1, gone: 1, sent: 1 });
  });
});

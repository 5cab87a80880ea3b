import { statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newDevice, verifyVapid, type FakeDevice } from '../support/push-service';
import { countRows, createPurchase, eventually, signUp, submitItem } from './helpers';
import { APPROVE_LATER, usePushServer } from './push-steps';
import { YEAR } from '../support/dates';

// Push: the keys, the subscriptions and what is sent to whom. What the push service answers and what stops delivery
// are in push-delivery.test.ts.

const { push, server, cast, subscribe, payloadsOf, nth } = usePushServer();
let publicKey: string;
beforeAll(async () => {
  publicKey = (await cast.anonymous.get('/api/push/public-key')).body.publicKey;
});

describe('keys and subscriptions', () => {
  it('when no keys are configured, then a pair is generated once, kept in DATA_DIR with mode 0600, and the public key served', async () => {
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const file = path.join(server.dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('when signed out, then subscribing answers 401; a body that is not a subscription answers 400 saying why', async () => {
    const device = newDevice(push, 'anon');
    expect((await cast.anonymous.post('/api/push/subscriptions', device.subscription)).status).toBe(401);
    const bad = await cast.alice.post('/api/push/subscriptions', { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((issue: { path: string }) => issue.path)).toEqual(
      expect.arrayContaining(['endpoint', 'keys.p256dh', 'keys.auth']),
    );
    const ftp = await cast.alice.post('/api/push/subscriptions', { ...device.subscription, endpoint: 'ftp://127.0.0.1/push/x' });
    expect(ftp.status).toBe(400);
    expect(await countRows(server, 'push_subscriptions')).toBe(0);
  });

  it('when the endpoint is not a known push service, then it is refused (the server is no relay); a real one is accepted', async () => {
    const device = newDevice(push, 'relay');
    const relay = await cast.alice.post('/api/push/subscriptions', {
      ...device.subscription,
      endpoint: 'https://intranet.example/admin/reset',
    });
    expect(relay.status).toBe(400);
    expect(relay.body.message).toBe('This browser’s push service is not supported');
    const fcm = { ...device.subscription, endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' };
    expect((await cast.alice.post('/api/push/subscriptions', fcm)).status).toBe(201);
    expect((await cast.alice.request('DELETE', '/api/push/subscriptions', { endpoint: fcm.endpoint })).status).toBe(204);
    expect(await countRows(server, 'push_subscriptions')).toBe(0);
  });

  it('when a user registers more than 10 devices, then the oldest are replaced', async () => {
    const many = await signUp(server, 'hoarder');
    for (let i = 0; i < 12; i++) await subscribe(many, `hoard-${String(i).padStart(2, '0')}`);
    const db = await countRows(server, "push_subscriptions WHERE endpoint LIKE '%/hoard-%'");
    expect(db).toBe(10);
    expect(await countRows(server, "push_subscriptions WHERE endpoint LIKE '%/hoard-00' OR endpoint LIKE '%/hoard-01'")).toBe(0);
    expect((await many.post('/api/marketplace/logout')).status).toBeLessThan(300);
    expect(await countRows(server, "push_subscriptions WHERE endpoint LIKE '%/hoard-%'")).toBe(0);
  });

  it('when the same endpoint is registered twice, then it is one row; DELETE by endpoint removes only the caller’s own device', async () => {
    const device = await subscribe(cast.bob, 'bob-twice');
    await subscribe(cast.bob, 'bob-twice');
    expect(await countRows(server, 'push_subscriptions')).toBe(1);
    // Alice cannot remove Bob's device by naming its endpoint.
    expect((await cast.alice.request('DELETE', '/api/push/subscriptions', { endpoint: device.subscription.endpoint })).status).toBe(204);
    expect(await countRows(server, 'push_subscriptions')).toBe(1);
    expect((await cast.bob.request('DELETE', '/api/push/subscriptions', { endpoint: device.subscription.endpoint })).status).toBe(204);
    expect(await countRows(server, 'push_subscriptions')).toBe(0);
  });
});

describe('what is sent, to whom', () => {
  let aliceDevice: FakeDevice;
  let bobDevice: FakeDevice;
  let adminDevice: FakeDevice;
  beforeAll(async () => {
    aliceDevice = await subscribe(cast.alice, 'alice-phone');
    bobDevice = await subscribe(cast.bob, 'bob-phone');
    adminDevice = await subscribe(cast.admin, 'carol-tablet');
  });

  it('when an admin approves a purchase request, then the player gets an encrypted, VAPID-signed message with the drop time, TTL, urgency and a per-record topic', async () => {
    const request = await createPurchase(cast.alice);
    // Admins hear of the new request; it names no player.
    const news = await nth(adminDevice, 1);
    expect(news.payload).toEqual({
      title: 'New purchase request',
      body: `Request #${request.id}: 3 items, $6.99.`,
      url: '/admin/pending',
      tag: `purchase-${request.id}`,
    });
    expect(JSON.stringify(news.payload)).not.toContain('alice');

    expect((await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, APPROVE_LATER)).status).toBe(200);
    const { payload, headers, body } = await nth(aliceDevice, 1);
    expect(payload).toEqual({
      title: 'Purchase request approved',
      body: `Your order of 3 items ($6.99) will be dropped on 3/14/${YEAR} at 4:30 PM.`,
      url: '/my-activity?tab=buy',
      tag: `purchase-${request.id}`,
    });
    expect(headers['content-encoding']).toBe('aes128gcm');
    expect(headers.ttl).toBe(String(7 * 24 * 3600));
    expect(headers.urgency).toBe('high');
    expect(headers.topic).toBe(`purchase-${request.id}`);
    const claims = verifyVapid(headers.authorization, publicKey, push.url);
    expect(claims.sub).toBe('mailto:ops@blockspin.example');
    expect(body.length).toBeLessThan(3 * 1024 + 200);
    // Bob hears nothing of Alice's order: a marker sent to him after it arrives alone.
    const marker = await createPurchase(cast.bob);
    await cast.admin.patch(`/api/purchase-requests/${marker.id}/status`, APPROVE_LATER);
    await eventually(() => push.to(bobDevice.name).length >= 1);
    expect(payloadsOf(bobDevice).map((payload) => payload.tag)).toEqual([`purchase-${marker.id}`]);
    // (The admins heard of the marker too: later tests count the admin's device from here.)
    await eventually(() => payloadsOf(adminDevice).some((payload) => payload.tag === `purchase-${marker.id}`));
  });

  it('when a request is rejected with a reason, or completed, then the player is told so (the reason included), under the same topic', async () => {
    const rejected = await createPurchase(cast.alice);
    const before = push.to(aliceDevice.name).length;
    const reason = 'Out of stock this week';
    expect(
      (await cast.admin.patch(`/api/purchase-requests/${rejected.id}/status`, { status: 'rejected', rejectionReason: reason })).status,
    ).toBe(200);
    const told = await nth(aliceDevice, before + 1);
    expect(told.payload).toMatchObject({ title: 'Purchase request rejected', url: '/my-activity?tab=buy', tag: `purchase-${rejected.id}` });
    expect(told.payload.body).toContain(reason);
    expect(told.headers.topic).toBe(`purchase-${rejected.id}`);

    const done = await createPurchase(cast.alice);
    await cast.admin.patch(`/api/purchase-requests/${done.id}/status`, {
      status: 'approved',
      scheduledDate: 'Immediately',
      isImmediateSchedule: true,
    });
    const approved = await nth(aliceDevice, before + 2);
    expect(approved.payload.body).toContain('will be dropped right away');
    expect((await cast.admin.put(`/api/purchase-requests/${done.id}/complete`, {})).status).toBe(200);
    const completed = await nth(aliceDevice, before + 3);
    expect(completed.payload).toMatchObject({ title: 'Order completed', tag: `purchase-${done.id}` });
    expect(completed.headers.topic).toBe(`purchase-${done.id}`);
  });

  it('when an item is submitted, scheduled, collected and paid, then admins hear of the submission and the player of each step, on My Sell Requests', async () => {
    const adminBefore = push.to(adminDevice.name).length;
    const bobBefore = push.to(bobDevice.name).length;
    const submission = await submitItem(cast.bob);
    const news = await nth(adminDevice, adminBefore + 1);
    expect(news.payload).toEqual({
      title: 'New item submission',
      body: `Submission #${submission.id}: Glock × 1.`,
      url: '/admin/submissions',
      tag: `submission-${submission.id}`,
    });

    const created = await cast.admin.post('/api/scheduled-pickups', {
      submissionId: submission.id,
      scheduledDate: `3/14/${YEAR}`,
      scheduledTime: '4:30 PM',
    });
    expect(created.status).toBe(201);
    const scheduled = await nth(bobDevice, bobBefore + 1);
    expect(scheduled.payload).toEqual({
      title: 'Pickup scheduled',
      body: `We will pick up Glock on 3/14/${YEAR} at 4:30 PM.`,
      url: '/my-activity?tab=sell',
      tag: `pickup-${created.body.id}`,
    });
    expect(scheduled.headers.topic).toBe(`pickup-${created.body.id}`);
    await cast.admin.patch(`/api/scheduled-pickups/${created.body.id}/complete`, {});
    expect((await nth(bobDevice, bobBefore + 2)).payload).toMatchObject({ title: 'Item collected', tag: `pickup-${created.body.id}` });
    await cast.admin.patch(`/api/scheduled-pickups/${created.body.id}/paid`, {});
    expect((await nth(bobDevice, bobBefore + 3)).payload).toMatchObject({
      title: 'You have been paid',
      body: 'The payment for Glock has been sent.',
    });
    // Admin notices are not sent to players, and Alice hears nothing of Bob's sale.
    expect(payloadsOf(bobDevice).some((payload) => payload.title.startsWith('New '))).toBe(false);
    expect(
      payloadsOf(aliceDevice).some(
        (payload) => payload.tag === `pickup-${created.body.id}` || payload.tag === `submission-${submission.id}`,
      ),
    ).toBe(false);
  });

  it('when a submission is declined with a reason, then only its submitter is told, with the reason', async () => {
    const bobBefore = push.to(bobDevice.name).length;
    const submission = await submitItem(cast.bob);
    const declined = await cast.admin.patch(`/api/item-submissions/${submission.id}/status`, {
      status: 'rejected',
      rejectionReason: 'The photo is too blurry',
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const told = await nth(bobDevice, bobBefore + 1);
    expect(told.payload).toEqual({
      title: 'Item submission declined',
      body: 'Your Glock was declined: The photo is too blurry',
      url: '/my-activity?tab=sell',
      tag: `submission-${submission.id}`,
    });
    expect(payloadsOf(aliceDevice).some((payload) => payload.tag === `submission-${submission.id}`)).toBe(false);
  });

  it('when a promised pickup time is missed, then the player is told of the store credit once', async () => {
    const bobBefore = push.to(bobDevice.name).length;
    const submission = await submitItem(cast.bob, { ps5Name: 'AK-47' });
    await cast.admin.post('/api/scheduled-pickups', {
      submissionId: submission.id,
      scheduledDate: 'Immediately',
      scheduledTime: '',
      isImmediate: true,
    });
    await eventually(() => payloadsOf(bobDevice).some((payload) => payload.title === 'Store credit added'));
    const credit = payloadsOf(bobDevice).filter((payload) => payload.title === 'Store credit added');
    expect(credit[0]).toMatchObject({
      body: '$0.68 of store credit for a late pickup. It is used at your next checkout.',
      url: '/my-activity?tab=sell',
    });
    // Later balance announcements (spending it) notify nothing more.
    const spent = await cast.bob.post('/api/purchase-requests', {
      items: [{ id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 1 }],
      totalPrice: 2,
      applyCredit: true,
    });
    // A marker after it: its approval reaches bob, so anything the spending caused would have been queued first.
    await cast.admin.patch(`/api/purchase-requests/${spent.body.id}/status`, APPROVE_LATER);
    await eventually(
      () =>
        payloadsOf(bobDevice).some(
          (payload) => payload.title === 'Purchase request approved' && payload.tag === `purchase-${spent.body.id}`,
        ),
      5000,
    );
    expect(payloadsOf(bobDevice).filter((payload) => payload.title === 'Store credit added')).toHaveLength(1);
    expect(push.to(bobDevice.name).length).toBeGreaterThan(bobBefore);
  });
});

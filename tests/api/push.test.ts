import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptFor, newDevice, startPushService, verifyVapid, type FakeDevice, type LocalPushService } from '../support/push-service';
import { Client, countRows, createPurchase, eventually, logIn, signUp, submitItem, useServerWithCast } from './helpers';
import { subscribeDevice } from './push-steps';
import { YEAR } from '../support/dates';

// Short promise windows so a missed promise (and its credit) happens within the test.
const WINDOWS = { immediateWindowMs: 300, promiseGraceMs: 200, promiseCheckIntervalMs: 100 };

let push: LocalPushService;
let publicKey: string;
beforeAll(async () => {
  push = await startPushService();
});
afterAll(() => push.close());
const { server, cast } = useServerWithCast({
  pushAllowHttpEndpoints: true,
  pushRetryBaseMs: 40,
  vapidSubject: 'mailto:ops@blockspin.example',
  ...WINDOWS,
});
beforeAll(async () => {
  publicKey = (await cast.anonymous.get('/api/push/public-key')).body.publicKey;
});

const subscribe = (client: Client, name: string) => subscribeDevice(push, client, name);

/**
 * A message's classic fields (what the service worker reads), after checking its Declarative Web Push twin says the
 * same (issue 47.10: Safari shows that one without the worker).
 */
function classic(message: Record<string, unknown>): Record<string, string> {
  const { web_push: marker, notification, app_badge: badge, ...fields } = message as Record<string, string> & { notification: unknown };
  // A player's push carries their icon's count (unread messages); an admin's leaves the icon to the app.
  expect(badge === undefined || (Number.isInteger(badge) && Number(badge) >= 0)).toBe(true);
  expect(marker).toBe(8030);
  expect(notification).toMatchObject({ title: fields.title, body: fields.body, tag: fields.tag });
  // The same screen, as an absolute URL of the app's origin (Safari opens it on a tap).
  const navigate = new URL((notification as { navigate: string }).navigate);
  expect(`${navigate.pathname}${navigate.search}`).toBe(fields.url);
  expect(navigate.origin).toMatch(/^http:\/\/(127\.0\.0\.1|localhost):\d+$/);
  // WebKit reads the icon as an absolute URL too (a path would make the message fail to parse as declarative).
  expect((notification as { icon: string }).icon).toBe(`${navigate.origin}/icons/icon-192.png`);
  expect((notification as { app_badge?: unknown }).app_badge).toBe(badge);
  return fields;
}

/** The decrypted payloads a device has received, oldest first. */
const payloadsOf = (device: FakeDevice) =>
  push.to(device.name).map((delivery) => classic(decryptFor(device, delivery.body) as Record<string, unknown>));

/** Waits for the n-th message to a device and answers its decrypted payload and headers. */
async function nth(device: FakeDevice, n: number) {
  await eventually(() => push.to(device.name).length >= n);
  const delivery = push.to(device.name)[n - 1]!;
  return { payload: classic(decryptFor(device, delivery.body) as Record<string, unknown>), headers: delivery.headers, body: delivery.body };
}

const APPROVE_LATER = { status: 'approved', scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM' };

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
      url: '/?admin=pending',
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
      url: '/?admin=submissions',
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

describe('the push service answering', () => {
  it('when a device is answered 410 or 404, then its subscription is deleted and it is not tried again', async () => {
    const player = await signUp(server, 'gone410');
    const gone = await subscribe(player, 'gone-410');
    const other = await subscribe(player, 'gone-404');
    push.plan(gone.name, 410);
    push.plan(other.name, 404);
    const request = await createPurchase(player);
    await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, APPROVE_LATER);
    await eventually(() => push.attempts.filter((attempt) => attempt.device.startsWith('gone-4')).length === 2);
    await eventually(async () => (await countRows(server, "push_subscriptions WHERE endpoint LIKE '%/gone-4%'")) === 0);
    // A device of the player's that works, subscribed now: the completion reaches it, and not the deleted ones.
    const kept = await subscribe(player, 'gone-kept');
    await cast.admin.put(`/api/purchase-requests/${request.id}/complete`, {});
    await nth(kept, 1);
    expect(push.attempts.filter((attempt) => attempt.device.startsWith('gone-4'))).toHaveLength(2);
  });

  it('when a device is answered 429 and then 503, then the message is retried with backoff, arrives, and the subscription is kept', async () => {
    const player = await signUp(server, 'busy');
    const device = await subscribe(player, 'busy-phone');
    push.plan(device.name, 429, 503);
    const request = await createPurchase(player);
    await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, APPROVE_LATER);
    const arrived = await nth(device, 1);
    expect(arrived.payload.title).toBe('Purchase request approved');
    expect(push.attempts.filter((attempt) => attempt.device === device.name).map((attempt) => attempt.status)).toEqual([429, 503, 201]);
    expect(await countRows(server, "push_subscriptions WHERE endpoint LIKE '%/busy-phone'")).toBe(1);
  });

  it('when one push service hangs, then the call that caused it answers at once and other devices still get theirs', async () => {
    const slow = await signUp(server, 'slowpoke');
    const slowDevice = await subscribe(slow, 'hung-phone');
    const fast = await signUp(server, 'quick');
    const fastDevice = await subscribe(fast, 'quick-phone');
    push.hang(slowDevice.name);
    try {
      const slowRequest = await createPurchase(slow);
      const fastRequest = await createPurchase(fast);
      const answer = await cast.admin.patch(`/api/purchase-requests/${slowRequest.id}/status`, APPROVE_LATER);
      expect(answer.status).toBe(200);
      // Answered while the hung push is still waiting (a sender awaited by the call would first give up on it after
      // its 10 s timeout): no wall-clock budget, so a busy machine cannot fail it.
      expect(push.abandoned(slowDevice.name)).toBe(0);
      await eventually(() => push.attempts.some((attempt) => attempt.device === slowDevice.name));
      await cast.admin.patch(`/api/purchase-requests/${fastRequest.id}/status`, APPROVE_LATER);
      expect((await nth(fastDevice, 1)).payload.title).toBe('Purchase request approved');
    } finally {
      push.hang(slowDevice.name, false);
    }
  });
});

describe('what stops delivery', () => {
  it('when a device logs out, then its subscription is gone and it receives nothing more; the same player’s other device still does', async () => {
    await signUp(server, 'dana');
    const phone = await logIn(server, 'dana');
    const laptop = await logIn(server, 'dana');
    const phoneDevice = await subscribe(phone, 'dana-phone');
    const laptopDevice = await subscribe(laptop, 'dana-laptop');
    expect((await phone.post('/api/marketplace/logout')).status).toBeLessThan(300);
    expect(await countRows(server, "push_subscriptions WHERE endpoint LIKE '%/dana-phone'")).toBe(0);
    const request = await createPurchase(laptop);
    await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, APPROVE_LATER);
    await nth(laptopDevice, 1);
    // A second notice to dana, sent after: once the laptop has it, the phone would have had the first.
    await cast.admin.put(`/api/purchase-requests/${request.id}/complete`, {});
    await nth(laptopDevice, 2);
    expect(push.to(phoneDevice.name)).toHaveLength(0);
  });

  it('when an admin is demoted, then admin notices stop reaching their device', async () => {
    const erin = await signUp(server, 'erin');
    await cast.superAdmin.post('/api/admin/marketplace-users/erin/admin-status', { isAdmin: true });
    const erinAdmin = await logIn(server, 'erin');
    const device = await subscribe(erinAdmin, 'erin-tablet');
    const first = await submitItem(cast.alice);
    expect((await nth(device, 1)).payload.tag).toBe(`submission-${first.id}`);
    await cast.superAdmin.post('/api/admin/marketplace-users/erin/admin-status', { isAdmin: false });
    const adminCount = push.to('carol-tablet').length;
    const second = await submitItem(cast.alice);
    await eventually(() => push.to('carol-tablet').length > adminCount);
    // A third admin notice, sent after: once carol's tablet has it, erin's would have had the second.
    await submitItem(cast.alice);
    await eventually(() => push.to('carol-tablet').length > adminCount + 1);
    expect(push.to(device.name)).toHaveLength(1);
    expect(await countRows(server, "push_subscriptions WHERE endpoint LIKE '%/erin-tablet'")).toBe(0);
    expect(second.id).toBeGreaterThan(first.id);
    expect(erin).toBeDefined();
  });

  it('when a user is deleted, then their devices are deleted', async () => {
    const frank = await signUp(server, 'frank');
    await subscribe(frank, 'frank-phone');
    expect(await countRows(server, "push_subscriptions WHERE endpoint LIKE '%/frank-phone'")).toBe(1);
    expect((await cast.superAdmin.delete('/api/admin/marketplace-users/frank')).status).toBe(204);
    expect(await countRows(server, "push_subscriptions WHERE endpoint LIKE '%/frank-phone'")).toBe(0);
  });
});

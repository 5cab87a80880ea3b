import { beforeAll, describe, expect, it } from 'vitest';
import { InboxAnswer } from '../../src/domain/schemas/inbox';
import { decryptFor, type FakeDevice } from '../support/push-service';
import { Client, createPurchase, eventually, signUp, submitItem, useServerWithCast } from './helpers';
import { subscribeDevice, usePushService } from './push-steps';

// Issue 47.5: a recorded no-show is told to the player — an Inbox entry and a push — with the end of the 48 hours in
// which it can be disputed, in the store's time zone; the credit of an upheld dispute is named for the dispute.
// Time passes by moving the server's clock (POST /api/test/clock), never by sleeping.

const HOUR = 3600_000;
const MINUTE = 60_000;
const STORE_TIMEZONE = 'America/New_York';

const push = usePushService();
const { server, cast } = useServerWithCast({
  testClock: true,
  promiseCheckIntervalMs: 50,
  pushAllowHttpEndpoints: true,
  pushRetryBaseMs: 40,
  storeTimeZone: STORE_TIMEZONE,
});
beforeAll(async () => {
  expect((await cast.admin.post('/api/test/clock', { reset: true })).status).toBe(200);
});

const advance = async (ms: number) => expect((await cast.admin.post('/api/test/clock', { advanceMs: ms })).status).toBe(200);

const subscribe = (client: Client, name: string) => subscribeDevice(push, client, name);
const payloadsOf = (device: FakeDevice) =>
  push
    .to(device.name)
    .map((delivery) => decryptFor(device, delivery.body) as { title: string; body: string; url: string; tag: string; app_badge?: number });
const inboxOf = async (client: Client) => InboxAnswer.parse((await client.get('/api/inbox')).body);
/** "Mar 3, 4:30 PM": how the server writes a time of another day in the store's time zone. */
const storeTime = (at: number) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: STORE_TIMEZONE,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('month')} ${part('day')}, ${part('hour')}:${part('minute')} ${part('dayPeriod')}`;
};
/** When the record's last step (the no-show) was written, as its history says. */
const lastStepAt = async (client: Client, path: string) => Date.parse(((await client.get(path)).body as Array<{ at: string }>).at(-1)!.at);

describe('PATCH …/no-show tells the player', () => {
  it('when a no-show is recorded on a drop, then the player finds it in the Inbox and on their device, with the dispute deadline in store time', async () => {
    const player = await signUp(server, 'nia');
    const device = await subscribe(player, 'nia-phone');
    const request = await createPurchase(player);
    expect(
      (await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, { status: 'approved', isImmediateSchedule: true })).status,
    ).toBe(200);
    await eventually(() => payloadsOf(device).length >= 1);
    // An admin's message she has not read: her app icon counts it, and so does every push she gets (app_badge).
    const message = await cast.admin.post(`/api/conversations/purchase-request/${request.id}/messages`, { body: 'On my way' });
    expect(message.status, JSON.stringify(message.body)).toBe(201);
    await advance(HOUR + MINUTE);
    const recorded = await cast.admin.patch(`/api/purchase-requests/${request.id}/no-show`, {
      expectedStatus: 'approved',
      note: 'Waited.',
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const deadline = storeTime((await lastStepAt(player, `/api/history/purchase-request/${request.id}`)) + 48 * HOUR);

    await eventually(async () => (await inboxOf(player)).items.some((item) => /no-show/i.test(item.title)));
    const entry = (await inboxOf(player)).items.find((item) => /no-show/i.test(item.title))!;
    expect(entry).toMatchObject({ title: 'No-show recorded for your drop', url: '/my-activity?tab=buy', read: false });
    expect(entry.body).toContain(`request #${request.id}`);
    expect(entry.body).toContain(`dispute it in the app by ${deadline}.`);
    // No admin is named to the player.
    expect(entry.body).not.toMatch(/carol|admin/i);

    await eventually(() => payloadsOf(device).some((payload) => payload.title === 'No-show recorded for your drop'));
    const pushed = payloadsOf(device).find((payload) => payload.title === 'No-show recorded for your drop')!;
    expect(pushed.body).toBe(entry.body);
    // Declarative Web Push (Safari on iOS) and the classic fields (every other browser's worker) in one message.
    expect(pushed).toMatchObject({
      web_push: 8030,
      notification: {
        title: 'No-show recorded for your drop',
        body: entry.body,
        navigate: expect.stringMatching(/^http:\/\/[^/]+\/my-activity\?tab=buy$/),
        app_badge: 1,
      },
      url: '/my-activity?tab=buy',
      app_badge: 1,
    });
  });

  it('when a no-show is recorded on a pickup, then its Inbox entry names the pickup; nobody else is told', async () => {
    const player = await signUp(server, 'oli');
    const submission = await submitItem(player, { ps5Name: 'AK-47', robloxName: 'weapons', quantity: 1 });
    const created = await cast.admin.post('/api/scheduled-pickups', {
      submissionId: submission.id,
      scheduledDate: 'Immediately',
      scheduledTime: '',
      isImmediate: true,
    });
    expect(created.status).toBe(201);
    await advance(HOUR + MINUTE);
    expect((await cast.admin.patch(`/api/scheduled-pickups/${created.body.id}/no-show`, { expectedStatus: 'scheduled' })).status).toBe(200);
    await eventually(async () => (await inboxOf(player)).items.some((item) => item.title === 'No-show recorded for your pickup'));
    const entry = (await inboxOf(player)).items.find((item) => item.title === 'No-show recorded for your pickup')!;
    expect(entry.url).toBe('/my-activity?tab=sell');
    expect(entry.body).toContain(`pickup #${created.body.id}`);
    expect((await inboxOf(cast.bob)).items.some((item) => /no-show/i.test(item.title))).toBe(false);
  });

  it('when the dispute is upheld, then the credit notice names the upheld dispute, not a late drop', async () => {
    const player = await signUp(server, 'pia');
    const request = await createPurchase(player);
    expect(
      (await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, { status: 'approved', isImmediateSchedule: true })).status,
    ).toBe(200);
    await advance(HOUR + MINUTE);
    expect((await cast.admin.patch(`/api/purchase-requests/${request.id}/no-show`, {})).status).toBe(200);
    const dispute = await player.post('/api/disputes', { subjectType: 'purchase-request', subjectId: request.id, reason: 'I was there.' });
    expect(dispute.status).toBe(201);
    expect((await cast.superAdmin.post(`/api/admin/disputes/${dispute.body.id}/uphold`, {})).status).toBe(200);
    await eventually(async () => (await inboxOf(player)).items.some((item) => /store credit/i.test(item.title)));
    const credit = (await inboxOf(player)).items.find((item) => /store credit/i.test(item.title))!;
    expect(credit.title).toBe('Dispute upheld: store credit added');
    expect(credit.body).toMatch(/^\$\d+\.\d{2} of store credit for your disputed drop no-show \(the dispute was upheld\)\./);
    expect(credit.body).not.toMatch(/late/);
  });
});

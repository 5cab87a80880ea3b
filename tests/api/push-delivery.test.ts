import { describe, expect, it } from 'vitest';
import { countRows, createPurchase, eventually, logIn, signUp, submitItem } from './helpers';
import { APPROVE_LATER, usePushServer } from './push-steps';

// Push: what the push service answers (gone, busy, hanging) and what stops delivery (log out, demotion, deletion).

const { push, server, cast, subscribe, nth } = usePushServer();

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
    // Carol's tablet: an admin's device that stays subscribed, to tell when an admin notice has gone out.
    await subscribe(cast.admin, 'carol-tablet');
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

import { describe, expect, it } from 'vitest';
import { InboxAnswer } from '../../src/domain/schemas/inbox';
import { createPurchase, eventually, submitItem, useServerWithCast } from './helpers';

// Issue 30 item 13: the inbox keeps every notification meant for a player, whether or not any device of theirs has
// notifications on (nobody here registered one), unread first.

const { cast } = useServerWithCast();

async function inboxOf(client: typeof cast.alice) {
  const answer = await client.get('/api/inbox');
  expect(answer.status).toBe(200);
  return InboxAnswer.parse(answer.body);
}

describe('GET /api/inbox', () => {
  it('when signed out, then it answers 401; a new player has an empty inbox', async () => {
    expect((await cast.anonymous.get('/api/inbox')).status).toBe(401);
    expect((await cast.anonymous.post('/api/inbox/read', {})).status).toBe(401);
    expect(await inboxOf(cast.bob)).toEqual({ unread: 0, items: [] });
  });

  it('when a request is approved and another rejected, then the player finds both, newest first, with no device registered', async () => {
    const approved = await createPurchase(cast.alice);
    const rejected = await createPurchase(cast.alice);
    expect(
      (
        await cast.admin.patch(`/api/purchase-requests/${approved.id}/status`, {
          status: 'approved',
          scheduledDate: 'Immediately',
          isImmediateSchedule: true,
        })
      ).status,
    ).toBe(200);
    expect(
      (await cast.admin.patch(`/api/purchase-requests/${rejected.id}/status`, { status: 'rejected', rejectionReason: 'Sold out' })).status,
    ).toBe(200);
    await eventually(async () => (await inboxOf(cast.alice)).items.length >= 2);
    const inbox = await inboxOf(cast.alice);
    expect(inbox.unread).toBe(2);
    expect(inbox.items.map((item) => [item.title, item.url, item.read])).toEqual([
      ['Purchase request rejected', '/my-activity?tab=buy', false],
      [expect.stringMatching(/approved/i), '/my-activity?tab=buy', false],
    ]);
    expect(inbox.items[0].body).toContain('Sold out');
    // Others never see them; admins' own notifications (new requests) are not player inbox items.
    expect((await inboxOf(cast.bob)).items).toEqual([]);
    expect((await inboxOf(cast.admin)).items).toEqual([]);
  });

  it('when the player reads up to an item, then those are read, the rest stay unread and come first', async () => {
    const before = await inboxOf(cast.alice);
    const submission = await submitItem(cast.alice);
    expect((await cast.admin.patch(`/api/item-submissions/${submission.id}/status`, { status: 'rejected' })).status).toBe(200);
    await eventually(async () => (await inboxOf(cast.alice)).items.length > before.items.length);
    const oldest = Math.min(...before.items.map((item) => item.id));
    const answer = await cast.alice.post('/api/inbox/read', { upTo: oldest });
    expect(answer.status).toBe(200);
    const after = InboxAnswer.parse(answer.body);
    expect(after.unread).toBe(after.items.length - 1);
    expect(after.items.at(-1)).toMatchObject({ id: oldest, read: true });
    expect(after.items.slice(0, -1).every((item) => !item.read)).toBe(true);
    expect((await cast.alice.post('/api/inbox/read', { upTo: 'all' })).status).toBe(400);
    const all = InboxAnswer.parse((await cast.alice.post('/api/inbox/read', {})).body);
    expect(all.unread).toBe(0);
    expect(all.items.every((item) => item.read)).toBe(true);
  });
});

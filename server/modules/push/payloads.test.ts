import { describe, expect, it } from 'vitest';
import { MAX_PUSH_PAYLOAD_BYTES } from '../../../src/domain/push';
import type { Proposal } from '../../../src/domain/schemas/deals';
import type { PurchaseRequestJson as PurchaseRequest } from '../../../src/domain/schemas/purchases';
import { noticesFor } from './payloads';
import { pickup, request, submission } from './payloads.fixture';
import { creditNotice } from './player-notices';

describe('noticesFor', () => {
  it('admins are told of new requests and submissions without the player’s name, contact or items', () => {
    const [purchase] = noticesFor({ type: 'NEW_PURCHASE_REQUEST', payload: request() }, 1);
    const [sell] = noticesFor({ type: 'NEW_ITEM_SUBMISSION', payload: submission() }, 2);
    expect(purchase).toMatchObject({ to: 'admins', urgency: 'high', topic: 'purchase-7' });
    expect(sell).toMatchObject({ to: 'admins', payload: { url: '/admin/submissions' } });
    for (const notice of [purchase, sell]) expect(JSON.stringify(notice!.payload)).not.toMatch(/alice|bob|example\.com/);
  });

  it('a player is told only of their own record, and nothing for a pending, cancelled, missed or no-show one', () => {
    expect(
      noticesFor(
        {
          type: 'PURCHASE_REQUEST_STATUS_UPDATE',
          payload: request({ status: 'approved', scheduledDate: 'Immediately', isImmediateSchedule: true, promiseStatus: 'open' }),
        },
        9,
      ),
    ).toEqual([
      expect.objectContaining({
        to: { userId: 9 },
        payload: expect.objectContaining({ body: 'Your order of 2 items ($4.00) will be dropped right away.' }),
      }),
    ]);
    expect(noticesFor({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: request({ status: 'approved' }) }, null)).toEqual([]);
    expect(noticesFor({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: request({ status: 'cancelled' }) }, 9)).toEqual([]);
    expect(
      noticesFor({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: request({ status: 'approved', promiseStatus: 'missed' }) }, 9),
    ).toEqual([]);
    expect(noticesFor({ type: 'PICKUP_STATUS_UPDATE', payload: pickup({ promiseStatus: 'no-show' }) }, 9)).toEqual([]);
    expect(noticesFor({ type: 'NEW_SELL_REQUEST', payload: {} as never }, 9)).toEqual([]);
  });

  it('a pickup is told with its time, then collected, then paid, all under one topic', () => {
    const steps = [pickup(), pickup({ collectedAt: '2026-11-23T10:00:00.000Z', completed: true }), pickup({ completed: true, paid: true })];
    const notices = steps.map((payload) => noticesFor({ type: 'PICKUP_STATUS_UPDATE', payload }, 4)[0]!);
    expect(notices.map((notice) => notice.payload.title)).toEqual(['Pickup updated', 'Item collected', 'You have been paid']);
    expect(notices[0]!.payload.body).toBe('We will pick up Golden AK on 3/14/2030 at 4:30 PM.');
    expect(new Set(notices.map((notice) => notice.topic))).toEqual(new Set(['pickup-5']));
  });

  it('a declined submission carries its reason', () => {
    const [notice] = noticesFor(
      { type: 'ITEM_SUBMISSION_STATUS_UPDATE', payload: submission({ status: 'rejected', rejectionReason: 'Blurry photo' }) },
      4,
    );
    expect(notice!.payload).toMatchObject({
      title: 'Item submission declined',
      body: 'Your Golden AK was declined: Blurry photo',
      url: '/my-activity?tab=sell',
    });
  });

  it('every payload stays under the size limit and every topic is ≤ 32 URL-safe characters, however long the texts', () => {
    const long = 'x'.repeat(5000);
    const notices = [
      ...noticesFor(
        { type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: request({ id: 2 ** 31, status: 'rejected', rejectionReason: long }) },
        1,
      ),
      ...noticesFor({ type: 'NEW_ITEM_SUBMISSION', payload: submission({ id: 2 ** 31, ps5Name: long }) }, 1),
      ...noticesFor({ type: 'NEW_SCHEDULED_PICKUP', payload: pickup({ id: 2 ** 31, submission: submission({ ps5Name: long }) }) }, 1),
      creditNotice(1, 2 ** 31, 123456789, 'missed-drop'),
    ];
    expect(notices).toHaveLength(4);
    for (const notice of notices) {
      expect(Buffer.byteLength(JSON.stringify(notice.payload))).toBeLessThan(MAX_PUSH_PAYLOAD_BYTES);
      expect(notice.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    }
  });

  it('describes schedules as the admin entered them', () => {
    const approved = (over: Partial<PurchaseRequest>) =>
      noticesFor({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: request({ status: 'approved', ...over }) }, 9)[0]!.payload.body;
    expect(approved({ scheduledDate: 'Immediately', isImmediateSchedule: true })).toMatch(/ will be dropped right away\.$/);
    expect(approved({ scheduledDate: '3/14/2030', scheduledTime: '' })).toMatch(/ will be dropped on 3\/14\/2030\.$/);
    expect(approved({ scheduledDate: null })).toMatch(/ will be dropped soon\.$/);
  });
});

describe('PROPOSAL_UPDATE', () => {
  const proposal = (over: Partial<Proposal> = {}): Proposal => ({
    id: 3,
    subjectType: 'purchase-request',
    subjectId: 7,
    scheduledDate: '3/14/2030',
    scheduledTime: '4:30 PM',
    isImmediate: false,
    promisedAt: '2030-03-14T20:30:00.000Z',
    proposedBy: 'carol',
    proposedByRole: 'admin',
    status: 'open',
    createdAt: '2026-11-22T10:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    ...over,
  });

  it('when an admin proposes, then the owner is asked with the proposal id (for Accept / Decline) and the admins are not told', () => {
    const notices = noticesFor({ type: 'PROPOSAL_UPDATE', payload: proposal() }, 42);
    expect(notices).toHaveLength(1);
    expect(notices[0].to).toEqual({ userId: 42 });
    expect(notices[0].payload).toEqual({
      title: 'New drop time proposed',
      body: 'Move your drop to 3/14/2030 at 4:30 PM? Your current promised time stands until you accept.',
      url: '/my-activity?tab=buy',
      tag: 'proposal-purchase-request-7',
      proposalId: 3,
      actions: [
        { action: 'accept', title: 'Accept' },
        { action: 'decline', title: 'Decline' },
      ],
    });
  });

  it('when the player proposes, then admins are told; when an admin answers it, then the player is told', () => {
    expect(noticesFor({ type: 'PROPOSAL_UPDATE', payload: proposal({ proposedByRole: 'player', subjectType: 'pickup' }) }, 42)[0].to).toBe(
      'admins',
    );
    const answered = noticesFor({ type: 'PROPOSAL_UPDATE', payload: proposal({ proposedByRole: 'player', status: 'accepted' }) }, 42);
    expect(answered[0]).toMatchObject({ to: { userId: 42 }, payload: { title: 'New drop time accepted' } });
    expect(noticesFor({ type: 'PROPOSAL_UPDATE', payload: proposal({ status: 'declined' }) }, 42)).toEqual([]);
  });
});

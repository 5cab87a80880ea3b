import { describe, expect, it } from 'vitest';
import { PURCHASE_STATUSES, PURCHASE_TRANSITIONS, type PurchaseStatus } from '../../src/domain/state-machines';
import { auditHistory, createPurchase, useServerWithCast } from './helpers';
import { YEAR } from '../support/dates';

const { server, cast } = useServerWithCast();

/** Brings a fresh request to a status along legal transitions. */
async function requestIn(status: PurchaseStatus) {
  const request = await createPurchase(cast.alice);
  const path = `/api/purchase-requests/${request.id}/status`;
  if (status === 'approved' || status === 'completed') expect((await cast.admin.patch(path, { status: 'approved' })).status).toBe(200);
  if (status === 'completed') expect((await cast.admin.patch(path, { status: 'completed' })).status).toBe(200);
  if (status === 'rejected') expect((await cast.admin.patch(path, { status: 'rejected' })).status).toBe(200);
  if (status === 'cancelled') expect((await cast.alice.post(`/api/purchase-requests/${request.id}/cancel`, {})).status).toBe(200);
  return request.id as number;
}

describe('PATCH /api/purchase-requests/{id}/status', () => {
  const targets = ['approved', 'rejected', 'completed'] as const;
  const cases = PURCHASE_STATUSES.flatMap((from) => targets.map((to) => ({ from, to, legal: PURCHASE_TRANSITIONS[from].includes(to) })));

  it.each(cases)('when the request is $from and becomes $to, then legal=$legal', async ({ from, to, legal }) => {
    const id = await requestIn(from);
    const answer = await cast.admin.patch(`/api/purchase-requests/${id}/status`, { status: to });
    if (legal) {
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe(to);
      const stamp = { approved: 'approvedAt', rejected: 'rejectedAt', completed: 'completedAt' }[to];
      expect(typeof answer.body[stamp]).toBe('string');
      expect((await auditHistory(server, 'purchase_request', id)).at(-1)).toMatchObject({ from, to, who: 'carol' });
    } else {
      expect(answer.status).toBe(409);
      // The refusal names the present status and who set it: the player for pending and cancelled, the admin otherwise.
      const by = from === 'pending' || from === 'cancelled' ? 'alice' : 'carol';
      expect(answer.body.message).toBe(
        from === to
          ? `This purchase request was already ${to} by ${by}.`
          : `This purchase request was ${from} by ${by}, so it can't become ${to}.`,
      );
      const after = await cast.admin.get('/api/purchase-requests');
      expect(after.body.find((r: { id: number }) => r.id === id).status).toBe(from);
    }
  });

  it('when approving with a schedule, then the schedule is stored', async () => {
    const id = await requestIn('pending');
    const answer = await cast.admin.patch(`/api/purchase-requests/${id}/status`, {
      status: 'approved',
      scheduledDate: `3/14/${YEAR}`,
      scheduledTime: '4:30 PM',
      isImmediateSchedule: false,
    });
    expect(answer.body).toMatchObject({ scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM', isImmediateSchedule: false });
  });

  it('when approving immediately, then the date reads Immediately', async () => {
    const id = await requestIn('pending');
    const answer = await cast.admin.patch(`/api/purchase-requests/${id}/status`, { status: 'approved', isImmediateSchedule: true });
    expect(answer.body).toMatchObject({ scheduledDate: 'Immediately', scheduledTime: '', isImmediateSchedule: true });
  });

  it('when rejecting with a reason, then the reason is stored', async () => {
    const id = await requestIn('pending');
    const answer = await cast.admin.patch(`/api/purchase-requests/${id}/status`, { status: 'rejected', rejectionReason: 'Out of stock' });
    expect(answer.body.rejectionReason).toBe('Out of stock');
  });

  it.each([[{ status: 'pending' }], [{ status: 'approved', scheduledDate: '13/1/2026' }], [{}]])(
    'when the body is %j, then it answers 400',
    async (body) => {
      const id = await requestIn('pending');
      expect((await cast.admin.patch(`/api/purchase-requests/${id}/status`, body)).status).toBe(400);
    },
  );

  it('when the id is unknown, then it answers 404; when it is not a number, 400', async () => {
    expect((await cast.admin.patch('/api/purchase-requests/999999/status', { status: 'approved' })).status).toBe(404);
    expect((await cast.admin.patch('/api/purchase-requests/abc/status', { status: 'approved' })).status).toBe(400);
  });
});

describe('PUT /api/purchase-requests/{id}/complete', () => {
  it.each(PURCHASE_STATUSES.map((from) => ({ from, legal: from === 'approved' })))(
    'when the request is $from, then legal=$legal',
    async ({ from, legal }) => {
      const id = await requestIn(from);
      const answer = await cast.admin.put(`/api/purchase-requests/${id}/complete`);
      expect(answer.status).toBe(legal ? 200 : 409);
      if (legal) expect(answer.body).toMatchObject({ status: 'completed' });
    },
  );
});

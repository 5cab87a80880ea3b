import { describe, expect, it } from 'vitest';
import { apiJson } from '../support/api-json';
import { ScheduledPickup } from '../../src/domain/schemas/pickups';
import { PICKUP_STATUSES, PICKUP_TRANSITIONS, type PickupStatus } from '../../src/domain/state-machines';
import { auditHistory, submitItem, useServerWithCast } from './helpers';
import { YEAR } from '../support/dates';

const { server, cast } = useServerWithCast();

async function schedule(submissionId: number, body: Record<string, unknown> = { scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM' }) {
  return cast.admin.post('/api/scheduled-pickups', { submissionId, ...body });
}

/** A pickup brought to a status along legal transitions. */
async function pickupIn(status: PickupStatus) {
  const submission = await submitItem(cast.alice);
  const created = await schedule(submission.id);
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  if (status !== 'scheduled') expect((await cast.admin.patch(`/api/scheduled-pickups/${id}/complete`)).status).toBe(200);
  if (status === 'paid') expect((await cast.admin.patch(`/api/scheduled-pickups/${id}/paid`)).status).toBe(200);
  return id;
}

describe('POST /api/scheduled-pickups', () => {
  it('when a pending submission is scheduled, then the pickup is created and the submission becomes scheduled in the same step', async () => {
    const submission = await submitItem(cast.alice);
    const sell = await cast.alice.post('/api/user-sell-requests', {
      itemName: 'Glock',
      category: 'weapons',
      paymentMethod: 'usd',
      submissionId: submission.id,
    });
    const answer = await schedule(submission.id);
    expect(answer.status).toBe(201);
    const pickup = apiJson(ScheduledPickup, answer.body);
    expect(pickup).toMatchObject({
      submissionId: submission.id,
      scheduledDate: `3/14/${YEAR}`,
      scheduledTime: '4:30 PM',
      isImmediate: false,
      completed: false,
      paid: false,
    });
    expect(pickup.submission).toMatchObject({ id: submission.id, status: 'scheduled' });
    expect(await auditHistory(server, 'item_submission', submission.id)).toEqual([
      { from: null, to: 'pending', who: 'alice' },
      { from: 'pending', to: 'scheduled', who: 'carol' },
    ]);
    const mine = await cast.alice.get('/api/user-sell-requests/alice');
    expect(mine.body.find((r: { id: number }) => r.id === sell.body.id).status).toBe('approved');
  });

  it('when scheduled immediately, then the date reads Immediately and the time is empty', async () => {
    const submission = await submitItem(cast.alice);
    const answer = await schedule(submission.id, { scheduledDate: 'Immediately', scheduledTime: '', isImmediate: true });
    expect(answer.body).toMatchObject({ scheduledDate: 'Immediately', scheduledTime: '', isImmediate: true });
  });

  it('when the time is missing and not immediate, then it answers 400 Missing Information', async () => {
    const submission = await submitItem(cast.alice);
    const answer = await schedule(submission.id, { scheduledDate: `3/14/${YEAR}`, scheduledTime: '' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Missing Information: Please fill in all date and time fields before scheduling');
  });

  it.each([
    [{ scheduledDate: `14/3/${YEAR}`, scheduledTime: '4:30 PM' }, 'scheduledDate'],
    [{ scheduledDate: `3/14/${YEAR}`, scheduledTime: '16:30' }, 'scheduledTime'],
  ])('when the body is %j, then it answers 400 at %s', async (body, issuePath) => {
    const submission = await submitItem(cast.alice);
    const answer = await schedule(submission.id, body);
    expect(answer.status).toBe(400);
    expect(answer.body.issues.map((i: { path: string }) => i.path)).toContain(issuePath);
  });

  it('when the submission is already scheduled or rejected, then it answers 409; unknown, 404', async () => {
    const scheduled = await submitItem(cast.alice);
    await schedule(scheduled.id);
    expect((await schedule(scheduled.id)).status).toBe(409);
    const rejected = await submitItem(cast.alice);
    await cast.admin.patch(`/api/item-submissions/${rejected.id}/status`, { status: 'rejected' });
    expect((await schedule(rejected.id)).status).toBe(409);
    expect((await schedule(555555)).status).toBe(404);
  });

  it('when replayed with the same Idempotency-Key, then the first answer comes back', async () => {
    const submission = await submitItem(cast.alice);
    const headers = { 'Idempotency-Key': 'pickup-key' };
    const body = { submissionId: submission.id, scheduledDate: 'Immediately', scheduledTime: '' };
    const first = await cast.admin.post('/api/scheduled-pickups', body, headers);
    const second = await cast.admin.post('/api/scheduled-pickups', body, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
  });
});

describe('PATCH /api/scheduled-pickups/{id}/complete and /paid', () => {
  const calls = [
    { call: 'complete', to: 'collected' },
    { call: 'paid', to: 'paid' },
  ] as const;
  const cases = PICKUP_STATUSES.flatMap((from) =>
    calls.map(({ call, to }) => ({ from, call, to, legal: PICKUP_TRANSITIONS[from].includes(to) })),
  );

  it.each(cases)('when the pickup is $from and $call is called, then legal=$legal', async ({ from, call, to, legal }) => {
    const id = await pickupIn(from);
    const answer = await cast.admin.patch(`/api/scheduled-pickups/${id}/${call}`);
    if (!legal) {
      expect(answer.status).toBe(409);
      return;
    }
    expect(answer.status).toBe(200);
    if (to === 'collected') {
      expect(answer.body).toMatchObject({ completed: true, paid: false });
      expect(typeof answer.body.completedAt).toBe('string');
      expect(answer.body.collectedAt).toBe(answer.body.completedAt);
    } else {
      expect(answer.body).toMatchObject({ completed: true, paid: true });
      expect(typeof answer.body.paidAt).toBe('string');
    }
    expect((await auditHistory(server, 'scheduled_pickup', id)).at(-1)).toEqual({ from, to, who: 'carol' });
  });

  it('when the id is unknown, then 404; not a number, 400', async () => {
    expect((await cast.admin.patch('/api/scheduled-pickups/777777/complete')).status).toBe(404);
    expect((await cast.admin.patch('/api/scheduled-pickups/-1/paid')).status).toBe(400);
  });
});

describe('GET /api/scheduled-pickups', () => {
  it('when an admin lists, then all pickups come with their submission', async () => {
    const answer = await cast.admin.get('/api/scheduled-pickups');
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(3);
    expect(answer.body.every((p: { submission?: unknown }) => p.submission)).toBe(true);
  });

  it('when a user lists, then only pickups of their own submissions come, without the submission object', async () => {
    const bobs = await submitItem(cast.bob);
    await schedule(bobs.id);
    const alice = await cast.alice.get('/api/scheduled-pickups');
    const bob = await cast.bob.get('/api/scheduled-pickups');
    expect(bob.body.map((p: { submissionId: number }) => p.submissionId)).toEqual([bobs.id]);
    expect(alice.body.some((p: { submissionId: number }) => p.submissionId === bobs.id)).toBe(false);
    expect(alice.body.every((p: { submission?: unknown }) => p.submission === undefined)).toBe(true);
  });
});

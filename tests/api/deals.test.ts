import { describe, expect, it } from 'vitest';
import { auditHistory, createPurchase, jpegDataUrl, signUp, submitItem } from './helpers';
import { AK, creditOf, HOUR, IMMEDIATELY, MINUTE, purchaseOf, useDealWorld } from './deal-steps';

// Deals (issue 28), on both engines: no stale overwrites (expectedStatus), the no-show window and disputes. Proposals
// of a new time are in deals-proposals.test.ts.
// The server's clock, windows and second admin: useDealWorld (deal-steps.ts).
const { server, cast, admins, advance, approvedDrop, pickupFor } = useDealWorld();

describe('expectedStatus: no stale overwrites', () => {
  it('when another admin approved the request first, then a reject carrying "pending" answers 409 naming who and when, and nothing is written', async () => {
    const player = await signUp(server, 'ida');
    const request = await createPurchase(player);
    expect(
      (
        await admins.sam.patch(`/api/purchase-requests/${request.id}/status`, {
          status: 'approved',
          isImmediateSchedule: true,
          expectedStatus: 'pending',
        })
      ).status,
    ).toBe(200);
    const before = await auditHistory(server, 'purchase_request', request.id);

    const stale = await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, { status: 'rejected', expectedStatus: 'pending' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Already approved by sam at \d{1,2}:\d{2} [AP]M\.$/);
    expect(stale.body.current).toMatchObject({ status: 'approved', actorName: 'sam' });
    expect(Date.parse(stale.body.current.at)).not.toBeNaN();
    expect((await purchaseOf(player, 'ida', request.id)).promiseStatus).toBe('open');
    expect(await auditHistory(server, 'purchase_request', request.id)).toEqual(before);

    // The same call with the status the admin now sees goes through.
    const fresh = await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, { status: 'rejected', expectedStatus: 'approved' });
    expect(fresh.status).toBe(200);
    expect(fresh.body.status).toBe('rejected');
  });

  it('when the record moved on, then complete, deny, schedule, collected, paid and no-show with a stale status each answer 409 naming the other admin', async () => {
    const player = await signUp(server, 'joe');
    // complete: sam completed it already.
    const drop = await approvedDrop(player);
    expect((await admins.sam.put(`/api/purchase-requests/${drop.id}/complete`, { expectedStatus: 'approved' })).status).toBe(200);
    const complete = await cast.admin.put(`/api/purchase-requests/${drop.id}/complete`, { expectedStatus: 'approved' });
    expect(complete.status).toBe(409);
    expect(complete.body.message).toMatch(/^Already completed by sam at /);

    // deny and schedule: sam denied the submission.
    const submission = await submitItem(player, AK);
    expect(
      (await admins.sam.patch(`/api/item-submissions/${submission.id}/status`, { status: 'rejected', expectedStatus: 'pending' })).status,
    ).toBe(200);
    const deny = await cast.admin.patch(`/api/item-submissions/${submission.id}/status`, { status: 'rejected', expectedStatus: 'pending' });
    expect(deny.status).toBe(409);
    expect(deny.body.message).toMatch(/^Already rejected by sam at /);
    const schedule = await cast.admin.post('/api/scheduled-pickups', {
      submissionId: submission.id,
      ...IMMEDIATELY,
      expectedStatus: 'pending',
    });
    expect(schedule.status).toBe(409);
    expect(schedule.body.current).toMatchObject({ status: 'rejected', actorName: 'sam' });

    // collected, paid and no-show on a pickup sam collected and paid.
    const pickup = await pickupFor(player);
    expect((await admins.sam.patch(`/api/scheduled-pickups/${pickup.id}/complete`, { expectedStatus: 'scheduled' })).status).toBe(200);
    const collected = await cast.admin.patch(`/api/scheduled-pickups/${pickup.id}/complete`, { expectedStatus: 'scheduled' });
    expect(collected.status).toBe(409);
    expect(collected.body.message).toMatch(/^Already collected by sam at /);
    const noShow = await cast.admin.patch(`/api/scheduled-pickups/${pickup.id}/no-show`, { expectedStatus: 'scheduled' });
    expect(noShow.status).toBe(409);
    expect(noShow.body.current).toMatchObject({ status: 'collected', actorName: 'sam' });
    expect((await admins.sam.patch(`/api/scheduled-pickups/${pickup.id}/paid`, { expectedStatus: 'collected' })).status).toBe(200);
    const paid = await cast.admin.patch(`/api/scheduled-pickups/${pickup.id}/paid`, { expectedStatus: 'collected' });
    expect(paid.status).toBe(409);
    expect(paid.body.message).toMatch(/^Already paid by sam at /);
    expect((await auditHistory(server, 'scheduled_pickup', pickup.id)).map((row) => row.to)).toEqual(['scheduled', 'collected', 'paid']);
  });
});

describe('no-show only inside the window, and disputes', () => {
  it('when the promised time has not come, then a no-show answers 400 with the reason; inside the window it is recorded with the note and the photo', async () => {
    const player = await signUp(server, 'kai');
    const pickup = await pickupFor(player);
    const early = await cast.admin.patch(`/api/scheduled-pickups/${pickup.id}/no-show`, { expectedStatus: 'scheduled', note: 'Not here' });
    expect(early.status).toBe(400);
    // A time on another day than the server's today carries its date ("Nov 27, 12:05 AM"): near midnight the window's
    // end, or both times, fall on the next day.
    const at = String.raw`(?:[A-Z][a-z]{2} \d{1,2}, )?\d{1,2}:\d{2} [AP]M`;
    expect(early.body.message).toMatch(
      new RegExp(`^The promised pickup time \\(${at}\\) has not come yet: a no-show can be recorded from then until ${at}\\.$`),
    );

    await advance(HOUR + MINUTE);
    const photo = await jpegDataUrl(80, 60);
    const recorded = await cast.admin.patch(`/api/scheduled-pickups/${pickup.id}/no-show`, {
      expectedStatus: 'scheduled',
      note: 'Waited at the spot for 10 minutes.',
      proofPhoto: photo,
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body.promiseStatus).toBe('no-show');
    const history = (await player.get(`/api/history/pickup/${pickup.id}`)).body as Array<{ note: string | null; photoUrl: string | null }>;
    expect(history.at(-1)!.note).toContain('Waited at the spot for 10 minutes.');
    expect(history.at(-1)!.photoUrl).toMatch(/^\/api\//);

    const again = await admins.sam.patch(`/api/scheduled-pickups/${pickup.id}/no-show`, { expectedStatus: 'scheduled' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^Already recorded as a no-show by carol at /);
    // Past the deadline nothing is credited: the promise ended as a no-show.
    await advance(30 * MINUTE);
    // The job at that instant (as its timer would run it, without waiting for the timer).
    expect(await server.runPromiseJob()).toBe(0);
    expect((await creditOf(player, 'kai')).entries).toEqual([]);
  });

  it('when the player disputes within 48 hours and the super admin upholds, then 25% is credited exactly once; a dismissal records who and why', async () => {
    const player = await signUp(server, 'lea');
    const drop = await approvedDrop(player);
    const pickup = await pickupFor(player);
    await advance(HOUR + MINUTE);
    expect(
      (await cast.admin.patch(`/api/purchase-requests/${drop.id}/no-show`, { expectedStatus: 'approved', note: 'No answer' })).status,
    ).toBe(200);
    expect((await cast.admin.patch(`/api/scheduled-pickups/${pickup.id}/no-show`, { expectedStatus: 'scheduled' })).status).toBe(200);

    // Only the owner disputes; another player learns nothing.
    const bob = await cast.bob.post('/api/disputes', { subjectType: 'purchase-request', subjectId: drop.id, reason: 'I was there' });
    expect(bob.status).toBe(404);
    expect((await cast.admin.post('/api/disputes', { subjectType: 'purchase-request', subjectId: drop.id, reason: 'x x x' })).status).toBe(
      403,
    );
    const opened = await player.post('/api/disputes', {
      subjectType: 'purchase-request',
      subjectId: drop.id,
      reason: 'I was at the spot, nobody came.',
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body).toMatchObject({ status: 'open', subjectType: 'purchase-request', subjectId: drop.id, noShowBy: 'carol' });
    const twice = await player.post('/api/disputes', { subjectType: 'purchase-request', subjectId: drop.id, reason: 'again' });
    expect(twice.status).toBe(409);
    const onPickup = await player.post('/api/disputes', { subjectType: 'pickup', subjectId: pickup.id, reason: 'I was online.' });
    expect(onPickup.status).toBe(201);
    // A pickup's dispute names its submission, whose conversation it shares; a drop's names none.
    expect(onPickup.body.submissionId).toBe(pickup.submissionId);
    expect(opened.body.submissionId).toBeNull();

    expect((await cast.admin.get('/api/admin/disputes')).status).toBe(403);
    const list = await cast.superAdmin.get('/api/admin/disputes?status=open');
    expect(list.status).toBe(200);
    expect((list.body as Array<{ id: number }>).map((d) => d.id)).toEqual(expect.arrayContaining([opened.body.id, onPickup.body.id]));

    const [first, second] = await Promise.all([
      cast.superAdmin.post(`/api/admin/disputes/${opened.body.id}/uphold`, { note: 'The log shows the player online.' }),
      cast.superAdmin.post(`/api/admin/disputes/${opened.body.id}/uphold`, {}),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.body.message).toMatch(/^Already upheld by admin at /);
    // $6.99 → 25% = $1.75, once.
    const credit = await creditOf(player, 'lea');
    expect(credit.balance).toBe(1.75);
    expect(credit.entries).toHaveLength(1);
    expect(credit.entries[0]).toMatchObject({ kind: 'missed-drop', amount: 1.75 });

    expect((await cast.superAdmin.post(`/api/admin/disputes/${onPickup.body.id}/dismiss`, {})).status).toBe(400);
    const dismissed = await cast.superAdmin.post(`/api/admin/disputes/${onPickup.body.id}/dismiss`, {
      note: 'The admin waited 10 minutes with a photo.',
    });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toMatchObject({
      status: 'dismissed',
      decidedBy: 'admin',
      decisionNote: 'The admin waited 10 minutes with a photo.',
    });
    expect((await creditOf(player, 'lea')).balance).toBe(1.75);
    const mine = (await player.get('/api/disputes')).body as Array<{ id: number; status: string }>;
    expect(mine.map((d) => d.status).sort()).toEqual(['dismissed', 'upheld']);
  });

  it('when 48 hours have passed since the no-show, then it can no longer be disputed', async () => {
    const player = await signUp(server, 'max');
    const pickup = await pickupFor(player);
    await advance(HOUR + MINUTE);
    expect((await cast.admin.patch(`/api/scheduled-pickups/${pickup.id}/no-show`, {})).status).toBe(200);
    await advance(49 * HOUR);
    const late = await player.post('/api/disputes', { subjectType: 'pickup', subjectId: pickup.id, reason: 'I was there' });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^A no-show can be disputed for 48 hours/);
  });
});

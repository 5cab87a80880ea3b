import { describe, expect, it } from 'vitest';
import { TransitionConflict } from '../../src/domain/schemas/history';
import { auditHistory, createPurchase, signUp, submitItem } from './helpers';
import { APPROVE, useDropDayServer } from './drop-day-steps';

// Drop day: every state-changing call is idempotent, and a transition another admin already made says who did it.
// Handover proof, the history and the sweep of unnamed photos are in drop-day-proof.test.ts.

const { server, cast, team, scheduledPickup } = useDropDayServer();

describe('Idempotency-Key on every state-changing call', () => {
  it('when an approval is sent twice with the same key, then the second answers the first result and nothing moves twice', async () => {
    const request = await createPurchase(cast.alice);
    const first = await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, APPROVE, { 'Idempotency-Key': 'approve-1' });
    const again = await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, APPROVE, { 'Idempotency-Key': 'approve-1' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await auditHistory(server, 'purchase_request', request.id)).map((row) => row.to)).toEqual(['pending', 'approved']);
  });

  it('when the same key comes with another body, then it answers 422 and changes nothing', async () => {
    const request = await createPurchase(cast.alice);
    expect(
      (await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, APPROVE, { 'Idempotency-Key': 'approve-2' })).status,
    ).toBe(200);
    const other = await cast.admin.patch(
      `/api/purchase-requests/${request.id}/status`,
      { status: 'rejected' },
      { 'Idempotency-Key': 'approve-2' },
    );
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: 'This Idempotency-Key was already used for a different request' });
    expect((await auditHistory(server, 'purchase_request', request.id)).map((row) => row.to)).toEqual(['pending', 'approved']);
  });

  it('when a pickup is collected, paid and a drop completed twice each with their keys, then each moves once', async () => {
    const { pickupId } = await scheduledPickup();
    for (let i = 0; i < 2; i++) {
      expect((await cast.admin.patch(`/api/scheduled-pickups/${pickupId}/complete`, {}, { 'Idempotency-Key': 'collect-3' })).status).toBe(
        200,
      );
      expect((await cast.admin.patch(`/api/scheduled-pickups/${pickupId}/paid`, {}, { 'Idempotency-Key': 'pay-3' })).status).toBe(200);
    }
    expect((await auditHistory(server, 'scheduled_pickup', pickupId)).map((row) => row.to)).toEqual(['scheduled', 'collected', 'paid']);

    const request = await createPurchase(cast.alice);
    await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, APPROVE);
    const answers = [];
    for (let i = 0; i < 2; i++)
      answers.push(await cast.admin.put(`/api/purchase-requests/${request.id}/complete`, {}, { 'Idempotency-Key': 'complete-3' }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await auditHistory(server, 'purchase_request', request.id)).map((row) => row.to)).toEqual(['pending', 'approved', 'completed']);
  });

  it('when a denial is sent twice with its key, then the second answers the first result', async () => {
    const submission = await submitItem(cast.alice);
    const first = await cast.admin.patch(
      `/api/item-submissions/${submission.id}/status`,
      { status: 'rejected' },
      { 'Idempotency-Key': 'deny-4' },
    );
    const again = await cast.admin.patch(
      `/api/item-submissions/${submission.id}/status`,
      { status: 'rejected' },
      { 'Idempotency-Key': 'deny-4' },
    );
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    expect((await auditHistory(server, 'item_submission', submission.id)).map((row) => row.to)).toEqual(['pending', 'rejected']);
  });

  it("when the super admin's promote and delete are repeated with their keys, then the repeats answer the first results", async () => {
    await signUp(server, 'erin');
    const promote = () =>
      cast.superAdmin.post('/api/admin/marketplace-users/erin/admin-status', { isAdmin: true }, { 'Idempotency-Key': 'promote-5' });
    const first = await promote();
    expect(first.status).toBe(200);
    expect((await promote()).body).toEqual(first.body);
    const remove = () => cast.superAdmin.delete('/api/admin/marketplace-users/erin', { 'Idempotency-Key': 'delete-5' });
    expect((await remove()).status).toBe(204);
    // Without the key the user is gone (404); with it, the first answer is repeated.
    expect((await remove()).status).toBe(204);
    expect((await cast.superAdmin.delete('/api/admin/marketplace-users/erin')).status).toBe(404);
  });

  it('when two users send the same key, then their calls are independent', async () => {
    const one = await createPurchase(cast.alice);
    const two = await createPurchase(cast.bob);
    expect((await cast.admin.patch(`/api/purchase-requests/${one.id}/status`, APPROVE, { 'Idempotency-Key': 'shared-6' })).status).toBe(
      200,
    );
    const other = await team.dave.patch(`/api/purchase-requests/${two.id}/status`, APPROVE, { 'Idempotency-Key': 'shared-6' });
    expect(other.status).toBe(200);
    expect(other.body.id).toBe(two.id);
  });

  it('when a key is refused (a 409), then it is not stored: the same key can succeed once the record allows it', async () => {
    const request = await createPurchase(cast.alice);
    const early = await cast.admin.put(`/api/purchase-requests/${request.id}/complete`, {}, { 'Idempotency-Key': 'complete-7' });
    expect(early.status).toBe(409);
    await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, APPROVE);
    expect((await cast.admin.put(`/api/purchase-requests/${request.id}/complete`, {}, { 'Idempotency-Key': 'complete-7' })).status).toBe(
      200,
    );
  });
});

describe('a transition another admin already made', () => {
  it('when the record is already in the target state, then 409 says who did it and when, with the present status', async () => {
    const { pickupId } = await scheduledPickup();
    expect((await team.dave.patch(`/api/scheduled-pickups/${pickupId}/complete`)).status).toBe(200);
    const late = await cast.admin.patch(`/api/scheduled-pickups/${pickupId}/complete`, {}, { 'Idempotency-Key': 'late-1' });
    expect(late.status).toBe(409);
    const body = TransitionConflict.parse(late.body);
    expect(body.message).toBe('This pickup was already collected by dave.');
    expect(body.current).toEqual({ status: 'collected', actorName: 'dave', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('when the record moved elsewhere meanwhile, then 409 names the other state and who moved it', async () => {
    const request = await createPurchase(cast.alice);
    expect((await team.dave.patch(`/api/purchase-requests/${request.id}/status`, { status: 'rejected' })).status).toBe(200);
    const late = await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, APPROVE, { 'Idempotency-Key': 'late-2' });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({
      message: "This purchase request was rejected by dave, so it can't become approved.",
      current: { status: 'rejected', actorName: 'dave', at: expect.any(String) },
    });
  });

  it('when a submission was already scheduled by another admin, then scheduling it again says so', async () => {
    const { submissionId } = await scheduledPickup();
    const again = await team.dave.post('/api/scheduled-pickups', { submissionId, scheduledDate: 'Immediately', scheduledTime: '' });
    expect(again.status).toBe(409);
    expect(again.body.current).toMatchObject({ status: 'scheduled', actorName: 'carol' });
    expect(again.body.message).toBe('This submission was already scheduled by carol.');
  });
});

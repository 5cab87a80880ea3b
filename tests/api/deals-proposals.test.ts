import { describe, expect, it } from 'vitest';
import { eventually, openSocket, queryDatabase, signUp } from './helpers';
import { creditOf, HOUR, MINUTE, proposeDropTime, purchaseOf, useDealWorld } from './deal-steps';
import { YEAR } from '../support/dates';

// Deals (issue 28), on both engines: proposals of a new time, by an admin or the player, and their answers.
// The server's clock, windows and second admin: useDealWorld (deal-steps.ts).
const { server, cast, admins, advance, approvedDrop, pickupFor } = useDealWorld();

describe('proposals', () => {
  it('when an admin proposes a new time, then the old promise stands until the player accepts; declining keeps it; the player hears of it live as "Admin"', async () => {
    const player = await signUp(server, 'noa');
    const socket = await openSocket(server, player);
    const other = await openSocket(server, cast.bob);
    const drop = await approvedDrop(player);
    const proposed = await proposeDropTime(cast.admin, drop.id);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    expect(proposed.body).toMatchObject({ status: 'open', proposedBy: 'carol', proposedByRole: 'admin', subjectType: 'purchase-request' });
    expect(proposed.body.promisedAt).toMatch(new RegExp(`^${YEAR}-03-1[45]T`));
    expect(await purchaseOf(player, 'noa', drop.id)).toMatchObject({ promisedAt: drop.promisedAt, promiseStatus: 'open' });

    await eventually(() => socket.messages.some((m) => m.type === 'PROPOSAL_UPDATE' && m.payload.id === proposed.body.id));
    expect(socket.messages.find((m) => m.type === 'PROPOSAL_UPDATE')!.payload.proposedBy).toBe('Admin');
    const waiting = (await player.get('/api/proposals')).body as Array<{ id: number; proposedBy: string }>;
    expect(waiting).toEqual([expect.objectContaining({ id: proposed.body.id, proposedBy: 'Admin' })]);
    expect((await cast.bob.get(`/api/proposals?subjectType=purchase-request&subjectId=${drop.id}`)).status).toBe(404);

    // Only the other side answers.
    expect((await admins.sam.post(`/api/proposals/${proposed.body.id}/accept`)).status).toBe(403);
    const declined = await player.post(`/api/proposals/${proposed.body.id}/decline`);
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('declined');
    expect(await purchaseOf(player, 'noa', drop.id)).toMatchObject({ promisedAt: drop.promisedAt, promiseStatus: 'open' });
    expect((await player.post(`/api/proposals/${proposed.body.id}/accept`)).status).toBe(409);
    expect(other.messages.some((m) => m.type === 'PROPOSAL_UPDATE')).toBe(false);
    socket.close();
    other.close();
  });

  it('when the player accepts in time, then the old promise ends rescheduled and the new one counts; the admin’s PATCH schedule is a proposal too', async () => {
    const player = await signUp(server, 'oli');
    const pickup = await pickupFor(player);
    const proposed = await cast.admin.patch(`/api/scheduled-pickups/${pickup.id}/schedule`, {
      scheduledDate: `3/14/${YEAR}`,
      scheduledTime: '4:30 PM',
    });
    expect(proposed.status).toBe(201);
    expect(proposed.body).toMatchObject({ subjectType: 'pickup', subjectId: pickup.id, status: 'open' });
    const accepted = await player.post(`/api/proposals/${proposed.body.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', decidedBy: 'oli' });
    const now = (
      (await player.get('/api/scheduled-pickups')).body as Array<{
        id: number;
        promisedAt: string;
        promiseStatus: string;
        scheduledDate: string;
      }>
    ).find((p) => p.id === pickup.id)!;
    expect(now).toMatchObject({ promiseStatus: 'open', scheduledDate: `3/14/${YEAR}` });
    expect(now.promisedAt).toMatch(new RegExp(`^${YEAR}-03-1[45]T`));
    const promises = await queryDatabase<{ status: string }>(
      server,
      'SELECT status FROM promises WHERE subject_type = ? AND subject_id = ? ORDER BY id',
      ['pickup', pickup.id],
    );
    expect(promises.map((p) => p.status)).toEqual(['rescheduled', 'open']);
  });

  it('when the player proposes, then an admin accepts it; the player cannot answer their own', async () => {
    const player = await signUp(server, 'pia');
    const drop = await approvedDrop(player);
    const proposed = await proposeDropTime(player, drop.id, `3/15/${YEAR}`, '1:00 PM');
    expect(proposed.status).toBe(201);
    expect(proposed.body.proposedByRole).toBe('player');
    expect((await player.post(`/api/proposals/${proposed.body.id}/accept`)).status).toBe(403);
    expect(((await cast.admin.get('/api/proposals')).body as Array<{ id: number }>).map((p) => p.id)).toContain(proposed.body.id);
    const accepted = await admins.sam.post(`/api/proposals/${proposed.body.id}/accept`);
    expect(accepted.status).toBe(200);
    expect((await purchaseOf(player, 'pia', drop.id)).scheduledDate).toBe(`3/15/${YEAR}`);
  });

  it('when the player accepts after the old deadline, then the credit already due stays, once, and the new time counts', async () => {
    const player = await signUp(server, 'quinn');
    const drop = await approvedDrop(player);
    const proposed = await proposeDropTime(cast.admin, drop.id);
    expect(proposed.status).toBe(201);
    await advance(HOUR + 20 * MINUTE);
    await eventually(async () => (await creditOf(player, 'quinn')).balance === 1.75);
    const accepted = await player.post(`/api/proposals/${proposed.body.id}/accept`);
    expect(accepted.status).toBe(200);
    const credit = await creditOf(player, 'quinn');
    expect(credit.balance).toBe(1.75);
    expect(credit.entries).toHaveLength(1);
    expect(await purchaseOf(player, 'quinn', drop.id)).toMatchObject({ promiseStatus: 'open', scheduledDate: `3/14/${YEAR}` });
    const promises = await queryDatabase<{ status: string }>(
      server,
      'SELECT status FROM promises WHERE subject_type = ? AND subject_id = ? ORDER BY id',
      ['purchase_request', drop.id],
    );
    expect(promises.map((p) => p.status)).toEqual(['missed', 'open']);
  });
});

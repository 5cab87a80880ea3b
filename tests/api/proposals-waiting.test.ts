import { describe, expect, it } from 'vitest';
import { Client, signUp, useServerWithCast } from './helpers';
import { approveDrop } from './deal-steps';
import { YEAR } from '../support/dates';

// Issue 47.6: a proposal waiting for the other side is shown on both sides' cards. GET /api/proposals answers the
// open ones the session user may answer; with include=own it also holds those their side made, still waiting.

const { server, cast } = useServerWithCast();

const approvedDrop = (player: Client) => approveDrop(cast.admin, player);
const ids = async (client: Client, query = '') => {
  const answer = await client.get(`/api/proposals${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as Array<{ id: number; proposedBy: string }>).map((p) => p.id);
};

describe('GET /api/proposals?include=own', () => {
  it("when each side proposed on a record, then each sees the other's to answer and, with include=own, its own waiting; nobody else sees either", async () => {
    const ivy = await signUp(server, 'ivy');
    const first = await approvedDrop(ivy);
    const second = await approvedDrop(ivy);
    const when = { scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM' };
    const byStore = await cast.admin.post('/api/proposals', { subjectType: 'purchase-request', subjectId: first.id, ...when });
    expect(byStore.status).toBe(201);
    const byIvy = await ivy.post('/api/proposals', { subjectType: 'purchase-request', subjectId: second.id, ...when });
    expect(byIvy.status).toBe(201);

    expect(await ids(ivy)).toEqual([byStore.body.id]);
    expect((await ids(ivy, '?include=own')).sort()).toEqual([byStore.body.id, byIvy.body.id].sort());
    expect(await ids(cast.admin)).toContain(byIvy.body.id);
    expect(await ids(cast.admin)).not.toContain(byStore.body.id);
    expect(await ids(cast.admin, '?include=own')).toEqual(expect.arrayContaining([byStore.body.id, byIvy.body.id]));
    expect(await ids(cast.bob, '?include=own')).toEqual([]);
    // The player never reads the admin's username.
    const seen = (await ivy.get('/api/proposals?include=own')).body as Array<{ id: number; proposedBy: string }>;
    expect(seen.find((p) => p.id === byStore.body.id)!.proposedBy).toBe('Admin');

    const bad = await ivy.get('/api/proposals?include=everything');
    expect(bad.status).toBe(400);
  });
});

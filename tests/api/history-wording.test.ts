import { beforeAll, describe, expect, it } from 'vitest';
import { Client, queryDatabase, signUp, submitItem, useServerWithCast } from './helpers';
import { approveDrop, proposeDropTime } from './deal-steps';

// Issue 47.8: the history a player reads names each step for what happened (a no-show, a proposal waiting for an
// answer) — never "Rescheduled" for what was not one — and never an admin's username, in the actor line or the note.
// The super admin's audit log speaks of records as the domain does ("Sell request #3"), never of tables, and never
// "approved → approved".

const HOUR = 3600_000;
const MINUTE = 60_000;
const { server, cast } = useServerWithCast({ testClock: true, promiseCheckIntervalMs: 50 });
beforeAll(async () => {
  expect((await cast.admin.post('/api/test/clock', { reset: true })).status).toBe(200);
});
const advance = async (ms: number) => expect((await cast.admin.post('/api/test/clock', { advanceMs: ms })).status).toBe(200);

interface Step {
  from: string | null;
  to: string;
  title: string;
  actorName: string;
  note: string | null;
}
const historyOf = async (client: Client, id: number) => {
  const answer = await client.get(`/api/history/purchase-request/${id}`);
  expect(answer.status).toBe(200);
  return answer.body as Step[];
};

const approvedDrop = (player: Client) => approveDrop(cast.admin, player);

describe('GET /api/history/{kind}/{id}: how the steps read', () => {
  it('when an admin proposes a time nobody answered and later records a no-show, then the player reads them as such, with no admin named', async () => {
    const player = await signUp(server, 'rae');
    const drop = await approvedDrop(player);
    const proposed = await proposeDropTime(cast.admin, drop.id);
    expect(proposed.status).toBe(201);
    await advance(HOUR + MINUTE);
    expect((await cast.admin.patch(`/api/purchase-requests/${drop.id}/no-show`, { note: 'Waited at the spot.' })).status).toBe(200);

    const steps = await historyOf(player, drop.id);
    expect(steps.map((step) => step.title)).toEqual(['Requested', 'Requested → Approved', 'New time proposed', 'No-show recorded']);
    expect(steps.map((step) => step.title)).not.toContain('Rescheduled');
    // The admin is "Admin" everywhere the player reads: the actor line and the notes.
    for (const step of steps.slice(1)) expect(step.actorName).toBe('Admin');
    expect(JSON.stringify(steps)).not.toContain('carol');
    expect(steps.at(-1)!.note).toBe('The player did not show. Waited at the spot. No store credit is owed unless a dispute is upheld.');
    // Admins see who did what.
    const asAdmin = await historyOf(cast.admin, drop.id);
    expect(asAdmin.map((step) => step.actorName)).toEqual(['rae', 'carol', 'carol', 'carol']);
    expect(asAdmin.map((step) => step.title)).toEqual(steps.map((step) => step.title));
  });

  it('when a note written before this change names the admin, then the player reads "Admin" in its place', async () => {
    const player = await signUp(server, 'sid');
    const drop = await approvedDrop(player);
    const [carol] = await queryDatabase<{ id: number }>(server, 'SELECT id FROM users WHERE username = ?', ['carol']);
    await queryDatabase(
      server,
      'INSERT INTO audit_history (subject_type, subject_id, from_status, to_status, actor_id, actor_name, at, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [
        'purchase_request',
        drop.id,
        'approved',
        'approved',
        carol!.id,
        'carol',
        new Date(Date.parse((await cast.admin.post('/api/test/clock', {})).body.now as string) + MINUTE).toISOString(),
        'The player did not show; recorded by carol. No store credit is owed unless a dispute is upheld.',
      ],
    );
    const last = (await historyOf(player, drop.id)).at(-1)!;
    expect(last).toMatchObject({
      title: 'No-show recorded',
      actorName: 'Admin',
      note: 'The player did not show; recorded by Admin. No store credit is owed unless a dispute is upheld.',
    });
    expect((await historyOf(cast.admin, drop.id)).at(-1)!.note).toContain('recorded by carol.');
  });

  it('when a dispute is upheld, then its step reads so, and the note names no admin', async () => {
    const player = await signUp(server, 'tam');
    const drop = await approvedDrop(player);
    await advance(HOUR + MINUTE);
    expect((await cast.admin.patch(`/api/purchase-requests/${drop.id}/no-show`, {})).status).toBe(200);
    const dispute = await player.post('/api/disputes', { subjectType: 'purchase-request', subjectId: drop.id, reason: 'I was there.' });
    expect(dispute.status).toBe(201);
    expect((await cast.superAdmin.post(`/api/admin/disputes/${dispute.body.id}/uphold`, { note: 'Logs agree.' })).status).toBe(200);
    const steps = await historyOf(player, drop.id);
    expect(steps.slice(-3).map((step) => step.title)).toEqual(['No-show recorded', 'No-show disputed', 'Dispute upheld']);
    expect(steps.at(-1)!.note).toMatch(/^Dispute upheld: Logs agree\. \$\d+\.\d{2} store credit was added for the no-show\.$/);
    expect(steps.at(-1)!.actorName).toBe('Admin');
  });
});

describe('GET /api/admin/audit: how the rows read', () => {
  it('when a sell request is made and a no-show recorded, then the log names the sell request and the event, never a table or "approved → approved"', async () => {
    const player = await signUp(server, 'uma');
    const submission = await submitItem(player);
    const sell = await player.post('/api/user-sell-requests', {
      itemName: 'Glock',
      category: 'weapons',
      paymentMethod: 'usd',
      submissionId: submission.id,
    });
    expect(sell.status, JSON.stringify(sell.body)).toBe(201);
    const drop = await approvedDrop(player);
    await advance(HOUR + MINUTE);
    expect((await cast.admin.patch(`/api/purchase-requests/${drop.id}/no-show`, {})).status).toBe(200);

    const log = (await cast.superAdmin.get('/api/admin/audit')).body as Array<{
      subjectType: string;
      subject: string;
      subjectId: number;
      from: string | null;
      to: string;
      title: string;
    }>;
    expect(log.some((row) => row.subjectType === 'user_sell_request')).toBe(false);
    const sellRow = log.find((row) => row.subjectType === 'sell-request' && row.subjectId === sell.body.id)!;
    expect(sellRow).toMatchObject({ subject: `Sell request #${sell.body.id}` });
    const dropRows = log.filter((row) => row.subjectType === 'purchase-request' && row.subjectId === drop.id);
    expect(dropRows.map((row) => [row.subject, row.title])).toEqual([
      [`Request #${drop.id}`, 'No-show recorded'],
      [`Request #${drop.id}`, 'Requested → Approved'],
      [`Request #${drop.id}`, 'Requested'],
    ]);
    for (const row of log) expect(row.title).not.toMatch(/^(\w+) → \1$/i);
  });
});

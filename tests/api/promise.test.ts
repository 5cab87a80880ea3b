import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { advanceClock } from '../../server/lib/time';
import { start } from '../../server/start';
import { killChild, startChildServer, type ChildServer } from '../support/child-server';
import { SUPER_ADMIN, type TestServer } from '../support/server';
import { eventually, logIn, openSocket, queryDatabase, signUp, submitItem, useServerWithCast } from './helpers';
import { YEAR } from '../support/dates';
import { AK, CART_BODY, creditOf, IMMEDIATELY, LATER, ledgerRows, PAST_DEADLINE_MS, promiseSteps, WINDOWS } from './promise-steps';

const { server, cast } = useServerWithCast({ ...WINDOWS, testClock: true });
const { serverNow, pass, pickupFor, pickupOf } = promiseSteps(server, cast);

describe('promises', () => {
  it('when a pickup is scheduled, then it answers the promised instant and an open promise', async () => {
    const player = await signUp(server, 'pat');
    const before = await serverNow();
    const pickup = await pickupFor(player);
    expect(pickup.promiseStatus).toBe('open');
    const promised = Date.parse(pickup.promisedAt);
    expect(promised).toBeGreaterThanOrEqual(before + WINDOWS.immediateWindowMs - 1000);
    expect(promised).toBeLessThanOrEqual((await serverNow()) + WINDOWS.immediateWindowMs + 1000);
    const later = await pickupFor(player, LATER);
    expect(later.promisedAt).toMatch(new RegExp(`^${YEAR}-03-1[45]T`));
  });

  it.each([
    [
      { scheduledDate: `2/30/${YEAR}`, scheduledTime: '4:30 PM' },
      `February ${YEAR} has ${new Date(Date.UTC(YEAR, 2, 0)).getUTCDate()} days`,
    ],
    [{ scheduledDate: `4/31/${YEAR}`, scheduledTime: '4:30 PM' }, `April ${YEAR} has 30 days`],
    [{ scheduledDate: '1/2/2020', scheduledTime: '9:05 AM' }, 'That time has already passed: choose a time from now on'],
  ])('when a pickup is scheduled for %j, then it answers 400: %s, and nothing is scheduled', async (schedule, message) => {
    const player = await signUp(server, `bad${message.length}${schedule.scheduledDate.replace(/\//g, '')}`);
    const submission = await submitItem(player, AK);
    const answer = await cast.admin.post('/api/scheduled-pickups', { submissionId: submission.id, ...schedule });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(answer.body.issues[0].path).toBe('scheduledDate');
    const approval = await cast.admin.patch(
      `/api/purchase-requests/${(await player.post('/api/purchase-requests', CART_BODY)).body.id}/status`,
      { status: 'approved', ...schedule },
    );
    expect(approval.status).toBe(400);
    expect(approval.body.message).toBe(message);
    const submissions = (await cast.admin.get('/api/item-submissions')).body as Array<{ id: number; status: string }>;
    expect(submissions.find((s) => s.id === submission.id)?.status).toBe('pending');
  });
});

describe('the missed-promise credit', () => {
  it('when an Immediately pickup is not collected in time, then the player is credited 25% of its payout once, told live, and its history says so', async () => {
    const player = await signUp(server, 'mia');
    const socket = await openSocket(server, player);
    const pickup = await pickupFor(player);
    await pass();
    const account = await creditOf(player, 'mia');
    expect(account.balance).toBe(0.68);
    expect(account.entries).toEqual([
      expect.objectContaining({ amount: 0.68, kind: 'missed-pickup', subjectType: 'pickup', subjectId: pickup.id, createdBy: null }),
    ]);
    await eventually(() =>
      socket.messages.some((m) => m.type === 'CREDIT_UPDATE' && m.payload.balance === 0.68 && m.payload.username === 'mia'),
    );
    expect((await pickupOf(pickup.id)).promiseStatus).toBe('missed');
    const history = (await player.get(`/api/history/pickup/${pickup.id}`)).body as Array<{ note: string | null; actorName: string }>;
    expect(history.at(-1)).toMatchObject({
      actorName: 'Blockspin Market',
      note: "The promised pickup time was missed: $0.68 store credit was added to the player's account.",
    });
    // Many more runs of the job, later still, change nothing.
    for (let run = 0; run < 3; run += 1) await pass();
    expect((await creditOf(player, 'mia')).entries).toHaveLength(1);
    // Collecting it late now is still a collection, and credits nothing more.
    expect((await cast.admin.patch(`/api/scheduled-pickups/${pickup.id}/complete`, {})).status).toBe(200);
    expect((await creditOf(player, 'mia')).balance).toBe(0.68);
    socket.close();
  });

  it('when an Immediately drop is not completed in time, then the player is credited 25% of the request total', async () => {
    const player = await signUp(server, 'dora');
    const request = (await player.post('/api/purchase-requests', CART_BODY)).body;
    const approved = await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, {
      status: 'approved',
      isImmediateSchedule: true,
    });
    expect(approved.body).toMatchObject({ promiseStatus: 'open' });
    await pass();
    const account = await creditOf(player, 'dora');
    expect(account.entries.map((e) => [e.kind, e.amount])).toEqual([['missed-drop', 1.75]]);
    const list = (await player.get('/api/user-purchase-requests/dora')).body as Array<{ id: number; promiseStatus: string }>;
    expect(list.find((r) => r.id === request.id)?.promiseStatus).toBe('missed');
  });

  it('when the pickup is collected or the drop completed in time, then the promise is kept and nothing is credited', async () => {
    const player = await signUp(server, 'kim');
    const pickup = await pickupFor(player);
    expect((await cast.admin.patch(`/api/scheduled-pickups/${pickup.id}/complete`, {})).status).toBe(200);
    const request = (await player.post('/api/purchase-requests', CART_BODY)).body;
    await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, { status: 'approved', isImmediateSchedule: true });
    const completed = await cast.admin.put(`/api/purchase-requests/${request.id}/complete`, {});
    expect(completed.body.promiseStatus).toBe('kept');
    await pass();
    expect((await pickupOf(pickup.id)).promiseStatus).toBe('kept');
    expect(await creditOf(player, 'kim')).toEqual({ balance: 0, entries: [] });
  });

  it('when an admin records a no-show before the promised time, then it is refused (400); after the deadline it is refused and the credit stands', async () => {
    const player = await signUp(server, 'nora');
    const pickup = await pickupFor(player);
    const early = await cast.admin.patch(`/api/scheduled-pickups/${pickup.id}/no-show`, {});
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/has not come yet/);
    expect((await pickupOf(pickup.id)).promiseStatus).toBe('open');

    const late = await pickupFor(player);
    await pass();
    const refused = await cast.admin.patch(`/api/scheduled-pickups/${late.id}/no-show`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "The promised pickup time has passed, so the player's store credit stands and the promise can no longer change.",
    );
    // Both promises were missed: the refused no-show left the first one open, so it is credited too.
    expect((await creditOf(player, 'nora')).balance).toBe(1.36);
  });

  it('when a pickup is rescheduled before its deadline, then the old promise ends as rescheduled and only the new one counts', async () => {
    const player = await signUp(server, 'rex');
    const pickup = await pickupFor(player);
    // The admin's reschedule is a proposal; the player's acceptance moves the promise (tests/api/deals.test.ts).
    const proposed = await cast.admin.patch(`/api/scheduled-pickups/${pickup.id}/schedule`, LATER);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const moved = await player.post(`/api/proposals/${proposed.body.id}/accept`);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const now = await pickupOf(pickup.id);
    expect(now).toMatchObject({ scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM', isImmediate: false, promiseStatus: 'open' });
    expect(now.promisedAt).not.toBe(pickup.promisedAt);
    await pass();
    expect((await creditOf(player, 'rex')).entries).toEqual([]);
    const statuses = (
      await queryDatabase<{ status: string }>(
        server,
        "SELECT status FROM promises WHERE subject_type = 'pickup' AND subject_id = ? ORDER BY id",
        [pickup.id],
      )
    ).map((row) => row.status);
    expect(statuses).toEqual(['rescheduled', 'open']);
    // A drop too.
    const request = (await player.post('/api/purchase-requests', CART_BODY)).body;
    await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, { status: 'approved', isImmediateSchedule: true });
    const dropProposal = await cast.admin.patch(`/api/purchase-requests/${request.id}/schedule`, LATER);
    expect((await player.post(`/api/proposals/${dropProposal.body.id}/accept`)).status).toBe(200);
    const drop = ((await player.get('/api/user-purchase-requests/rex')).body as Array<{ id: number }>).find((r) => r.id === request.id);
    expect(drop).toMatchObject({ scheduledDate: `3/14/${YEAR}`, isImmediateSchedule: false, promiseStatus: 'open' });
    await pass();
    expect((await creditOf(player, 'rex')).entries).toEqual([]);
  });

  it('when a rescheduled time is impossible or the player asks, then it is refused (400, 403)', async () => {
    const player = await signUp(server, 'ray');
    const pickup = await pickupFor(player, LATER);
    expect(
      (await cast.admin.patch(`/api/scheduled-pickups/${pickup.id}/schedule`, { scheduledDate: `13/1/${YEAR}`, scheduledTime: '4:30 PM' }))
        .status,
    ).toBe(400);
    expect((await player.patch(`/api/scheduled-pickups/${pickup.id}/schedule`, LATER)).status).toBe(403);
    expect((await player.patch(`/api/scheduled-pickups/${pickup.id}/no-show`, {})).status).toBe(403);
  });

  it('when an item has no catalogue price, then scheduling takes the agreed price, which the player sees and the credit uses', async () => {
    const player = await signUp(server, 'ada');
    const pickup = await pickupFor(
      player,
      { ...IMMEDIATELY, agreedPrice: 40 },
      { ps5Name: 'Regular Pot', robloxName: 'farming', quantity: 1 },
    );
    expect(pickup.agreedPrice).toBe(40);
    const own = (await player.get('/api/scheduled-pickups')).body as Array<{ id: number; agreedPrice: number | null }>;
    expect(own.find((p) => p.id === pickup.id)?.agreedPrice).toBe(40);
    await pass();
    expect((await creditOf(player, 'ada')).balance).toBe(10);
    const bad = await cast.admin.post('/api/scheduled-pickups', {
      submissionId: (await submitItem(player, AK)).id,
      ...IMMEDIATELY,
      agreedPrice: -5,
    });
    expect(bad.status).toBe(400);
  });

  it('when the server restarts after a promise was missed while it was down, and two servers run the job on the same database at once, then it is credited exactly once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'blockspin-promise-'));
    const options = {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      superAdminUsername: SUPER_ADMIN.username,
      superAdminPassword: SUPER_ADMIN.password,
      logLevel: 'silent' as const,
      staticDir: null,
      rateLimit: false,
      adminSecondFactor: 'optional' as const,
    };
    let child: Promise<ChildServer> | null = null;
    try {
      const first = await start({ ...options, ...WINDOWS, promiseCheckIntervalMs: 30_000 });
      // The second server is another process, as two servers on one SQLite file are: two connections to one file in
      // one process would block each other's only thread (server/db/sqlite.ts). It starts now (a process takes seconds
      // to start on a busy machine) and runs the job every 20 ms on its own clock, not moved yet, so nothing is due.
      child = startChildServer(dataDir, {
        SUPER_ADMIN_USERNAME: SUPER_ADMIN.username,
        SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
        TEST_CLOCK: 'true',
        IMMEDIATE_WINDOW_MINUTES: String(WINDOWS.immediateWindowMs / 60_000),
        PROMISE_GRACE_MINUTES: String(WINDOWS.promiseGraceMs / 60_000),
        PROMISE_CHECK_INTERVAL_MS: '20',
      });
      child.catch(() => {});
      const local = { ...server, url: first.url } as TestServer;
      const admin = await logIn(local, SUPER_ADMIN.username, SUPER_ADMIN.password);
      const player = await signUp(local, 'otto');
      const submission = await submitItem(player, AK);
      expect((await admin.post('/api/scheduled-pickups', { submissionId: submission.id, ...IMMEDIATELY })).status).toBe(201);
      await first.stop();
      expect(ledgerRows(dataDir)).toEqual([]);
      // Down past the deadline (no server to ask: the clock is this process's, shared by the servers it starts).
      advanceClock(PAST_DEADLINE_MS);
      const [a, b] = await Promise.all([start({ ...options, ...WINDOWS }), child]);
      try {
        // The other process's clock is moved the same way, through its test endpoint, while this one runs the job.
        const other = await logIn({ ...server, url: b.url } as TestServer, SUPER_ADMIN.username, SUPER_ADMIN.password);
        const [moved] = await Promise.all([other.post('/api/test/clock', { advanceMs: PAST_DEADLINE_MS }), a.runPromiseJob()]);
        expect(moved.status).toBe(200);
        // Both keep running the job at once until the credit is there, and a few times after.
        await expect.poll(async () => (await a.runPromiseJob(), ledgerRows(dataDir).length), { timeout: 10_000 }).toBe(1);
        for (let i = 0; i < 5; i++) await Promise.all([a.runPromiseJob(), other.post('/api/test/clock', {})]);
      } finally {
        await Promise.all([a.stop(), killChild(b)]);
      }
      const again = await start({ ...options, ...WINDOWS });
      expect(await again.runPromiseJob()).toBe(0);
      await again.stop();
      expect(ledgerRows(dataDir)).toEqual([{ kind: 'missed-pickup', cents: 68, cause: expect.stringMatching(/^promise:\d+$/) }]);
    } finally {
      if (child) await child.then(killChild, () => {});
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CART, Client, logIn, signUp } from '../api/helpers';
import { YEAR } from '../support/dates';
import { freshDatabase } from '../support/postgres';
import { SUPER_ADMIN } from '../support/server';
import { asServer, startProcess, stopProcess, type Process } from '../support/server-process';

// Issue 45.7: the limits of DESIGN §13 are counted in the database, so two processes behind one load balancer hold
// them together: one person's burst split over both is still 30 messages a minute, one proposal per side.
describe('the flood limits across two processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: Process;
  let b: Process;

  beforeAll(async () => {
    database = await freshDatabase(inject('postgresUrl'));
    a = await startProcess(database.url);
    b = await startProcess(database.url);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stopProcess));
    await database?.drop();
  });

  /** The same session on the other process. */
  const onProcess = (client: Client, proc: Process) => Object.assign(new Client(proc.url), { cookie: client.cookie });

  it('when one player sends 80 messages at once, half through each process, then 30 are stored and 50 answer 429', async () => {
    const player = await signUp(asServer(a), 'twin_flood');
    const request = (await player.post('/api/purchase-requests', CART)).body;
    const clients = [player, onProcess(player, b)];
    const path = `/api/conversations/purchase-request/${request.id}/messages`;
    const answers = await Promise.all(Array.from({ length: 80 }, (_, n) => clients[n % 2].post(path, { body: `m${n}` })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    expect((await clients[1].get(`${path}?limit=200`)).body).toHaveLength(30);
  }, 60_000);

  it('when one side proposes 10 times at once through both processes, then one proposal is open and 9 answer 409', async () => {
    const admin = await logIn(asServer(a), SUPER_ADMIN.username, SUPER_ADMIN.password);
    const player = await signUp(asServer(b), 'twin_proposer');
    const request = (await player.post('/api/purchase-requests', CART)).body;
    const approved = await admin.patch(`/api/purchase-requests/${request.id}/status`, {
      status: 'approved',
      isImmediateSchedule: true,
      expectedStatus: 'pending',
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const clients = [player, onProcess(player, a)];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        clients[n % 2].post('/api/proposals', {
          subjectType: 'purchase-request',
          subjectId: request.id,
          scheduledDate: `12/30/${YEAR}`,
          scheduledTime: `${n + 1}:00 PM`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(9).fill(409)]);
  }, 60_000);
});

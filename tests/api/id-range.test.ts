import { beforeAll, describe, expect, it } from 'vitest';
import { CART, SUBMISSION, useServerWithCast, type Cast, type Client } from './helpers';

// Ids are `integer` columns: PostgreSQL refused 2^31 and above with an error (a 500) where SQLite found nothing (issue
// 45.8). Every id a call reads, in its path, its query or its body, is checked against the column's range first.
const { server, cast } = useServerWithCast();
const PAST = '2147483648';
const HUGE = '9999999999999';
const LAST = 2_147_483_647;

type Call = [who: keyof Cast, method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: (id: string) => string, body?: (id: string) => unknown];

let requestId: number;

/** The 17 calls of the issue, and the others that read an id. */
const CALLS: Call[] = [
  ['alice', 'GET', (id) => `/api/conversations/purchase-request/${id}/messages`],
  ['alice', 'POST', (id) => `/api/conversations/purchase-request/${id}/messages`, () => ({ body: 'hello' })],
  ['alice', 'GET', (id) => `/api/conversations/purchase-request/${requestId}/messages?before=${id}`],
  ['alice', 'POST', (id) => `/api/conversations/submission/${id}/read`, () => ({ upTo: 1 })],
  ['alice', 'POST', () => `/api/conversations/purchase-request/${requestId}/read`, (id) => ({ upTo: Number(id) })],
  ['alice', 'POST', (id) => `/api/purchase-requests/${id}/cancel`],
  ['alice', 'POST', (id) => `/api/item-submissions/${id}/cancel`],
  ['alice', 'GET', (id) => `/api/history/purchase-request/${id}`],
  ['alice', 'GET', (id) => `/api/history/pickup/${id}`],
  [
    'alice',
    'POST',
    () => '/api/proposals',
    (id) => ({ subjectType: 'purchase-request', subjectId: Number(id), scheduledDate: 'Immediately' }),
  ],
  ['alice', 'GET', (id) => `/api/proposals?subjectType=pickup&subjectId=${id}`],
  ['alice', 'POST', (id) => `/api/proposals/${id}/accept`],
  ['alice', 'POST', (id) => `/api/proposals/${id}/decline`],
  ['alice', 'POST', () => '/api/disputes', (id) => ({ subjectType: 'pickup', subjectId: Number(id), reason: 'I was there' })],
  [
    'alice',
    'POST',
    () => '/api/user-sell-requests',
    (id) => ({ itemName: 'Glock', category: 'Weapons', paymentMethod: 'usd', submissionId: Number(id) }),
  ],
  ['alice', 'POST', () => '/api/inbox/read', (id) => ({ upTo: Number(id) })],
  ['superAdmin', 'POST', (id) => `/api/admin/disputes/${id}/uphold`, () => ({ note: 'ok' })],
  ['superAdmin', 'POST', (id) => `/api/admin/disputes/${id}/dismiss`, () => ({ note: 'ok' })],
  ['superAdmin', 'PATCH', (id) => `/api/purchase-requests/${id}/status`, () => ({ status: 'approved' })],
  ['superAdmin', 'PUT', (id) => `/api/purchase-requests/${id}/complete`],
  ['superAdmin', 'PATCH', (id) => `/api/purchase-requests/${id}/schedule`, () => ({ scheduledDate: 'Immediately' })],
  ['superAdmin', 'PATCH', (id) => `/api/purchase-requests/${id}/no-show`, () => ({ note: 'not there' })],
  ['superAdmin', 'PATCH', (id) => `/api/item-submissions/${id}/status`, () => ({ status: 'rejected' })],
  ['superAdmin', 'POST', () => '/api/scheduled-pickups', (id) => ({ submissionId: Number(id), scheduledDate: 'Immediately' })],
  ['superAdmin', 'PATCH', (id) => `/api/scheduled-pickups/${id}/complete`],
  ['superAdmin', 'PATCH', (id) => `/api/scheduled-pickups/${id}/paid`],
  ['superAdmin', 'PATCH', (id) => `/api/scheduled-pickups/${id}/schedule`, () => ({ scheduledDate: 'Immediately' })],
  ['superAdmin', 'PATCH', (id) => `/api/scheduled-pickups/${id}/no-show`, () => ({ note: 'not there' })],
  ['superAdmin', 'POST', (id) => `/api/admin/credits/${id}/reverse`, () => ({ reason: 'a mistake' })],
  ['superAdmin', 'GET', (id) => `/api/admin/audit?before=${id}`],
];

/** "POST /api/proposals {subjectType, subjectId, scheduledDate}": the call, and its body's fields. */
const nameOf = ([, method, path, body]: Call) =>
  `${method} ${path('{id}').replace('undefined', '{own request}')}${body ? ` {${Object.keys(body('1') as object).join(', ')}}` : ''}`;
const named = CALLS.map((call) => [nameOf(call), call] as const);

function send(client: Client, [, method, path, body]: Call, id: string) {
  return client.request(method, path(id), body ? body(id) : method === 'GET' ? undefined : {});
}

describe('ids past the column range (issue 45.8)', () => {
  beforeAll(async () => {
    const created = await cast.alice.post('/api/purchase-requests', CART);
    expect(created.status).toBe(201);
    requestId = created.body.id;
    expect((await cast.alice.post('/api/item-submissions', SUBMISSION)).status).toBe(201);
  });

  it.each(named)('when %s is called with the id 2^31, then it answers 400 with a message, not 500', async (_name, call) => {
    const answer = await send(cast[call[0]], call, PAST);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.message).toMatch(/2,147,483,647|must be/);
  });

  it.each(named)('when %s is called with a 13-digit id, then it answers 400, not 500', async (_name, call) => {
    const answer = await send(cast[call[0]], call, HUGE);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  });

  it.each(named)('when %s is called with the largest id, then it answers as for any unknown record (never 500)', async (_name, call) => {
    const answer = await send(cast[call[0]], call, String(LAST));
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    expect(answer.status).not.toBe(401);
    expect(typeof answer.body.message === 'string' || answer.status < 300).toBe(true);
  });

  it('when a known record is asked for by its id, then it is still found', async () => {
    expect((await cast.alice.get(`/api/history/purchase-request/${requestId}`)).status).toBe(200);
    expect(server.url).toMatch(/^http/);
  });
});

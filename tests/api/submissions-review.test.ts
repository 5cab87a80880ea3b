import { beforeAll, describe, expect, it } from 'vitest';
import { UserSellRequest } from '../../src/domain/schemas/submissions';
import { countRows, fetchImage as fetchAs, jpegDataUrl, submitItem, useServerWithCast } from './helpers';

// Who may see a stored photo, the review of a submission and the sell requests that link one. Submitting is in
// submissions.test.ts.

const { server, cast } = useServerWithCast();
const fetchImage = (url: string, client = cast.alice) => fetchAs(server, url, client);

describe('GET /api/images/{file}', () => {
  let imageUrl: string;
  let thumbnailUrl: string;
  beforeAll(async () => {
    ({ imageUrl, thumbnailUrl } = await submitItem(cast.bob, { imageUrl: await jpegDataUrl(30, 30) }));
  });

  it.each([
    ['the submitter', 'bob', 200],
    ['an admin', 'admin', 200],
    ['the super admin', 'superAdmin', 200],
    ['another user', 'alice', 403],
    ['a signed-out visitor', 'anonymous', 401],
  ] as const)('when %s asks, then it answers %i', async (_who, role, status) => {
    expect((await fetchImage(imageUrl, cast[role])).status).toBe(status);
    expect((await fetchImage(thumbnailUrl, cast[role])).status).toBe(status);
  });

  it('when the file is unknown or not a stored name, then it answers 404 JSON', async () => {
    for (const file of ['0123456789abcdef0123456789abcdef.jpg', '..%2Fblockspin.sqlite', 'blockspin.sqlite']) {
      const answer = await cast.admin.get(`/api/images/${file}`);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('There is no such photo');
    }
  });
});

describe('PATCH /api/item-submissions/{id}/status', () => {
  it('when a pending submission is rejected, then it and its sell requests become rejected', async () => {
    const submission = await submitItem(cast.alice);
    const sell = await cast.alice.post('/api/user-sell-requests', {
      itemName: 'Glock',
      category: 'weapons',
      paymentMethod: 'usd',
      submissionId: submission.id,
    });
    expect(sell.status).toBe(201);
    const answer = await cast.admin.patch(`/api/item-submissions/${submission.id}/status`, { status: 'rejected' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'rejected' });
    expect(typeof answer.body.rejectedAt).toBe('string');
    const mine = await cast.alice.get('/api/user-sell-requests/alice');
    expect(mine.body.find((r: { id: number }) => r.id === sell.body.id).status).toBe('rejected');
  });

  it('when the submission is already rejected, then rejecting again answers 409', async () => {
    const submission = await submitItem(cast.alice);
    await cast.admin.patch(`/api/item-submissions/${submission.id}/status`, { status: 'rejected' });
    expect((await cast.admin.patch(`/api/item-submissions/${submission.id}/status`, { status: 'rejected' })).status).toBe(409);
  });

  it('when asked to schedule or reopen a submission directly, then it answers 409', async () => {
    const submission = await submitItem(cast.alice);
    expect((await cast.admin.patch(`/api/item-submissions/${submission.id}/status`, { status: 'scheduled' })).status).toBe(409);
    expect((await cast.admin.patch(`/api/item-submissions/${submission.id}/status`, { status: 'pending' })).status).toBe(409);
  });

  // Through PATCH only pending → rejected is legal; pending → scheduled happens only by creating a pickup.
  const cases = (['pending', 'rejected', 'scheduled'] as const).flatMap((from) =>
    (['rejected', 'scheduled', 'pending'] as const).map((to) => ({ from, to, legal: from === 'pending' && to === 'rejected' })),
  );
  it.each(cases)('when the submission is $from and PATCH asks for $to, then legal=$legal', async ({ from, to, legal }) => {
    const submission = await submitItem(cast.alice);
    if (from === 'rejected') await cast.admin.patch(`/api/item-submissions/${submission.id}/status`, { status: 'rejected' });
    if (from === 'scheduled')
      await cast.admin.post('/api/scheduled-pickups', { submissionId: submission.id, scheduledDate: 'Immediately', scheduledTime: '' });
    const answer = await cast.admin.patch(`/api/item-submissions/${submission.id}/status`, { status: to });
    expect(answer.status).toBe(legal ? 200 : 409);
    const stored = (await cast.admin.get('/api/item-submissions')).body.find((s: { id: number }) => s.id === submission.id);
    expect(stored.status).toBe(legal ? to : from);
  });

  it('when the status is unknown, then it answers 400; when the id is unknown, 404', async () => {
    const submission = await submitItem(cast.alice);
    expect((await cast.admin.patch(`/api/item-submissions/${submission.id}/status`, { status: 'sold' })).status).toBe(400);
    expect((await cast.admin.patch('/api/item-submissions/424242/status', { status: 'rejected' })).status).toBe(404);
  });
});

describe('POST /api/user-sell-requests', () => {
  it('when it links the user’s own submission, then it answers 201 pending with the stored photo URL', async () => {
    const submission = await submitItem(cast.alice, { imageUrl: await jpegDataUrl(20, 20) });
    const answer = await cast.alice.post('/api/user-sell-requests', {
      username: 'bob',
      itemName: 'Glock',
      category: 'weapons',
      imageUrl: 'data:image/jpeg;base64,AAAA',
      hasMultipleQuantity: false,
      quantity: 1,
      paymentMethod: 'usd',
      status: 'pending',
      submissionId: submission.id,
    });
    expect(answer.status).toBe(201);
    expect(UserSellRequest.parse(answer.body)).toMatchObject({
      username: 'alice',
      status: 'pending',
      submissionId: submission.id,
      imageUrl: submission.imageUrl,
    });
  });

  it("when it links another user's submission, then it answers 403; an unknown one, 404", async () => {
    const submission = await submitItem(cast.bob);
    const body = { itemName: 'Glock', category: 'weapons', paymentMethod: 'usd', submissionId: submission.id };
    expect((await cast.alice.post('/api/user-sell-requests', body)).status).toBe(403);
    expect((await cast.alice.post('/api/user-sell-requests', { ...body, submissionId: 987654 })).status).toBe(404);
  });

  it.each([
    [{ itemName: 'Glock', category: 'weapons', paymentMethod: 'usd' }, 'submissionId'],
    [{ itemName: '', category: 'weapons', paymentMethod: 'usd', submissionId: 1 }, 'itemName'],
    [{ itemName: 'Glock', category: 'weapons', paymentMethod: 'usd', submissionId: 1, status: 'approved' }, 'status'],
  ])('when the body is %j, then it answers 400 at %s', async (body, issuePath) => {
    const answer = await cast.alice.post('/api/user-sell-requests', body);
    expect(answer.status).toBe(400);
    expect(answer.body.issues.map((issue: { path: string }) => issue.path)).toContain(issuePath);
  });

  it('when replayed with the same key, then one row exists', async () => {
    const submission = await submitItem(cast.alice);
    const body = { itemName: 'Glock', category: 'weapons', paymentMethod: 'usd', submissionId: submission.id };
    const before = await countRows(server, 'user_sell_requests');
    const headers = { 'Idempotency-Key': 'sell-key-1' };
    const first = await cast.alice.post('/api/user-sell-requests', body, headers);
    const second = await cast.alice.post('/api/user-sell-requests', body, headers);
    expect(second.body).toEqual(first.body);
    expect(await countRows(server, 'user_sell_requests')).toBe(before + 1);
  });
});

describe('GET /api/user-sell-requests/{username}', () => {
  it('when the user reads their own, then only theirs come back newest first', async () => {
    const answer = await cast.alice.get('/api/user-sell-requests/alice');
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(1);
    expect(answer.body.every((r: { username: string }) => r.username === 'alice')).toBe(true);
    const ids = answer.body.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

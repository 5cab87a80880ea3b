import { describe, expect, it } from 'vitest';
import { decryptFor, type FakeDevice } from '../support/push-service';
import {
  type Client,
  countRows,
  createPurchase,
  eventually,
  jpegDataUrl,
  logIn,
  openSocket,
  queryDatabase,
  signUp,
  submitItem,
  useServerWithCast,
} from './helpers';
import { subscribeDevice, usePushService } from './push-steps';

const push = usePushService();
const { server, cast } = useServerWithCast({ pushAllowHttpEndpoints: true, pushRetryBaseMs: 40 });

const thread = (subject: string, id: number) => `/api/conversations/${subject}/${id}/messages`;

const subscribe = (client: Client, name: string) => subscribeDevice(push, client, name);
/** The classic fields of each message (its Declarative Web Push twin, issue 47.10, is checked in push.test.ts). */
const payloadsOf = (device: FakeDevice) =>
  push.to(device.name).map((delivery) => {
    const {
      web_push: _marker,
      notification: _declarative,
      app_badge: _badge,
      ...fields
    } = decryptFor(device, delivery.body) as Record<string, string>;
    return fields;
  });

describe('POST and GET /api/conversations/{subject}/{id}/messages', () => {
  it('when the player and an admin write, then both read the thread oldest first with author, role, time and mine; the player sees "Admin"', async () => {
    const request = await createPurchase(cast.alice);
    const first = await cast.alice.post(thread('purchase-request', request.id), { body: 'Where do we meet?' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ authorName: 'alice', authorRole: 'player', body: 'Where do we meet?', photoUrl: null, mine: true });
    const reply = await cast.admin.post(thread('purchase-request', request.id), { body: 'Join my server: blockspin-7' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ authorName: 'carol', authorRole: 'admin', mine: true });

    const asPlayer = await cast.alice.get(thread('purchase-request', request.id));
    expect(asPlayer.status).toBe(200);
    expect(asPlayer.body.map((m: any) => [m.authorName, m.authorRole, m.body, m.mine])).toEqual([
      ['alice', 'player', 'Where do we meet?', true],
      ['Admin', 'admin', 'Join my server: blockspin-7', false],
    ]);
    expect(JSON.stringify(asPlayer.body)).not.toContain('carol');
    expect(Date.parse(asPlayer.body[0].createdAt)).toBeLessThanOrEqual(Date.parse(asPlayer.body[1].createdAt));

    const asAdmin = await cast.superAdmin.get(thread('purchase-request', request.id));
    expect(asAdmin.body.map((m: any) => [m.authorName, m.mine])).toEqual([
      ['alice', false],
      ['carol', false],
    ]);
  });

  it('when a body holds markup, links, spaces and emoji, then it comes back exactly as sent, as text', async () => {
    const request = await createPurchase(cast.alice);
    const body = '  <b>hi</b> <script>alert(1)</script>\n https://evil.example/?a=1&b=2 — 🎮 "quoted" \'single\'  ';
    const sent = await cast.alice.post(thread('purchase-request', request.id), { body });
    expect(sent.status).toBe(201);
    expect(sent.body.body).toBe(body);
    const read = await cast.admin.get(thread('purchase-request', request.id));
    expect(read.headers.get('content-type')).toContain('application/json');
    expect(read.body[0].body).toBe(body);
  });

  it('when a body is 1,000 characters it is stored; 1,001 characters, empty, blank or with neither text nor photo answers 400 and stores nothing', async () => {
    const request = await createPurchase(cast.alice);
    const path = thread('purchase-request', request.id);
    // Emoji count as one character each.
    const longest = '🎮'.repeat(1000);
    expect((await cast.alice.post(path, { body: longest })).status).toBe(201);
    const tooLong = await cast.alice.post(path, { body: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('A message is at most 1,000 characters');
    expect((await cast.alice.post(path, { body: '' })).status).toBe(400);
    expect((await cast.alice.post(path, { body: '   \n ' })).status).toBe(400);
    const nothing = await cast.alice.post(path, {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('Write a message or add a photo');
    expect((await cast.alice.post(path, { body: 'a\u0000b' })).status).toBe(400);
    const stored = await cast.alice.get(path);
    expect(stored.body).toHaveLength(1);
    expect(stored.body[0].body).toBe(longest);
  });

  it('when the same Idempotency-Key is sent twice, then one message is stored and the second answer is the first', async () => {
    const request = await createPurchase(cast.alice);
    const path = thread('purchase-request', request.id);
    const headers = { 'Idempotency-Key': 'message-key-1' };
    const [a, b] = await Promise.all([cast.alice.post(path, { body: 'Once' }, headers), cast.alice.post(path, { body: 'Once' }, headers)]);
    const again = await cast.alice.post(path, { body: 'Once' }, headers);
    expect([a.status, b.status, again.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.id, b.body.id, again.body.id]).size).toBe(1);
    expect((await cast.alice.get(path)).body).toHaveLength(1);
    expect((await cast.alice.post(path, { body: 'Other' }, headers)).status).toBe(422);
  });

  it('when a photo is sent, then it is re-encoded and served to the owner and admins only', async () => {
    const submission = await submitItem(cast.alice);
    const sent = await cast.alice.post(thread('submission', submission.id), { photo: await jpegDataUrl(1600, 1200) });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.body).toBeNull();
    expect(sent.body.photoUrl).toMatch(/^\/api\/images\/[a-f0-9]{32}\.jpg$/);
    expect(sent.body.thumbnailUrl).toMatch(/^\/api\/images\/[a-f0-9]{32}-thumb\.jpg$/);
    const own = await cast.alice.get(sent.body.photoUrl);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    expect((await cast.admin.get(sent.body.photoUrl)).status).toBe(200);
    expect((await cast.bob.get(sent.body.photoUrl)).status).toBe(403);
    const notImage = await cast.alice.post(thread('submission', submission.id), { photo: 'data:image/jpeg;base64,aGVsbG8=' });
    expect(notImage.status).toBe(415);
  });
});

describe('who may read and write a thread', () => {
  it('when another player reads or writes, then 403 and no content; an unknown deal answers 404; signed out 401', async () => {
    const request = await createPurchase(cast.alice);
    const path = thread('purchase-request', request.id);
    await cast.alice.post(path, { body: 'secret meeting place' });
    const read = await cast.bob.get(path);
    expect(read.status).toBe(403);
    expect(JSON.stringify(read.body)).not.toContain('secret');
    expect((await cast.bob.post(path, { body: 'hi' })).status).toBe(403);
    expect((await cast.bob.post(`/api/conversations/purchase-request/${request.id}/read`, { upTo: 999 })).status).toBe(403);
    expect((await cast.alice.get(thread('purchase-request', 999999))).status).toBe(404);
    expect((await cast.alice.get(thread('pickup', request.id))).status).toBe(400);
    expect((await cast.anonymous.get(path)).status).toBe(401);
    expect((await cast.alice.get(path)).body).toHaveLength(1);
  });

  it('when an admin is demoted, then the next call of the same person is refused at once', async () => {
    const request = await createPurchase(cast.alice);
    const path = thread('purchase-request', request.id);
    await signUp(server, 'dave');
    expect((await cast.superAdmin.post('/api/admin/marketplace-users/dave/admin-status', { isAdmin: true })).status).toBe(200);
    const dave = await logIn(server, 'dave');
    expect((await dave.get(path)).status).toBe(200);
    expect((await cast.superAdmin.post('/api/admin/marketplace-users/dave/admin-status', { isAdmin: false })).status).toBe(200);
    // Demotion ends the session; signing in again gives a player, who may not read someone else's thread.
    expect([401, 403]).toContain((await dave.get(path)).status);
    const again = await logIn(server, 'dave');
    expect((await again.get(path)).status).toBe(403);
    expect((await again.post(path, { body: 'still here?' })).status).toBe(403);
  });

  it('when a deal is deleted, then its thread, messages and read marks go with it', async () => {
    const request = await createPurchase(cast.alice);
    await cast.alice.post(thread('purchase-request', request.id), { body: 'about to vanish' });
    await cast.admin.post(`/api/conversations/purchase-request/${request.id}/read`, { upTo: 1_000_000 });
    const [{ id: threadId }] = await queryDatabase<{ id: number }>(server, 'SELECT id FROM conversations WHERE purchase_request_id = ?', [
      request.id,
    ]);
    expect(await countRows(server, `conversation_messages WHERE conversation_id = ${threadId}`)).toBe(1);
    await queryDatabase(server, 'DELETE FROM audit_history WHERE subject_type = ? AND subject_id = ?', ['purchase_request', request.id]);
    await queryDatabase(server, 'DELETE FROM purchase_requests WHERE id = ?', [request.id]);
    expect(await countRows(server, `conversations WHERE id = ${threadId}`)).toBe(0);
    expect(await countRows(server, `conversation_messages WHERE conversation_id = ${threadId}`)).toBe(0);
    expect(await countRows(server, `conversation_reads WHERE conversation_id = ${threadId}`)).toBe(0);
    expect((await cast.alice.get(thread('purchase-request', request.id))).status).toBe(404);
  });
});

describe('unread counts and read state', () => {
  it('when the other side writes, then it counts as unread per person and thread until read up to it', async () => {
    const eve = await signUp(server, 'eve');
    const request = await createPurchase(eve);
    const submission = await submitItem(eve);
    const before = (await cast.admin.get('/api/conversations/unread')).body.total;

    await eve.post(thread('purchase-request', request.id), { body: 'one' });
    const two = await eve.post(thread('submission', submission.id), { body: 'two' });
    await eve.post(thread('submission', submission.id), { body: 'three' });
    // The writer's own messages are never unread to them.
    expect((await eve.get('/api/conversations/unread')).body).toEqual({ total: 0, threads: [] });

    const forCarol = (await cast.admin.get('/api/conversations/unread')).body;
    expect(forCarol.total).toBe(before + 3);
    expect(forCarol.threads).toEqual(
      expect.arrayContaining([
        { subjectType: 'purchase-request', subjectId: request.id, count: 1 },
        { subjectType: 'submission', subjectId: submission.id, count: 2 },
      ]),
    );
    // Read up to the second message: one left there. Read state is per person: the super admin still has all three.
    const read = await cast.admin.post(`/api/conversations/submission/${submission.id}/read`, { upTo: two.body.id });
    expect(read.status).toBe(200);
    const after = (await cast.admin.get('/api/conversations/unread')).body;
    expect(after.threads).toContainEqual({ subjectType: 'submission', subjectId: submission.id, count: 1 });
    const superAdmin = (await cast.superAdmin.get('/api/conversations/unread')).body;
    expect(superAdmin.threads).toContainEqual({ subjectType: 'submission', subjectId: submission.id, count: 2 });
    // A read mark never moves back.
    await cast.admin.post(`/api/conversations/submission/${submission.id}/read`, { upTo: 1 });
    expect((await cast.admin.get('/api/conversations/unread')).body.threads).toContainEqual({
      subjectType: 'submission',
      subjectId: submission.id,
      count: 1,
    });

    // An admin's reply is unread to the player, and to nobody else's count.
    await cast.admin.post(thread('purchase-request', request.id), { body: 'On my way' });
    expect((await eve.get('/api/conversations/unread')).body).toEqual({
      total: 1,
      threads: [{ subjectType: 'purchase-request', subjectId: request.id, count: 1 }],
    });
    expect((await cast.bob.get('/api/conversations/unread')).body).toEqual({ total: 0, threads: [] });
    const messages = (await eve.get(thread('purchase-request', request.id))).body;
    await eve.post(`/api/conversations/purchase-request/${request.id}/read`, { upTo: messages.at(-1).id });
    expect((await eve.get('/api/conversations/unread')).body.total).toBe(0);
  });
});

describe('live and push', () => {
  it('when a message is sent, then NEW_MESSAGE reaches the owner and admins only, as each may see it', async () => {
    const fay = await signUp(server, 'fay');
    const request = await createPurchase(fay);
    const [faySocket, adminSocket, bobSocket] = await Promise.all([
      openSocket(server, fay),
      openSocket(server, cast.admin),
      openSocket(server, cast.bob),
    ]);
    try {
      const sent = await cast.admin.post(thread('purchase-request', request.id), { body: 'On my way' });
      const isMessage = (m: { type: string }) => m.type === 'NEW_MESSAGE';
      await eventually(() => faySocket.messages.some(isMessage) && adminSocket.messages.some(isMessage));
      expect(faySocket.messages.find(isMessage)!.payload).toEqual({
        subjectType: 'purchase-request',
        subjectId: request.id,
        message: expect.objectContaining({ id: sent.body.id, authorName: 'Admin', authorRole: 'admin', body: 'On my way', mine: false }),
      });
      expect(adminSocket.messages.find(isMessage)!.payload.message).toMatchObject({ authorName: 'carol', body: 'On my way' });
      // A marker bob does hear: messages reach his socket in order, so the message would have come first.
      const marker = await submitItem(cast.bob);
      await eventually(() => bobSocket.messages.some((m) => m.type === 'NEW_ITEM_SUBMISSION' && m.payload.id === marker.id));
      expect(bobSocket.messages.filter(isMessage)).toHaveLength(0);
    } finally {
      faySocket.close();
      adminSocket.close();
      bobSocket.close();
    }
  });

  it("when an admin writes, then the player's devices get the first words; when the player writes, then the admins' do", async () => {
    const gus = await signUp(server, 'gus');
    const gusPhone = await subscribe(gus, 'gus-phone');
    const adminTablet = await subscribe(cast.admin, 'carol-tablet');
    const bobPhone = await subscribe(cast.bob, 'bob-phone');
    const request = await createPurchase(gus);
    await eventually(() => push.to(adminTablet.name).length >= 1); // the new request itself

    await cast.admin.post(thread('purchase-request', request.id), { body: 'Join my server:   blockspin-7 and wait at the gas station' });
    await eventually(() => push.to(gusPhone.name).length >= 1);
    expect(payloadsOf(gusPhone)[0]).toEqual({
      title: `Admin about your request #${request.id}`,
      body: 'Join my server: blockspin-7 and wait at the gas station',
      url: `/my-activity?tab=buy&thread=${request.id}`,
      tag: `message-purchase-${request.id}`,
    });

    await gus.post(thread('purchase-request', request.id), { body: 'x '.repeat(400) });
    await eventually(() => push.to(adminTablet.name).length >= 2);
    const toAdmin = payloadsOf(adminTablet)[1];
    expect(toAdmin.title).toBe(`Message about request #${request.id}`);
    expect(toAdmin.body.length).toBeLessThanOrEqual(140);
    expect(toAdmin.body.endsWith('…')).toBe(true);
    expect(toAdmin.url).toBe('/admin/pending');
    // The writer is not notified of their own message, and nobody else hears of it: markers their devices do get,
    // sent after it, arrive; the message would have been queued before them.
    const bobsRequest = await createPurchase(cast.bob);
    await cast.admin.post(thread('purchase-request', request.id), { body: 'Marker for gus' });
    await cast.admin.post(thread('purchase-request', bobsRequest.id), { body: 'Marker for bob' });
    await eventually(() => push.to(gusPhone.name).length >= 2 && push.to(bobPhone.name).length >= 1);
    expect(payloadsOf(gusPhone).map((payload) => payload.body)).toEqual([
      'Join my server: blockspin-7 and wait at the gas station',
      'Marker for gus',
    ]);
    expect(payloadsOf(bobPhone).map((payload) => payload.body)).toEqual(['Marker for bob']);
  });
});

describe('quick replies', () => {
  it('when nothing was edited, then admins get the defaults; the super admin replaces them; players and admins may not', async () => {
    expect((await cast.admin.get('/api/conversations/quick-replies')).body).toEqual(['On my way', "I'm at the spot", 'Join my server: …']);
    expect((await cast.alice.get('/api/conversations/quick-replies')).status).toBe(403);
    expect((await cast.admin.put('/api/admin/quick-replies', { replies: ['x'] })).status).toBe(403);
    const tooLong = await cast.superAdmin.put('/api/admin/quick-replies', { replies: ['x'.repeat(201)] });
    expect(tooLong.status).toBe(400);
    const put = await cast.superAdmin.put('/api/admin/quick-replies', { replies: [' Two minutes ', 'Drop is done'] });
    expect(put.status).toBe(200);
    expect((await cast.admin.get('/api/conversations/quick-replies')).body).toEqual(['Two minutes', 'Drop is done']);
  });
});

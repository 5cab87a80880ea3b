import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { History, TransitionConflict } from '../../src/domain/schemas/history';
import { startTestServer, type TestServer } from '../support/server';
import {
  auditHistory,
  Client,
  createCast,
  createPurchase,
  jpegDataUrl,
  logIn,
  queryDatabase,
  signUp,
  submitItem,
  useServerWithCast,
} from './helpers';
import { YEAR } from '../support/dates';

const { server, cast } = useServerWithCast();
let dave: Client;
beforeAll(async () => {
  // A second admin, to act on the same records as the first.
  await signUp(server, 'dave');
  expect((await cast.superAdmin.post('/api/admin/marketplace-users/dave/admin-status', { isAdmin: true })).status).toBe(200);
  dave = await logIn(server, 'dave');
});

const APPROVE = { status: 'approved', scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM' };

async function scheduledPickup(player = cast.alice) {
  const submission = await submitItem(player);
  const created = await cast.admin.post('/api/scheduled-pickups', {
    submissionId: submission.id,
    scheduledDate: `3/14/${YEAR}`,
    scheduledTime: '4:30 PM',
  });
  expect(created.status).toBe(201);
  return { submissionId: submission.id as number, pickupId: created.body.id as number };
}

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
    const other = await dave.patch(`/api/purchase-requests/${two.id}/status`, APPROVE, { 'Idempotency-Key': 'shared-6' });
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
    expect((await dave.patch(`/api/scheduled-pickups/${pickupId}/complete`)).status).toBe(200);
    const late = await cast.admin.patch(`/api/scheduled-pickups/${pickupId}/complete`, {}, { 'Idempotency-Key': 'late-1' });
    expect(late.status).toBe(409);
    const body = TransitionConflict.parse(late.body);
    expect(body.message).toBe('This pickup was already collected by dave.');
    expect(body.current).toEqual({ status: 'collected', actorName: 'dave', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('when the record moved elsewhere meanwhile, then 409 names the other state and who moved it', async () => {
    const request = await createPurchase(cast.alice);
    expect((await dave.patch(`/api/purchase-requests/${request.id}/status`, { status: 'rejected' })).status).toBe(200);
    const late = await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, APPROVE, { 'Idempotency-Key': 'late-2' });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({
      message: "This purchase request was rejected by dave, so it can't become approved.",
      current: { status: 'rejected', actorName: 'dave', at: expect.any(String) },
    });
  });

  it('when a submission was already scheduled by another admin, then scheduling it again says so', async () => {
    const { submissionId } = await scheduledPickup();
    const again = await dave.post('/api/scheduled-pickups', { submissionId, scheduledDate: 'Immediately', scheduledTime: '' });
    expect(again.status).toBe(409);
    expect(again.body.current).toMatchObject({ status: 'scheduled', actorName: 'carol' });
    expect(again.body.message).toBe('This submission was already scheduled by carol.');
  });
});

describe('handover proof', () => {
  async function exifPhoto() {
    return jpegDataUrl(2400, 1800, { exif: { IFD0: { Make: 'SecretPhone' }, GPS: { GPSLatitudeRef: 'N' } } as never });
  }

  it('when a pickup is collected with a photo and a note, then the history shows them and the photo is upright, within 1200×900, without metadata', async () => {
    const { submissionId, pickupId } = await scheduledPickup();
    const answer = await cast.admin.patch(`/api/scheduled-pickups/${pickupId}/complete`, {
      proofPhoto: await exifPhoto(),
      note: 'Handed over at the fountain',
    });
    expect(answer.status).toBe(200);
    const history = History.parse((await cast.admin.get(`/api/history/pickup/${pickupId}`)).body);
    const collected = history.find((entry) => entry.to === 'collected')!;
    expect(collected).toMatchObject({ from: 'scheduled', actorName: 'carol', note: 'Handed over at the fountain' });
    expect(collected.photoUrl).toMatch(/^\/api\/images\/[a-f0-9]{32}\.jpg$/);
    const photo = await fetch(server.url + collected.photoUrl!, { headers: { cookie: cast.admin.cookie! } });
    expect(photo.status).toBe(200);
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width! <= 1200 && meta.height! <= 900).toBe(true);
    expect(meta.exif).toBeUndefined();
    // The player whose item it is sees it too; another player does not.
    expect((await fetch(server.url + collected.photoUrl!, { headers: { cookie: cast.alice.cookie! } })).status).toBe(200);
    expect((await fetch(server.url + collected.photoUrl!, { headers: { cookie: cast.bob.cookie! } })).status).toBe(403);
    // The submission's timeline carries the pickup's steps.
    const ofSubmission = History.parse((await cast.alice.get(`/api/history/submission/${submissionId}`)).body);
    expect(ofSubmission.map((entry) => entry.to)).toEqual(['pending', 'scheduled', 'scheduled', 'collected']);
  });

  it('when a drop is completed with a photo, then its history has it and only admins and the requester may fetch it', async () => {
    const request = await createPurchase(cast.alice);
    await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, APPROVE);
    expect(
      (await cast.admin.put(`/api/purchase-requests/${request.id}/complete`, { proofPhoto: await jpegDataUrl(320, 240) })).status,
    ).toBe(200);
    const history = History.parse((await cast.alice.get(`/api/history/purchase-request/${request.id}`)).body);
    const completed = history.at(-1)!;
    expect(completed).toMatchObject({ from: 'approved', to: 'completed', actorName: 'Admin' });
    expect((await fetch(server.url + completed.photoUrl!, { headers: { cookie: cast.alice.cookie! } })).status).toBe(200);
    expect((await fetch(server.url + completed.thumbnailUrl!, { headers: { cookie: cast.bob.cookie! } })).status).toBe(403);
  });

  it('when the proof is not an image, then 415 and the pickup stays scheduled; when it is too large, 413', async () => {
    const { pickupId } = await scheduledPickup();
    const bad = await cast.admin.patch(`/api/scheduled-pickups/${pickupId}/complete`, {
      proofPhoto: `data:image/jpeg;base64,${Buffer.from('not a picture at all').toString('base64')}`,
    });
    expect(bad.status).toBe(415);
    const huge = await cast.admin.patch(`/api/scheduled-pickups/${pickupId}/complete`, {
      proofPhoto: `data:image/jpeg;base64,${'A'.repeat(8_100_000)}`,
    });
    expect(huge.status).toBe(413);
    expect((await auditHistory(server, 'scheduled_pickup', pickupId)).map((row) => row.to)).toEqual(['scheduled']);
  });
});

describe('GET /api/history/{subject}/{id}', () => {
  it('when the owner asks, then admins are named "Admin" and the player their own name; admins see names', async () => {
    const request = await createPurchase(cast.alice);
    await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, APPROVE);
    const mine = (await cast.alice.get(`/api/history/purchase-request/${request.id}`)).body;
    expect(mine.map((entry: { actorName: string; to: string }) => [entry.to, entry.actorName])).toEqual([
      ['pending', 'alice'],
      ['approved', 'Admin'],
    ]);
    const admins = (await dave.get(`/api/history/purchase-request/${request.id}`)).body;
    expect(admins.map((entry: { actorName: string }) => entry.actorName)).toEqual(['alice', 'carol']);
  });

  it('when another player or nobody asks, then 403 and 401; an unknown record or subject, 404 and 400', async () => {
    const request = await createPurchase(cast.alice);
    expect((await cast.bob.get(`/api/history/purchase-request/${request.id}`)).status).toBe(403);
    expect((await cast.anonymous.get(`/api/history/purchase-request/${request.id}`)).status).toBe(401);
    expect((await cast.admin.get('/api/history/pickup/999999')).status).toBe(404);
    expect((await cast.admin.get(`/api/history/order/${request.id}`)).status).toBe(400);
  });
});

/** Stores a photo as an interrupted upload would leave it, named by no record (a file, or a row on PostgreSQL). */
async function storeUnnamedPhoto(server: TestServer): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.jpg`;
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .jpeg()
    .toBuffer();
  if (server.databaseUrl) {
    await queryDatabase(server, 'INSERT INTO stored_images (name, content_type, bytes, created_at) VALUES (?, ?, ?, ?)', [
      name,
      'image/jpeg',
      bytes,
      Date.now() - 60_000,
    ]);
  } else {
    writeFileSync(path.join(server.dataDir, 'images', name), bytes);
  }
  return name;
}

async function isStored(server: TestServer, name: string): Promise<boolean> {
  if (!server.databaseUrl) return existsSync(path.join(server.dataDir, 'images', name));
  return (await queryDatabase(server, 'SELECT name FROM stored_images WHERE name = ?', [name])).length > 0;
}

describe('the sweep of unnamed photos', () => {
  it('when the sweep runs every 50 ms with no minimum age, then sell photos and handover proofs stay, because records name them', async () => {
    const busy = await startTestServer({ orphanImageMinAgeMs: 1, orphanSweepIntervalMs: 50 });
    try {
      const local = await createCast(busy);
      const submission = await submitItem(local.alice, { imageUrl: await jpegDataUrl(320, 240) });
      const pickup = await local.admin.post('/api/scheduled-pickups', {
        submissionId: submission.id,
        scheduledDate: 'Immediately',
        scheduledTime: '',
      });
      await local.admin.patch(`/api/scheduled-pickups/${pickup.body.id}/complete`, { proofPhoto: await jpegDataUrl(320, 240) });
      const proof = History.parse((await local.admin.get(`/api/history/pickup/${pickup.body.id}`)).body).at(-1)!;
      // A photo no record names, stored after all of them: once a sweep has deleted it, a whole sweep has looked at
      // every photo above.
      const canary = await storeUnnamedPhoto(busy);
      await expect.poll(() => isStored(busy, canary), { timeout: 10_000 }).toBe(false);
      for (const url of [submission.imageUrl, submission.thumbnailUrl, proof.photoUrl, proof.thumbnailUrl]) {
        expect((await local.admin.get(url)).status).toBe(200);
      }
    } finally {
      await busy.close();
    }
  });
});

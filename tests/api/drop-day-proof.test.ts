import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { History } from '../../src/domain/schemas/history';
import { startTestServer, type TestServer } from '../support/server';
import { auditHistory, createCast, createPurchase, jpegDataUrl, queryDatabase, submitItem } from './helpers';
import { APPROVE, useDropDayServer } from './drop-day-steps';

// Drop day: handover proof, the history of a record and the sweep of unnamed photos. Idempotency and transitions
// another admin made are in drop-day.test.ts.

const { server, cast, team, scheduledPickup } = useDropDayServer();

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
    const admins = (await team.dave.get(`/api/history/purchase-request/${request.id}`)).body;
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

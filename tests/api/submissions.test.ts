import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ItemSubmission } from '../../src/domain/schemas/submissions';
import { countRows, fetchImage as fetchAs, jpegDataUrl, SUBMISSION, submitItem, useServerWithCast } from './helpers';

// Submitting an item (and its photo) and the admins' list. The photos' access, the review and the sell requests are in
// submissions-review.test.ts.

const { server, cast } = useServerWithCast();
const fetchImage = (url: string, client = cast.alice) => fetchAs(server, url, client);

describe('POST /api/item-submissions', () => {
  it('when the body is valid, then it answers 201 with the session user as submitter', async () => {
    const answer = await cast.alice.post('/api/item-submissions', { ...SUBMISSION, submittedBy: 'bob' });
    expect(answer.status).toBe(201);
    expect(ItemSubmission.parse(answer.body)).toMatchObject({
      submittedBy: 'alice',
      status: 'pending',
      imageUrl: null,
      quantity: 1,
      paymentMethod: 'usd',
    });
  });

  it('when robloxName and quantity are left out, then they default to Item and 1', async () => {
    const answer = await cast.alice.post('/api/item-submissions', { ps5Name: 'Axe', paymentMethod: 'blockspin' });
    expect(answer.body).toMatchObject({ robloxName: 'Item', quantity: 1, hasMultipleQuantity: false });
  });

  // Issue 30 item 4: the server holds the sell screen's cash rules.
  it.each([
    [
      'paid in Blockspin',
      { ps5Name: '50,000 Blockspin ($0.75 USD)', paymentMethod: 'blockspin', quantity: 1 },
      'Blockspin cash is paid out in USD only',
    ],
    ['paying $0.00', { ps5Name: '100 Blockspin ($0.00 USD)', paymentMethod: 'usd', quantity: 1 }, 'Sell at least 334 Blockspin'],
    [
      'above the cap',
      { ps5Name: '999,999,999,999 Blockspin ($15,000,000.00 USD)', paymentMethod: 'usd', quantity: 1 },
      'at most 100,000,000',
    ],
    [
      'above the cap by quantity',
      { ps5Name: '60,000,000 Blockspin ($900.00 USD)', paymentMethod: 'usd', quantity: 2 },
      'at most 100,000,000',
    ],
  ])('when Blockspin cash is sold %s, then it answers 400 with the reason and stores nothing', async (_label, body, reason) => {
    const before = await countRows(server, 'item_submissions');
    const answer = await cast.alice.post('/api/item-submissions', { ...body, robloxName: 'cash' });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([expect.objectContaining({ path: 'ps5Name', message: expect.stringContaining(reason) })]);
    expect(await countRows(server, 'item_submissions')).toBe(before);
  });

  it('when Blockspin cash within the limits is sold for USD, then it answers 201', async () => {
    const answer = await cast.alice.post('/api/item-submissions', {
      ps5Name: '50,000 Blockspin ($0.75 USD)',
      robloxName: 'cash',
      paymentMethod: 'usd',
      quantity: 2,
    });
    expect(answer.status).toBe(201);
  });

  it.each([
    [{ ...SUBMISSION, ps5Name: '' }, 'ps5Name'],
    [{ ...SUBMISSION, paymentMethod: 'bitcoin' }, 'paymentMethod'],
    [{ ...SUBMISSION, quantity: 0 }, 'quantity'],
    [{ ...SUBMISSION, imageUrl: 'https://example.com/a.jpg' }, 'imageUrl'],
  ])('when the body is %j, then it answers 400 at %s', async (body, issuePath) => {
    const answer = await cast.alice.post('/api/item-submissions', body);
    expect(answer.status).toBe(400);
    expect(answer.body.issues.map((issue: { path: string }) => issue.path)).toContain(issuePath);
  });

  it('when the item name is longer than 60 characters, then it answers 400 saying so; 60 is accepted', async () => {
    const refused = await cast.alice.post('/api/item-submissions', { ...SUBMISSION, ps5Name: 'L'.repeat(61) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The item name must be at most 60 characters');
    expect(refused.body.issues).toEqual([{ path: 'ps5Name', message: 'The item name must be at most 60 characters' }]);
    const accepted = await cast.alice.post('/api/item-submissions', { ...SUBMISSION, ps5Name: ` ${'L'.repeat(60)} ` });
    expect(accepted.status).toBe(201);
    expect(accepted.body.ps5Name).toBe('L'.repeat(60));
    const sellRequest = await cast.alice.post('/api/user-sell-requests', {
      itemName: 'L'.repeat(61),
      category: 'other',
      paymentMethod: 'usd',
      submissionId: accepted.body.id,
    });
    expect(sellRequest.status).toBe(400);
    expect(sellRequest.body.message).toBe('The item name must be at most 60 characters');
  });

  it('when the quantity is above the maximum, then it answers 400 naming the maximum', async () => {
    const answer = await cast.alice.post('/api/item-submissions', { ...SUBMISSION, quantity: 99_999_999 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Quantity must be at most 1,000,000');
  });

  it('when a photo is sent, then it is stored as a JPEG within 1200×900 with a thumbnail, and the answer carries URLs', async () => {
    const submission = await submitItem(cast.alice, { imageUrl: await jpegDataUrl(3000, 1000) });
    expect(submission.imageUrl).toMatch(/^\/api\/images\/[a-f0-9]{32}\.jpg$/);
    expect(submission.thumbnailUrl).toMatch(/^\/api\/images\/[a-f0-9]{32}-thumb\.jpg$/);
    const image = await fetchImage(submission.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('private, no-cache');
    const meta = await sharp(image.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 400 });
    const thumb = await sharp((await fetchImage(submission.thumbnailUrl)).bytes).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBe(320);
  });

  it("when a photo is viewed again, then the browser's question is answered 304 without the image, for its viewers only", async () => {
    const submission = await submitItem(cast.alice, { imageUrl: await jpegDataUrl(800, 600) });
    const first = await fetchImage(submission.imageUrl);
    const etag = first.headers.get('etag');
    expect(etag).toBe(`"${submission.imageUrl.split('/').pop()}"`);
    const again = await fetch(server.url + submission.imageUrl, { headers: { cookie: cast.alice.cookie!, 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    // Another player asking with the same ETag is still refused: the check of who asks comes first.
    const other = await fetch(server.url + submission.imageUrl, { headers: { cookie: cast.bob.cookie!, 'if-none-match': etag! } });
    expect(other.status).toBe(403);
    // A different photo's ETag gets the image.
    const stale = await fetch(server.url + submission.imageUrl, { headers: { cookie: cast.alice.cookie!, 'if-none-match': '"0.jpg"' } });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(first.bytes.length);
  });

  it('when a portrait photo is sent, then it fits 900 tall', async () => {
    const submission = await submitItem(cast.alice, { imageUrl: await jpegDataUrl(1000, 2000) });
    const meta = await sharp((await fetchImage(submission.imageUrl)).bytes).metadata();
    expect(meta).toMatchObject({ width: 450, height: 900 });
  });

  it('when the photo carries EXIF with GPS and an orientation, then the stored file has no metadata and is upright', async () => {
    const dataUrl = await jpegDataUrl(200, 100, {
      exif: { IFD0: { Make: 'SpyCam', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } },
      orientation: 6,
    });
    const sent = await sharp(Buffer.from(dataUrl.split(',')[1], 'base64')).metadata();
    expect(sent.exif).toBeDefined();
    expect(sent.orientation).toBe(6);
    const submission = await submitItem(cast.alice, { imageUrl: dataUrl });
    const stored = await sharp((await fetchImage(submission.imageUrl)).bytes).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    // Orientation 6 is a quarter turn: the 200×100 picture stands upright as 100×200.
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 100, height: 200 });
  });

  it('when a PNG is sent, then it is accepted and re-encoded as JPEG', async () => {
    const png = await sharp({ create: { width: 50, height: 50, channels: 4, background: '#00ff00' } })
      .png()
      .toBuffer();
    const submission = await submitItem(cast.alice, { imageUrl: `data:image/png;base64,${png.toString('base64')}` });
    expect((await sharp((await fetchImage(submission.imageUrl)).bytes).metadata()).format).toBe('jpeg');
  });

  it('when the photo is not an image, then it answers 415 and stores nothing', async () => {
    const before = await countRows(server, 'item_submissions');
    const answer = await cast.alice.post('/api/item-submissions', {
      ...SUBMISSION,
      imageUrl: `data:image/jpeg;base64,${Buffer.from('<html>not a picture</html>').toString('base64')}`,
    });
    expect(answer.status).toBe(415);
    expect(answer.body.message).toBe('The photo must be a JPEG, PNG or WebP image');
    expect(await countRows(server, 'item_submissions')).toBe(before);
  });

  it('when the photo has JPEG magic bytes but is broken, then it answers 415', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const answer = await cast.alice.post('/api/item-submissions', {
      ...SUBMISSION,
      imageUrl: `data:image/jpeg;base64,${broken.toString('base64')}`,
    });
    expect(answer.status).toBe(415);
    expect(answer.body.message).toBe('The photo could not be read. Please use a JPEG, PNG or WebP image');
  });

  it('when the photo is over the size cap, then it answers 413', async () => {
    const answer = await cast.alice.post('/api/item-submissions', {
      ...SUBMISSION,
      imageUrl: `data:image/jpeg;base64,${'A'.repeat(8_500_000)}`,
    });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('The photo is too large (at most 6 MB)');
  });

  it('when the body is over the 10 MB limit, then it answers 413 JSON', async () => {
    const answer = await cast.alice.post('/api/item-submissions', {
      ...SUBMISSION,
      imageUrl: `data:image/jpeg;base64,${'A'.repeat(11_000_000)}`,
    });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('The photo is too large (at most 6 MB)');
  });

  it('when another call gets a body over 100 kB, then it answers 413', async () => {
    const answer = await cast.alice.put('/api/marketplace/contact/alice', { contactEmail: 'a@b.co', robloxUsername: 'x'.repeat(120_000) });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('The request body is too large');
  });

  it('when the same Idempotency-Key is replayed, then one row exists and the same answer comes back', async () => {
    const before = await countRows(server, 'item_submissions');
    const body = { ...SUBMISSION, imageUrl: await jpegDataUrl(40, 40) };
    const headers = { 'Idempotency-Key': 'submission-key-1' };
    const first = await cast.alice.post('/api/item-submissions', body, headers);
    const second = await cast.alice.post('/api/item-submissions', body, headers);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await countRows(server, 'item_submissions')).toBe(before + 1);
    const changed = await cast.alice.post('/api/item-submissions', { ...body, quantity: 2 }, headers);
    expect(changed.status).toBe(422);
  });
});

describe('GET /api/item-submissions', () => {
  it('when an admin lists, then all come newest first with URLs and never image bytes', async () => {
    const answer = await cast.admin.get('/api/item-submissions?cache_bust=123');
    expect(answer.status).toBe(200);
    const ids = answer.body.map((s: { id: number }) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(JSON.stringify(answer.body)).not.toContain('base64');
    expect(answer.body.some((s: { imageUrl: string | null }) => s.imageUrl?.startsWith('/api/images/'))).toBe(true);
  });
});

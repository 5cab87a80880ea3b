import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL_MESSAGE } from '../../server/lib/error-handler';
import { killChild, startChildServer } from '../support/child-server';
import { onPostgres, startTestServer, type TestServer } from '../support/server';
import { CART, Client, jpegDataUrl, logIn, signUp, SUBMISSION } from './helpers';
import Database from 'better-sqlite3';

// Faults of storage: the server killed during uploads, and a full disk. Faults from outside are in faults.test.ts.

function namedFiles(dataDir: string): Set<string> {
  const db = new Database(path.join(dataDir, 'blockspin.sqlite'), { readonly: true });
  try {
    const rows = db.prepare('SELECT image_file, thumbnail_file FROM item_submissions').all() as Array<{
      image_file: string | null;
      thumbnail_file: string | null;
    }>;
    return new Set(rows.flatMap((row) => [row.image_file, row.thumbnail_file]).filter((file): file is string => !!file));
  } finally {
    db.close();
  }
}

describe('stored photos no record names', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blockspin-orphans-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('when the server is killed with SIGKILL during 20 uploads, then after a restart every stored photo is named by a record and every record’s photo exists', async () => {
    const first = await startChildServer(dataDir, { PHOTO_CONCURRENCY: '20' });
    const client = await signUp(first, 'orphan_user', 'abcdefgh');
    const photo = await jpegDataUrl(2400, 1800);
    let answered = 0;
    const uploads = Array.from({ length: 20 }, (_, i) =>
      client
        .post('/api/item-submissions', { ...SUBMISSION, ps5Name: `Item ${i}`, imageUrl: photo }, { 'Idempotency-Key': `orphan-${i}` })
        .then(
          () => {
            answered += 1;
            if (answered === 3) first.child.kill('SIGKILL');
          },
          () => {},
        ),
    );
    await Promise.all(uploads);
    await killChild(first);

    // What a crash can leave besides: a stored-name file no record names and a half-written temporary file, both
    // old; and one just written (an upload in flight), which must be left alone.
    const images = path.join(dataDir, 'images');
    const old = (Date.now() - 60 * 60 * 1000) / 1000;
    writeFileSync(path.join(images, `${'a'.repeat(32)}.jpg`), 'orphan');
    writeFileSync(path.join(images, `${'b'.repeat(32)}.jpg.partial-0123abcd`), 'half');
    utimesSync(path.join(images, `${'a'.repeat(32)}.jpg`), old, old);
    utimesSync(path.join(images, `${'b'.repeat(32)}.jpg.partial-0123abcd`), old, old);
    writeFileSync(path.join(images, `${'c'.repeat(32)}.jpg`), 'in flight');
    for (const file of readdirSync(images)) if (!file.startsWith('c')) utimesSync(path.join(images, file), old, old);

    const second = await startChildServer(dataDir, { ORPHAN_IMAGE_MIN_AGE_MINUTES: '5' });
    try {
      const named = namedFiles(dataDir);
      const stored = readdirSync(images);
      expect(stored.filter((file) => !named.has(file))).toEqual([`${'c'.repeat(32)}.jpg`]);
      for (const file of named) expect(existsSync(path.join(images, file))).toBe(true);
      // The records that survived still serve their photos.
      const admin = await logIn(second, 'admin', 'child-admin-pass');
      const submissions = (await admin.get('/api/item-submissions')).body as Array<{ imageUrl: string | null }>;
      for (const submission of submissions.filter((s) => s.imageUrl)) expect((await admin.get(submission.imageUrl!)).status).toBe(200);
    } finally {
      await killChild(second);
    }
  }, 120_000);
});

/** Mounts a tmpfs of `size` at a new folder; null where this machine does not allow it. */
function mountSmallDisk(size: string): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'blockspin-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

// SQLite's file lives on this disk; PostgreSQL keeps its data elsewhere, so the case is SQLite's alone.
const smallDisk = process.platform === 'linux' && !onPostgres() ? mountSmallDisk('3m') : null;

describe.skipIf(!smallDisk)('a full disk (a 3 MB tmpfs as DATA_DIR)', () => {
  let server: TestServer;
  const filler = () => path.join(smallDisk!, 'filler');

  beforeAll(async () => {
    server = await startTestServer({ dataDir: smallDisk! });
  });
  afterAll(async () => {
    await server.close();
    execFileSync('umount', [smallDisk!]);
    rmSync(smallDisk!, { recursive: true, force: true });
  });

  it('when the disk fills up, then writes answer 507 with a message, reads still work, no partial photo stays, and freeing space brings everything back without a restart', async () => {
    const alice = await signUp(server, 'disk_alice');
    const first = await alice.post('/api/purchase-requests', CART, { 'Idempotency-Key': 'before-full' });
    expect(first.status).toBe(201);
    const photo = await jpegDataUrl(1600, 1200);

    // Fill every byte that is left.
    mkdirSync(path.dirname(filler()), { recursive: true });
    try {
      writeFileSync(filler(), Buffer.alloc(4 * 1024 * 1024));
    } catch {
      // ENOSPC: the disk is now full, which is the point
    }
    const upload = await alice.post('/api/item-submissions', { ...SUBMISSION, imageUrl: photo }, { 'Idempotency-Key': 'upload-full' });
    const attempts = [
      upload,
      ...(await Promise.all(
        Array.from({ length: 30 }, (_, i) => alice.post('/api/purchase-requests', CART, { 'Idempotency-Key': `purchase-full-${i}` })),
      )),
      await new Client(server.url).post('/api/marketplace/signup', { username: 'disk_bob', password: 'abcdefgh' }),
      await new Client(server.url).post('/api/marketplace/login', { username: 'disk_alice', password: 'password-123' }),
    ];
    expect(attempts.every((answer) => answer.status !== 500)).toBe(true);
    expect(upload.status).toBe(507);
    expect(upload.body).toEqual({ message: STORAGE_FULL_MESSAGE });
    expect(attempts.some((answer, i) => i > 0 && answer.status === 507)).toBe(true);
    expect(readdirSync(path.join(smallDisk!, 'images')).filter((file) => !namedFiles(smallDisk!).has(file))).toEqual([]);

    // What was written before is still readable.
    const mine = await alice.get('/api/user-purchase-requests/disk_alice');
    expect(mine.status).toBe(200);
    expect(mine.body.map((request: { id: number }) => request.id)).toContain(first.body.id);

    rmSync(filler());
    const again = await alice.post('/api/item-submissions', { ...SUBMISSION, imageUrl: photo }, { 'Idempotency-Key': 'upload-after' });
    expect(again.status).toBe(201);
    expect((await alice.post('/api/purchase-requests', CART, { 'Idempotency-Key': 'purchase-after' })).status).toBe(201);
    expect((await new Client(server.url).post('/api/marketplace/signup', { username: 'disk_carol', password: 'abcdefgh' })).status).toBe(
      201,
    );
    expect((await new Client(server.url).post('/api/marketplace/login', { username: 'disk_alice', password: 'password-123' })).status).toBe(
      200,
    );
  }, 60_000);
});

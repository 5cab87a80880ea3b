import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL_MESSAGE } from '../../server/lib/error-handler';
import { killChild, startChildServer, type ChildServer } from '../support/child-server';
import { floodUploads, p99, peakRssMb } from '../support/upload-flood';
import { onPostgres, startTestServer, type TestServer } from '../support/server';
import {
  CART,
  Client,
  eventually,
  jpegDataUrl,
  logIn,
  openSocket,
  queryDatabase,
  signUp,
  SUBMISSION,
  submitItem,
  useServer,
} from './helpers';
import Database from 'better-sqlite3';

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

describe('memory under a flood of photo uploads', () => {
  let server: ChildServer;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blockspin-flood-'));
  beforeAll(async () => {
    server = await startChildServer(dataDir);
  });
  afterAll(async () => {
    await killChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when 50 unsigned 7 MB bodies and 50 signed-in 5 MB photos arrive at once, then peak RSS stays under 400 MB and health answers every time, without stalls', async () => {
    const client = await signUp(server, 'flooder', 'abcdefgh');
    // Health at rest on this machine in this run: the yardstick for health during the flood (a fixed budget in ms
    // measures the machine's load instead of the server; 128 ms against a 100 ms budget failed on a busy machine).
    const rest: number[] = [];
    for (let probe = 0; probe < 30; probe += 1) {
      const started = performance.now();
      const answer = await fetch(`${server.url}/api/health`);
      await answer.text();
      expect(answer.ok).toBe(true);
      rest.push(performance.now() - started);
    }
    const { unsigned, signed, health, healthFailed } = await floodUploads(server.url, client.cookie!);
    expect(unsigned.every((answer) => answer.status === 401)).toBe(true);
    // Every signed-in photo is either stored or refused as busy with a time to come back: nothing else, never a 500.
    expect(signed.every((answer) => answer.status === 201 || (answer.status === 503 && Number(answer.retryAfter) > 0))).toBe(true);
    expect(signed.filter((answer) => answer.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(signed.find((answer) => answer.status === 503)!.body)).toEqual({
      message: 'The server is busy with other photos. Your item is kept and will be sent again in a moment.',
    });

    const peak = peakRssMb(server.child.pid!);
    expect(peak).toBeLessThan(400);
    // Health answered every probe during the flood, and never stalled: its p99 stays within five times its p99 at
    // rest (a server parsing or holding the bodies on its one thread stalls for seconds), with 1.5 s of slack for a
    // machine so idle that five times its rest is a few ms (500 ms was too little on a shared CI machine: 513 ms there).
    expect(healthFailed).toBe(0);
    expect(health.length).toBeGreaterThan(20);
    expect(p99(health), `health p99 during the flood (at rest: ${p99(rest).toFixed(1)} ms)`).toBeLessThan(Math.max(1500, 5 * p99(rest)));
  }, 120_000);
});

describe('a body nested 5,000 levels deep', () => {
  const server = useServer();

  it('when it is sent with an Idempotency-Key, then it answers 400 with a message, not 500', async () => {
    const alice = await signUp(server, 'deep_alice');
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const answer = await alice.post('/api/purchase-requests', `{"items":${deep},"totalPrice":1}`, { 'Idempotency-Key': 'deep-1' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'The request body is nested too deeply (at most 32 levels)' });
    // The server is fine afterwards.
    expect((await alice.post('/api/purchase-requests', CART, { 'Idempotency-Key': 'deep-2' })).status).toBe(201);
  });
});

describe('money and names as the server priced them', () => {
  const server = useServer();
  let alice: Client;
  beforeAll(async () => {
    alice = await signUp(server, 'money_alice');
  });

  it('when a custom cash line has a 22-digit amount, then it answers 400 with the allowed range, not 500', async () => {
    const name = '$1234567890123456789012 Custom Cash';
    const answer = await alice.post('/api/purchase-requests', { items: [{ name, category: 'Custom Cash', quantity: 1 }], totalPrice: 1 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`'${name}' is not a valid custom cash amount (whole dollars from $500 to $100,000,000)`);
  });

  it.each([['$100,000,001 Custom Cash'], ['$500.5 Custom Cash'], ['Custom Cash $500 (deliver $10,000,000)']])(
    'when a custom cash line is named %s, then it is refused with 400',
    async (name) => {
      const answer = await alice.post('/api/purchase-requests', {
        items: [{ name, category: 'Custom Cash', quantity: 1 }],
        totalPrice: 0.12,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(`'${name}' is not a valid custom cash amount (whole dollars from $500 to $100,000,000)`);
    },
  );

  it('when lines arrive in other spellings, then the stored names and categories are the catalogue’s and the custom cash name is written from its amount', async () => {
    const answer = await alice.post('/api/purchase-requests', {
      items: [
        { name: 'glock', category: 'weapons', quantity: 1 },
        { name: '12345 custom cash', category: 'custom cash', quantity: 1 },
      ],
      totalPrice: 5.08,
    });
    expect(answer.status).toBe(201);
    expect(
      answer.body.items.map((item: { name: string; category: string; price: string }) => [item.name, item.category, item.price]),
    ).toEqual([
      ['Glock', 'Weapons', '$2.00'],
      ['$12,345 Custom Cash', 'Custom Cash', '$3.08'],
    ]);
  });

  it('when contactEmail is not an email address, then it answers 400 naming the field', async () => {
    const answer = await alice.post('/api/purchase-requests', { ...CART, contactEmail: 'not an address' });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([{ path: 'contactEmail', message: 'Please enter a valid email address' }]);
  });
});

describe('sockets of a session that ends by time', () => {
  const server = useServer({ socketSessionCheckMs: 50, maxSocketsPerSession: 3 });

  it('when the session passes its absolute lifetime, then its open socket is closed with 4401 and gets no more messages', async () => {
    const alice = await signUp(server, 'sock_alice');
    const socket = await openSocket(server, alice);
    const closed = new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));
    await queryDatabase(
      server,
      "UPDATE sessions SET created_at = created_at - ? WHERE user_id = (SELECT id FROM users WHERE username = 'sock_alice')",
      [31 * 24 * 3600 * 1000],
    );
    expect(await closed).toBe(4401);
  });

  it('when the session has been idle past its limit, then its socket is closed too', async () => {
    const bob = await signUp(server, 'sock_bob');
    const socket = await openSocket(server, bob);
    const closed = new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));
    await queryDatabase(
      server,
      "UPDATE sessions SET last_seen_at = last_seen_at - ? WHERE user_id = (SELECT id FROM users WHERE username = 'sock_bob')",
      [8 * 24 * 3600 * 1000],
    );
    expect(await closed).toBe(4401);
  });

  it('when one session opens more sockets than the cap, then the oldest is closed with 4409 and the newest stay open', async () => {
    const carol = await signUp(server, 'sock_carol');
    const sockets: Array<Awaited<ReturnType<typeof openSocket>>> = [];
    for (let i = 0; i < 3; i++) sockets.push(await openSocket(server, carol));
    const oldestClosed = new Promise<number>((resolve) => sockets[0].socket.once('close', (code) => resolve(code)));
    const newest = await openSocket(server, carol);
    expect(await oldestClosed).toBe(4409);
    // The three still hear what follows (instead of waiting 100 ms to see whether another close comes).
    const marker = await submitItem(carol);
    await eventually(() =>
      [sockets[1], sockets[2], newest].every((s) => s.messages.some((m) => m.type === 'NEW_ITEM_SUBMISSION' && m.payload.id === marker.id)),
    );
    expect([sockets[1], sockets[2], newest].map((s) => s.socket.readyState)).toEqual([1, 1, 1]);
    for (const s of [sockets[1], sockets[2], newest]) s.close();
  });
});

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

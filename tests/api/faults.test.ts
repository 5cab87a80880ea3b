import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killChild, startChildServer, type ChildServer } from '../support/child-server';
import { floodUploads, p99, peakRssMb } from '../support/upload-flood';
import { CART, Client, eventually, openSocket, queryDatabase, signUp, submitItem, useServer } from './helpers';

// Faults from outside: a flood of uploads, a deeply nested body, odd money and names, sockets of an ended session.
// Faults of storage (a kill during uploads, a full disk) are in faults-storage.test.ts.

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

import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { bigPhoto } from '../support/upload-flood';
import type { TestServer } from '../support/server';
import { jpegDataUrl, SUBMISSION, submitItem, useServerWithCast, type Client } from './helpers';

// Two photo slots; a body must arrive within 3 s of taking one. No check below reads the wall clock against a tight
// bound: "at once" is told by the answer (503/403 now, not the 408 of the time limit) and by order (the other
// player's sale is done while the trickle still waits), so a loaded machine cannot fail it.
const BODY_TIMEOUT_MS = 3_000;
const { server, cast } = useServerWithCast({ photoConcurrency: 2, photoBodyTimeoutMs: BODY_TIMEOUT_MS });

/** A photo call whose body trickles in (10 bytes every 100 ms of a declared 200 kB) until the server answers. */
function trickle(client: Client, method = 'POST', path = '/api/item-submissions', to: TestServer = server) {
  const started = Date.now();
  return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const url = new URL(to.url + path);
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: { 'content-type': 'application/json', 'content-length': '200000', cookie: client.cookie! },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => {
          clearInterval(drip);
          resolve({ status: response.statusCode!, body, ms: Date.now() - started });
        });
      },
    );
    request.on('error', (error) => {
      clearInterval(drip);
      reject(error);
    });
    request.write('{"ps5Name":"');
    const drip = setInterval(() => request.write('aaaaaaaaaa'), 100);
  });
}

describe('slow uploads (issue 29.5)', () => {
  it('when one account trickles two photo bodies, then it holds one slot, another player sells at once, and the trickle ends in 408 at the time limit', async () => {
    // Two uploads of one account at once: whichever reaches the slot second is refused at once (one slot per
    // account); which one that is depends on how fast each session is looked up, so neither is assumed first.
    const both = [trickle(cast.alice), trickle(cast.alice)];
    const second = await Promise.race(both);
    expect(second.status).toBe(503);
    const first = Promise.all(both).then((answers) => answers.find((answer) => answer !== second)!);
    let trickleAnswered = false;
    void first.then(() => (trickleAnswered = true));
    // The other slot stays free for everybody else: the sale is done while the trickle still holds its slot.
    const sold = await cast.bob.post('/api/item-submissions', { ...SUBMISSION, imageUrl: await jpegDataUrl() });
    expect(sold.status).toBe(201);
    expect(trickleAnswered).toBe(false);
    const slow = await first;
    expect(slow.status).toBe(408);
    expect(JSON.parse(slow.body)).toEqual({ message: 'The photo took too long to arrive. Your item is kept and will be sent again.' });
    expect(slow.ms).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
    // Its slot is free again.
    expect((await submitItem(cast.alice, { imageUrl: await jpegDataUrl() })).status).toBe('pending');
  });

  it("when a player sends a big body to an admin's photo call, then it is refused (403) before any slot is taken", async () => {
    const submission = await submitItem(cast.bob);
    const slots = [
      trickle(cast.alice, 'PATCH', `/api/scheduled-pickups/${submission.id}/complete`),
      trickle(cast.bob, 'PUT', '/api/purchase-requests/1/complete'),
    ];
    for (const refused of await Promise.all(slots)) {
      expect(refused.status).toBe(403);
    }
    // Both slots were left free: two other accounts upload at once.
    const [a, b] = await Promise.all([
      cast.admin.post('/api/item-submissions', { ...SUBMISSION, imageUrl: await jpegDataUrl() }),
      cast.superAdmin.post('/api/item-submissions', { ...SUBMISSION, imageUrl: await jpegDataUrl() }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
  });
});

describe('slow uploads with one configured photo slot (issue 45.6)', () => {
  const one = useServerWithCast({ photoConcurrency: 1, photoBodyTimeoutMs: BODY_TIMEOUT_MS });

  it("when a player trickles a photo body, then another player's 1 MB sell is stored at once and the trickle ends in 408", async () => {
    const slow = trickle(one.cast.alice, 'POST', '/api/item-submissions', one.server);
    let trickleAnswered = false;
    void slow.then(() => (trickleAnswered = true));
    // The trickle's body has not arrived, so it holds no slot: the one slot processes bob's photo.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sold = await one.cast.bob.post('/api/item-submissions', { ...SUBMISSION, imageUrl: await bigPhoto(1) });
    expect(sold.status).toBe(201);
    expect(trickleAnswered).toBe(false);
    const answer = await slow;
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ message: 'The photo took too long to arrive. Your item is kept and will be sent again.' });
  });

  it('when two players send photos at once, then the second waits for the slot instead of being turned away', async () => {
    const photo = await bigPhoto(1);
    const [a, b] = await Promise.all([
      one.cast.bob.post('/api/item-submissions', { ...SUBMISSION, imageUrl: photo }),
      one.cast.admin.post('/api/item-submissions', { ...SUBMISSION, imageUrl: photo }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
  });
});

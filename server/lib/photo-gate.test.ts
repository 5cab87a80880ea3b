import express, { type ErrorRequestHandler } from 'express';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { photoGate, type PhotoGateOptions } from './photo-gate';

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

/**
 * A server whose one route is a photo call behind the gate: it answers once `release()` is called for its body's
 * `name` (processing takes as long as the test says), or at once for names not held.
 */
async function gated(options: Partial<PhotoGateOptions> = {}) {
  const gate = photoGate({ concurrency: 1, maxBytes: 1024 * 1024, ...options });
  const held = new Map<string, () => void>();
  const started: string[] = [];
  const app = express();
  app.use((req, _res, next) => {
    req.user = { id: Number(req.headers['x-user']) } as NonNullable<express.Request['user']>;
    next();
  });
  app.post('/photo', gate.handler, async (req, res) => {
    const name = String(req.body.name);
    started.push(name);
    if (name.startsWith('hold')) await new Promise<void>((resolve) => held.set(name, resolve));
    res.status(201).json({ name });
  });
  const errors: ErrorRequestHandler = (error, _req, res, _next) => {
    const status = error instanceof AppError ? error.status : ((error as { status?: number }).status ?? 500);
    if (error instanceof AppError) for (const [key, value] of Object.entries(error.headers ?? {})) res.setHeader(key, value);
    res.status(status).json({ message: (error as Error).message });
  };
  app.use(errors);
  server = http.createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/photo`;
  const send = (user: number, name: string) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-user': String(user) }, body: JSON.stringify({ name }) });
  /** A body that never finishes arriving (its first bytes only). */
  const trickle = (user: number) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '1000', 'x-user': String(user) },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      });
      request.on('error', reject);
      request.write('{"name":"');
    });
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { gate, send, trickle, started, release: (name: string) => held.get(name)?.(), until: until };
}

describe('photoGate (issue 45.6)', () => {
  it('when a body trickles, then it holds no processing slot: another account’s photo is processed meanwhile', async () => {
    const { gate, send, trickle } = await gated({ bodyTimeoutMs: 60_000 });
    void trickle(1).catch(() => undefined);
    const answer = await send(2, 'quick');
    expect(answer.status).toBe(201);
    expect(gate.running()).toBe(0);
    expect(gate.held()).toBe(1);
  });

  it('when a body is still arriving at its deadline, then it answers 408 with a message and gives its place back', async () => {
    const { gate, trickle } = await gated({ bodyTimeoutMs: 100 });
    const answer = await trickle(1);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ message: 'The photo took too long to arrive. Your item is kept and will be sent again.' });
    expect(gate.held()).toBe(0);
  });

  it('when every slot is busy, then an arrived body waits for one and is processed after it, in order', async () => {
    const { send, started, release, until } = await gated({ slotWaitMs: 5_000 });
    const first = send(1, 'hold-1');
    await until(() => started.includes('hold-1'));
    const second = send(2, 'second');
    const third = send(3, 'third');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(started).toEqual(['hold-1']);
    release('hold-1');
    expect((await first).status).toBe(201);
    expect([(await second).status, (await third).status]).toEqual([201, 201]);
    expect(started).toEqual(['hold-1', 'second', 'third']);
  });

  it('when no slot frees within the wait, then it answers 503 with Retry-After', async () => {
    const { send, started, release, until } = await gated({ slotWaitMs: 100 });
    const first = send(1, 'hold-1');
    await until(() => started.includes('hold-1'));
    const refused = await send(2, 'late');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await refused.json()).toEqual({
      message: 'The server is busy with other photos. Your item is kept and will be sent again in a moment.',
    });
    release('hold-1');
    expect((await first).status).toBe(201);
  });

  it('when as many bodies as `receiving` are held, then one more is refused at once; one account holds one', async () => {
    const { send, trickle } = await gated({ receiving: 1, bodyTimeoutMs: 60_000 });
    void trickle(1).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await send(2, 'other')).status).toBe(503);
    expect((await send(1, 'same')).status).toBe(503);
  });
});

import express from 'express';
import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer } from './http-server';

let server: Server | null = null;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

async function listen(app: express.Express, beforeExpress?: (req: IncomingMessage, res: ServerResponse) => void) {
  server = createAppServer(app);
  if (beforeExpress) server.prependListener('request', beforeExpress);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('createAppServer', () => {
  it('when a request arrives, then node:http already built it on the app’s prototypes, so Express re-prototypes nothing', async () => {
    const app = express();
    app.get('/', (_req, res) => {
      res.end();
    });
    const seen: boolean[] = [];
    const url = await listen(app, (req, res) => {
      seen.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response);
      seen.push(req instanceof IncomingMessage, res instanceof ServerResponse);
    });
    expect((await fetch(url)).status).toBe(200);
    expect(seen).toEqual([true, true, true, true]);
  });

  it('when a handler uses Express’s request and response helpers, then they work as on any Express server', async () => {
    const app = express();
    app.set('title', 'blockspin');
    app.use(express.json());
    app.post('/echo/:id', (req, res) => {
      res.cookie('seen', '1', { httpOnly: true });
      res
        .status(201)
        .json({ id: req.params.id, body: req.body, header: req.get('x-test'), title: req.app.get('title'), sameApp: res.app === app });
    });
    const url = await listen(app);
    const answer = await fetch(`${url}/echo/7`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test': 'yes' },
      body: '{"a":1}',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('set-cookie')).toContain('seen=1');
    expect(await answer.json()).toEqual({ id: '7', body: { a: 1 }, header: 'yes', title: 'blockspin', sameApp: true });
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { createHub, type Hub } from './hub';

let server: Server;
let hub: Hub;

async function setup(heartbeatMs: number, durable?: () => Promise<void>) {
  hub = createHub({
    logger: pino({ level: 'silent' }),
    heartbeatMs,
    durable,
    authenticate: async (req) => (req.headers.cookie === 'bm_session=ok' ? { userId: 1, sessionHash: 'h1', isAdmin: false } : null),
    isAdmin: async () => false,
  });
  server = createServer();
  hub.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
}

afterEach(async () => {
  hub.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('the /ws heartbeat', () => {
  it('when a client stops answering pings, then it is terminated', async () => {
    const url = await setup(40);
    const socket = new WebSocket(url, { headers: { cookie: 'bm_session=ok' }, autoPong: false });
    await new Promise((resolve) => socket.once('open', resolve));
    // Nothing else closes this socket: without the heartbeat the test would time out here.
    const code = await new Promise<number>((resolve) => socket.once('close', resolve));
    expect(code).toBe(1006);
    for (let i = 0; i < 50 && hub.clientCount() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(hub.clientCount()).toBe(0);
  });

  it('when a client answers pings, then it stays connected', async () => {
    const url = await setup(40);
    const socket = new WebSocket(url, { headers: { cookie: 'bm_session=ok' } });
    await new Promise((resolve) => socket.once('open', resolve));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(socket.readyState).toBe(WebSocket.OPEN);
    expect(hub.clientCount()).toBe(1);
    socket.close();
  });
});

describe('publish', () => {
  it('when the owner is someone else and the client is not an admin, then nothing is sent', async () => {
    const url = await setup(10_000);
    const socket = new WebSocket(url, { headers: { cookie: 'bm_session=ok' } });
    const received: string[] = [];
    socket.on('message', (data) => received.push(String(data)));
    await new Promise((resolve) => socket.once('open', resolve));
    const payload = { id: 1 } as never;
    hub.publish({ type: 'NEW_ITEM_SUBMISSION', payload }, { ownerId: 2 });
    hub.publish({ type: 'NEW_SELL_REQUEST', payload }, { ownerId: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.map((text) => JSON.parse(text).type)).toEqual(['NEW_SELL_REQUEST']);
    socket.close();
  });

  it('when a message is for everyone (CATALOGUE_UPDATE), then a player who owns nothing of it receives it too', async () => {
    const url = await setup(10_000);
    const socket = new WebSocket(url, { headers: { cookie: 'bm_session=ok' } });
    const received: unknown[] = [];
    socket.on('message', (data) => received.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.once('open', resolve));
    hub.publish({ type: 'CATALOGUE_UPDATE', payload: { version: 7 } }, { ownerId: null });
    hub.publish({ type: 'CATALOGUE_UPDATE', payload: { version: 8 } }, { ownerId: null, everyone: true });
    await expect.poll(() => received).toEqual([{ type: 'CATALOGUE_UPDATE', payload: { version: 8 } }]);
    socket.close();
  });

  it('when a change is not on disk yet, then its message waits for the sync and messages keep their order', async () => {
    let synced!: () => void;
    const sync = new Promise<void>((resolve) => (synced = resolve));
    const url = await setup(10_000, () => sync);
    const socket = new WebSocket(url, { headers: { cookie: 'bm_session=ok' } });
    const received: string[] = [];
    socket.on('message', (data) => received.push(JSON.parse(String(data)).type));
    await new Promise((resolve) => socket.once('open', resolve));
    const payload = { id: 1 } as never;
    hub.publish({ type: 'NEW_SELL_REQUEST', payload }, { ownerId: 1 });
    hub.publish({ type: 'SELL_REQUEST_STATUS_UPDATE', payload }, { ownerId: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([]);
    synced();
    for (let i = 0; i < 50 && received.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(received).toEqual(['NEW_SELL_REQUEST', 'SELL_REQUEST_STATUS_UPDATE']);
    socket.close();
  });
});

describe('wants: whether a message could reach any socket here', () => {
  it('when no socket of the owner and no admin’s is open, then no; an owner’s or an admin’s socket, or one still being authenticated, then yes', async () => {
    let letIn!: () => void;
    const gate = new Promise<void>((resolve) => (letIn = resolve));
    hub = createHub({
      logger: pino({ level: 'silent' }),
      authenticate: async (req) => {
        if (req.headers.cookie === 'bm_session=slow') await gate;
        if (req.headers.cookie === 'bm_session=admin') return { userId: 9, sessionHash: 'h9', isAdmin: true };
        return { userId: 1, sessionHash: 'h1', isAdmin: false };
      },
      isAdmin: async () => false,
    });
    server = createServer();
    hub.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
    const open = async (cookie: string) => {
      const socket = new WebSocket(url, { headers: { cookie } });
      await new Promise((resolve) => socket.once('open', resolve));
      await expect.poll(() => hub.clientCount()).toBeGreaterThan(0);
      return socket;
    };
    expect(hub.wants(1)).toBe(false);
    expect(hub.wants(null)).toBe(false);

    const player = await open('bm_session=player');
    expect(hub.wants(1)).toBe(true);
    expect(hub.wants(2)).toBe(false);
    expect(hub.wants(null)).toBe(false);
    // A note for every signed-in socket (CATALOGUE_UPDATE) is wanted by any open socket.
    expect(hub.wants(null, true)).toBe(true);

    const slow = new WebSocket(url, { headers: { cookie: 'bm_session=slow' } });
    await expect.poll(() => hub.wants(2)).toBe(true);
    letIn();
    await new Promise((resolve) => slow.once('open', resolve));
    await expect.poll(() => hub.wants(2)).toBe(false);

    const admin = await open('bm_session=admin');
    expect(hub.wants(2)).toBe(true);
    expect(hub.wants(null)).toBe(true);
    for (const socket of [player, slow, admin]) socket.close();
  });
});

import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { SOCKET_UNAUTHORISED_CLOSE, SocketMessage } from '../../src/domain/socket-messages';
import { eventually, logIn, openSocket, signUp, sleep, submitItem, useServerWithCast } from './helpers';

const { server, cast } = useServerWithCast();

const wsUrl = () => server.url.replace('http', 'ws') + '/ws';

describe('GET /ws (upgrade)', () => {
  it('when signed out, then the socket is closed with 4401', async () => {
    const socket = new WebSocket(wsUrl(), { headers: { origin: server.url } });
    const code = await new Promise<number>((resolve) => socket.once('close', (closeCode) => resolve(closeCode)));
    expect(code).toBe(SOCKET_UNAUTHORISED_CLOSE);
  });

  it('when the Origin is foreign, then the upgrade is refused with 403', async () => {
    const socket = new WebSocket(wsUrl(), { headers: { origin: 'https://evil.example', cookie: cast.alice.cookie! } });
    const status = await new Promise<number>((resolve) => {
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('open', () => resolve(101));
    });
    expect(status).toBe(403);
  });

  it('when the path is not /ws, then the upgrade is refused', async () => {
    const socket = new WebSocket(server.url.replace('http', 'ws') + '/api/socket', { headers: { cookie: cast.alice.cookie! } });
    const status = await new Promise<number>((resolve) => {
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('open', () => resolve(101));
      socket.once('error', () => resolve(-1));
    });
    expect(status).toBe(404);
  });

  it('when a client sends more than the small maxPayload, then it is disconnected', async () => {
    const { socket } = await openSocket(server, cast.alice);
    const code = await new Promise<number>((resolve) => {
      socket.once('close', (closeCode) => resolve(closeCode));
      socket.send('x'.repeat(10_000));
    });
    expect(code).toBe(1009);
  });

  it('when the session logs out, then its socket is closed', async () => {
    const client = await logIn(server, 'bob');
    const { socket } = await openSocket(server, client);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await client.post('/api/marketplace/logout');
    expect(await closed).toBe(SOCKET_UNAUTHORISED_CLOSE);
  });
});

describe('socket delivery', () => {
  it('when things happen to alice’s records, then alice and the admins hear every message and bob hears none', async () => {
    const alice = await openSocket(server, cast.alice);
    const bob = await openSocket(server, cast.bob);
    const admin = await openSocket(server, cast.admin);
    const superAdmin = await openSocket(server, cast.superAdmin);
    try {
      const purchase = (
        await cast.alice.post('/api/purchase-requests', { items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }], totalPrice: 2 })
      ).body;
      await cast.admin.patch(`/api/purchase-requests/${purchase.id}/status`, { status: 'approved' });
      const submission = await submitItem(cast.alice);
      await cast.alice.post('/api/user-sell-requests', {
        itemName: 'Glock',
        category: 'weapons',
        paymentMethod: 'usd',
        submissionId: submission.id,
      });
      const pickup = (
        await cast.admin.post('/api/scheduled-pickups', { submissionId: submission.id, scheduledDate: 'Immediately', scheduledTime: '' })
      ).body;
      await cast.admin.patch(`/api/scheduled-pickups/${pickup.id}/complete`);
      const denied = await submitItem(cast.alice);
      await cast.admin.patch(`/api/item-submissions/${denied.id}/status`, { status: 'rejected' });

      const expected = [
        'NEW_PURCHASE_REQUEST',
        'PURCHASE_REQUEST_STATUS_UPDATE',
        'NEW_ITEM_SUBMISSION',
        'NEW_SELL_REQUEST',
        'ITEM_SUBMISSION_STATUS_UPDATE',
        'SELL_REQUEST_STATUS_UPDATE',
        'NEW_SCHEDULED_PICKUP',
        'PICKUP_STATUS_UPDATE',
        'NEW_ITEM_SUBMISSION',
        'ITEM_SUBMISSION_STATUS_UPDATE',
      ];
      await eventually(
        () =>
          alice.messages.length >= expected.length &&
          admin.messages.length >= expected.length &&
          superAdmin.messages.length >= expected.length,
      );
      await sleep(100);
      for (const listener of [alice, admin, superAdmin]) {
        expect(listener.messages.map((message) => message.type)).toEqual(expected);
        for (const message of listener.messages) expect(SocketMessage.safeParse(message).success).toBe(true);
      }
      expect(bob.messages).toEqual([]);

      const alicePickup = alice.messages.find((message) => message.type === 'NEW_SCHEDULED_PICKUP')!;
      const adminPickup = admin.messages.find((message) => message.type === 'NEW_SCHEDULED_PICKUP')!;
      expect(alicePickup.payload.submission).toBeUndefined();
      expect(adminPickup.payload.submission).toMatchObject({ id: submission.id, status: 'scheduled' });
      expect(alice.messages.find((message) => message.type === 'PURCHASE_REQUEST_STATUS_UPDATE')!.payload).toMatchObject({
        id: purchase.id,
        status: 'approved',
      });
    } finally {
      for (const listener of [alice, bob, admin, superAdmin]) listener.close();
    }
  });

  it('when bob acts, then alice hears nothing of it', async () => {
    const alice = await openSocket(server, cast.alice);
    const admin = await openSocket(server, cast.admin);
    try {
      await submitItem(cast.bob);
      await eventually(() => admin.messages.length === 1);
      await sleep(100);
      expect(alice.messages).toEqual([]);
    } finally {
      alice.close();
      admin.close();
    }
  });

  it('when a user is promoted, then their open socket starts hearing admin messages', async () => {
    const dave = await signUp(server, 'dave', 'abcdefgh');
    const socket = await openSocket(server, dave);
    try {
      await cast.superAdmin.post('/api/admin/marketplace-users/dave/admin-status', { isAdmin: true });
      await submitItem(cast.bob);
      await eventually(() => socket.messages.length === 1);
      expect(socket.messages[0].type).toBe('NEW_ITEM_SUBMISSION');
    } finally {
      socket.close();
    }
  });
});

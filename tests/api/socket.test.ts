import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { SOCKET_UNAUTHORISED_CLOSE, SocketMessage } from '../../src/domain/socket-messages';
import { eventually, logIn, openSocket, signUp, submitItem, useServerWithCast } from './helpers';

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
      // Then one marker each, which they do hear: messages reach a socket in order, so once a listener has its
      // marker, anything else sent to it has arrived too (an absence proven without waiting on the clock).
      const aliceMarker = await submitItem(cast.alice);
      const bobMarker = await submitItem(cast.bob);
      const toAdmins = [...expected, 'NEW_ITEM_SUBMISSION', 'NEW_ITEM_SUBMISSION'];
      await eventually(
        () =>
          alice.messages.length >= expected.length + 1 &&
          admin.messages.length >= toAdmins.length &&
          superAdmin.messages.length >= toAdmins.length &&
          bob.messages.length >= 1,
      );
      expect(alice.messages.map((message) => message.type)).toEqual([...expected, 'NEW_ITEM_SUBMISSION']);
      expect(alice.messages.at(-1)!.payload.id).toBe(aliceMarker.id);
      for (const listener of [admin, superAdmin]) {
        expect(listener.messages.map((message) => message.type)).toEqual(toAdmins);
        expect(listener.messages.at(-1)!.payload.id).toBe(bobMarker.id);
      }
      for (const listener of [alice, admin, superAdmin]) {
        for (const message of listener.messages) expect(SocketMessage.safeParse(message).success).toBe(true);
      }
      // Bob heard only his own marker: nothing of alice's records.
      expect(bob.messages.map((message) => [message.type, message.payload.id])).toEqual([['NEW_ITEM_SUBMISSION', bobMarker.id]]);

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
      // A marker alice does hear: messages reach her socket in order, so bob's would have come first.
      const marker = await submitItem(cast.alice);
      await eventually(() => alice.messages.length >= 1);
      expect(alice.messages.map((message) => [message.type, message.payload.id])).toEqual([['NEW_ITEM_SUBMISSION', marker.id]]);
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

import { describe, expect, it } from 'vitest';
import { apiJson } from '../support/api-json';
import { CONTACT_REQUIRED_MESSAGE, MarketplaceUser, ROBLOX_CHARACTERS_MESSAGE, SystemStats } from '../../src/domain/schemas/users';
import { SessionUser } from '../../src/domain/schemas/auth';
import { SUPER_ADMIN } from '../support/server';
import { SOCKET_UNAUTHORISED_CLOSE } from '../../src/domain/socket-messages';
import { Client, createPurchase, logIn, openSocket, PASSWORD, signUp, submitItem, useServerWithCast } from './helpers';

const { server, cast } = useServerWithCast();

describe('GET /api/marketplace/contact/{username}', () => {
  it('when the user reads their own, then it answers the contact with role flags', async () => {
    const answer = await cast.alice.get('/api/marketplace/contact/alice');
    expect(answer.status).toBe(200);
    expect(SessionUser.parse(answer.body)).toEqual({
      username: 'alice',
      contactEmail: null,
      ps5Username: null,
      robloxUsername: null,
      isAdmin: false,
      isSuperAdmin: false,
      language: null,
    });
  });

  it('when an admin reads the super admin, then it answers isSuperAdmin true', async () => {
    const answer = await cast.admin.get(`/api/marketplace/contact/${SUPER_ADMIN.username}`);
    expect(answer.body).toMatchObject({ isAdmin: true, isSuperAdmin: true });
  });

  it('when an admin reads an unknown user, then it answers 404', async () => {
    expect((await cast.admin.get('/api/marketplace/contact/no_such_user')).status).toBe(404);
  });
});

describe('PUT /api/marketplace/contact/{username}', () => {
  it('when fields are given, then they are trimmed, stored and the session user answered', async () => {
    const answer = await cast.alice.put('/api/marketplace/contact/alice', {
      contactEmail: '  alice@example.com ',
      ps5Username: 'alice_ps5',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      username: 'alice',
      contactEmail: 'alice@example.com',
      ps5Username: 'alice_ps5',
      robloxUsername: null,
      isAdmin: false,
      isSuperAdmin: false,
    });
  });

  it('when a field is left out, then it keeps its value; empty clears it', async () => {
    const answer = await cast.alice.put('/api/marketplace/contact/alice', { ps5Username: '' });
    expect(answer.body).toMatchObject({ contactEmail: 'alice@example.com', ps5Username: null });
  });

  it('when nothing would be left, then it answers 400 with the contact message', async () => {
    const answer = await cast.alice.put('/api/marketplace/contact/alice', { contactEmail: null, ps5Username: '', robloxUsername: '  ' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(CONTACT_REQUIRED_MESSAGE);
    expect((await cast.alice.get('/api/marketplace/contact/alice')).body.contactEmail).toBe('alice@example.com');
  });

  it('when the email is malformed, then it answers 400 at contactEmail', async () => {
    const answer = await cast.alice.put('/api/marketplace/contact/alice', { contactEmail: 'not-an-email' });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toContainEqual({ path: 'contactEmail', message: 'Please enter a valid email address' });
  });

  it('when the Roblox name holds an emoji, a space or another sign, then it answers 400 at robloxUsername and keeps the old one', async () => {
    expect((await cast.alice.put('/api/marketplace/contact/alice', { robloxUsername: 'Alice_Blox2' })).status).toBe(200);
    for (const name of ['Alice😀', 'Alice Blox', 'Alice-Blox', 'Ålice']) {
      const answer = await cast.alice.put('/api/marketplace/contact/alice', { robloxUsername: name });
      expect(answer.status).toBe(400);
      expect(answer.body.issues).toContainEqual({ path: 'robloxUsername', message: ROBLOX_CHARACTERS_MESSAGE });
    }
    expect((await cast.alice.get('/api/marketplace/contact/alice')).body.robloxUsername).toBe('Alice_Blox2');
  });

  it('when a purchase is made without contactEmail, then the stored contact email is used', async () => {
    const request = await createPurchase(cast.alice);
    expect(request.contactEmail).toBe('alice@example.com');
  });
});

describe('GET /api/admin/marketplace-users', () => {
  it('when the super admin lists, then every user comes with flags', async () => {
    const answer = await cast.superAdmin.get('/api/admin/marketplace-users');
    expect(answer.status).toBe(200);
    const users = answer.body.map((user: unknown) => MarketplaceUser.parse(user));
    expect(users.map((user: { username: string }) => user.username)).toEqual(expect.arrayContaining(['admin', 'alice', 'bob', 'carol']));
    expect(users.find((user: { username: string }) => user.username === 'carol')).toMatchObject({ isAdmin: true, isSuperAdmin: false });
    expect(JSON.stringify(answer.body)).not.toMatch(/password/i);
  });
});

describe('POST /api/admin/marketplace-users/{username}/admin-status', () => {
  it('when a user is promoted, then their next call sees admin rights', async () => {
    const dave = await signUp(server, 'dave');
    expect((await dave.get('/api/purchase-requests')).status).toBe(403);
    const answer = await cast.superAdmin.post('/api/admin/marketplace-users/dave/admin-status', { isAdmin: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ username: 'dave', isAdmin: true });
    expect((await dave.get('/api/purchase-requests')).status).toBe(200);
  });

  it('when an admin is demoted, then their sessions end, and their device is told admin access was removed', async () => {
    const dave = await logIn(server, 'dave');
    const socket = await openSocket(server, dave);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    const answer = await cast.superAdmin.post('/api/admin/marketplace-users/DAVE/admin-status', { isAdmin: false });
    expect(answer.body).toMatchObject({ isAdmin: false });
    expect(await closed).toEqual({ code: SOCKET_UNAUTHORISED_CLOSE, reason: 'admin-removed' });
    const me = await dave.get('/api/marketplace/me');
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: 'Please log in to continue', reason: 'admin-removed' });
    // A photo call is refused before its body is read, with the same reason.
    expect((await dave.post('/api/item-submissions', { ps5Name: 'AK-47' })).body.reason).toBe('admin-removed');
    const again = await logIn(server, 'dave');
    expect((await again.get('/api/purchase-requests')).status).toBe(403);
  });

  it('when the body is not a boolean, then 400; an unknown user, 404', async () => {
    expect((await cast.superAdmin.post('/api/admin/marketplace-users/dave/admin-status', { isAdmin: 'yes' })).status).toBe(400);
    expect((await cast.superAdmin.post('/api/admin/marketplace-users/ghost_user/admin-status', { isAdmin: true })).status).toBe(404);
  });
});

describe('DELETE /api/admin/marketplace-users/{username}', () => {
  it('when a user is deleted, then their sessions end, the name is free and their records stay for admins', async () => {
    const erin = await signUp(server, 'erin');
    const request = await createPurchase(erin);
    await submitItem(erin);
    const answer = await cast.superAdmin.delete('/api/admin/marketplace-users/erin');
    expect(answer.status).toBe(204);
    expect((await erin.get('/api/marketplace/me')).status).toBe(401);
    expect((await erin.get('/api/marketplace/me')).body.reason).toBe('account-deleted');
    expect((await cast.superAdmin.get('/api/admin/marketplace-users')).body.some((u: { username: string }) => u.username === 'erin')).toBe(
      false,
    );
    const list = await cast.admin.get('/api/purchase-requests');
    expect(list.body.find((r: { id: number }) => r.id === request.id).requesterName).toBe('erin');
    // A newcomer with the same name does not inherit the old records.
    const newErin = await signUp(server, 'erin');
    expect((await newErin.get('/api/user-purchase-requests/erin')).body).toEqual([]);
  });

  it('when the user is unknown, then it answers 404', async () => {
    expect((await cast.superAdmin.delete('/api/admin/marketplace-users/ghost_user')).status).toBe(404);
  });
});

describe('a 401 says why the session is gone', () => {
  it('without a cookie, then no reason; with a cookie the server does not know (expired, logged out elsewhere), then session-ended', async () => {
    const anonymous = new Client(server.url);
    expect((await anonymous.get('/api/marketplace/me')).body).toEqual({ message: 'Please log in to continue' });
    const stale = new Client(server.url);
    const signedIn = await signUp(server, 'frank');
    stale.cookie = signedIn.cookie!.replace(/=.*/, '=no-such-session');
    expect((await stale.get('/api/marketplace/me')).body).toEqual({ message: 'Please log in to continue', reason: 'session-ended' });
    // Wrong credentials stay a plain refusal.
    expect((await stale.post('/api/marketplace/login', { username: 'frank', password: 'wrong-password' })).body.reason).toBeUndefined();
  });

  it('when the password is changed on another device, then the other sessions are told password-changed', async () => {
    await signUp(server, 'gina');
    const phone = await logIn(server, 'gina');
    const laptop = await logIn(server, 'gina');
    expect(
      (await laptop.put('/api/marketplace/change-password/gina', { currentPassword: PASSWORD, newPassword: 'brand-new-pass-1' })).status,
    ).toBe(200);
    expect((await phone.get('/api/marketplace/me')).body.reason).toBe('password-changed');
    expect((await laptop.get('/api/marketplace/me')).status).toBe(200);
  });
});

describe('GET /api/admin/stats', () => {
  it('when the super admin asks, then it answers counts that match the data', async () => {
    const answer = await cast.superAdmin.get('/api/admin/stats');
    expect(answer.status).toBe(200);
    const stats = apiJson(SystemStats, answer.body);
    const users = (await cast.superAdmin.get('/api/admin/marketplace-users')).body;
    const purchases = (await cast.admin.get('/api/purchase-requests')).body;
    expect(stats.totalUsers).toBe(users.length);
    expect(stats.admins).toBe(users.filter((u: { isAdmin: boolean }) => u.isAdmin).length);
    expect(stats.purchaseRequests.total).toBe(purchases.length);
    expect(stats.purchaseRequests.pending).toBe(purchases.filter((p: { status: string }) => p.status === 'pending').length);
    expect(stats.submissions.total).toBe((await cast.admin.get('/api/item-submissions')).body.length);
  });
});

import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { SecondFactorStatus, TotpSetup } from '../../src/domain/schemas/signin';
import { SECOND_FACTOR_NEEDED } from '../../server/modules/signin/second-factor';
import { SOCKET_UNAUTHORISED_CLOSE } from '../../src/domain/socket-messages';
import { SUPER_ADMIN } from '../support/server';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { CART, type Client, eventually, logIn, logInSuperAdmin, openSocket, signUp, useServer } from './helpers';

const server = useServer({ adminSecondFactor: 'required' });

/** The super admin's session that passed its code in the first test (a code works once, so it is kept for the others). */
let passedBoss: Client | null = null;

const codeFor = (secret: string, at = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

/** Sets up an authenticator app for the signed-in admin and confirms it; answers its secret. */
async function enrolTotp(client: Client): Promise<string> {
  const setup = await client.post('/api/marketplace/second-factor/totp/setup');
  expect(setup.status).toBe(200);
  const { secret } = TotpSetup.parse(setup.body);
  const confirmed = await client.post('/api/marketplace/second-factor/totp/confirm', { code: codeFor(secret) });
  expect(confirmed.status).toBe(200);
  return secret;
}

describe('ADMIN_SECOND_FACTOR=required', () => {
  it('when the super admin signs in with a password and has no second factor, then admin calls answer 403 until an authenticator app is set up and confirmed', async () => {
    const boss = await logInSuperAdmin(server);
    expect(SecondFactorStatus.parse((await boss.get('/api/marketplace/second-factor')).body)).toEqual({
      state: 'setup',
      totp: false,
      passkeys: 0,
    });
    for (const path of ['/api/admin/stats', '/api/purchase-requests', '/api/admin/marketplace-users']) {
      const refused = await boss.get(path);
      expect(refused.status, path).toBe(403);
      expect(refused.body).toEqual({ message: SECOND_FACTOR_NEEDED, reason: 'second-factor' });
    }

    const setup = await boss.post('/api/marketplace/second-factor/totp/setup');
    expect(setup.status).toBe(200);
    const { secret, uri, qr } = TotpSetup.parse(setup.body);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Blockspin%20Market:${SUPER_ADMIN.username}?issuer=Blockspin%20Market&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
    expect((await boss.get('/api/admin/stats')).status).toBe(403);

    const wrong = await boss.post('/api/marketplace/second-factor/totp/confirm', {
      code: codeFor(secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([
      { path: 'code', message: 'That code is not right. Enter the current 6-digit code from your authenticator app' },
    ]);
    expect((await boss.get('/api/admin/stats')).status).toBe(403);

    const code = codeFor(secret);
    const confirmed = await boss.post('/api/marketplace/second-factor/totp/confirm', { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ state: 'passed', totp: true, passkeys: 0, recoveryCodes: expect.any(Array) });
    expect((await boss.get('/api/admin/stats')).status).toBe(200);
    expect((await boss.get('/api/admin/marketplace-users')).status).toBe(200);

    // The next sign-in asks for a code; the one already used is refused, a fresh one passes.
    const again = await logInSuperAdmin(server);
    expect((await again.get('/api/marketplace/second-factor')).body).toEqual({ state: 'needed', totp: true, passkeys: 0 });
    expect((await again.get('/api/admin/stats')).status).toBe(403);
    const replayed = await again.post('/api/marketplace/second-factor/totp', { code });
    expect(replayed.status).toBe(400);
    const next = await again.post('/api/marketplace/second-factor/totp', { code: codeFor(secret, Date.now() + 30_000) });
    expect(next.status).toBe(200);
    expect(next.body.state).toBe('passed');
    expect((await again.get('/api/admin/stats')).status).toBe(200);
    // A second app cannot replace the first with a password alone, nor even after passing.
    expect((await again.post('/api/marketplace/second-factor/totp/setup')).status).toBe(409);
    passedBoss = again;
  });

  it('when a promoted admin has not passed the second factor, then the socket sends them only their own records, and every admin record once they pass', async () => {
    const boss = passedBoss!;
    const carol = await signUp(server, 'sf_carol');
    expect((await boss.post('/api/admin/marketplace-users/sf_carol/admin-status', { isAdmin: true })).status).toBe(200);
    expect((await carol.get('/api/marketplace/second-factor')).body).toEqual({ state: 'setup', totp: false, passkeys: 0 });
    const refused = await carol.get('/api/purchase-requests');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SECOND_FACTOR_NEEDED);

    const alice = await signUp(server, 'sf_alice');
    const carolSocket = await openSocket(server, carol);
    const aliceSocket = await openSocket(server, alice);
    expect((await alice.post('/api/purchase-requests', CART)).status).toBe(201);
    await eventually(() => aliceSocket.messages.some((m) => m.type === 'NEW_PURCHASE_REQUEST'));
    // A marker carol does hear, her own request: messages reach her socket in order, so alice's would have come first.
    const own = (await carol.post('/api/purchase-requests', CART)).body;
    await eventually(() => carolSocket.messages.some((m) => m.type === 'NEW_PURCHASE_REQUEST'));
    expect(carolSocket.messages.filter((m) => m.type === 'NEW_PURCHASE_REQUEST').map((m) => m.payload.id)).toEqual([own.id]);

    // Passing closes the session's sockets with 1012 (reconnect): the new one opens as an admin's.
    const closed = new Promise<number>((resolve) => carolSocket.socket.once('close', (code) => resolve(code)));
    await enrolTotp(carol);
    expect(await closed).toBe(1012);
    expect((await carol.get('/api/purchase-requests')).status).toBe(200);
    const again = await openSocket(server, carol);
    expect((await alice.post('/api/purchase-requests', CART)).status).toBe(201);
    await eventually(() => again.messages.some((m) => m.type === 'NEW_PURCHASE_REQUEST'));
    again.close();
    aliceSocket.close();
  });

  it('when a player asks, then the state is none and they cannot set up an authenticator app', async () => {
    const player = await signUp(server, 'sf_player');
    expect((await player.get('/api/marketplace/second-factor')).body).toEqual({ state: 'none', totp: false, passkeys: 0 });
    const refused = await player.post('/api/marketplace/second-factor/totp/setup');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only admins set up an authenticator app');
    expect((await new (player.constructor as typeof Client)(server.url).get('/api/marketplace/second-factor')).status).toBe(401);
  });

  it('when ten wrong codes were given for one account, then the next answers 429 with Retry-After, even with the right code', async () => {
    const dave = await signUp(server, 'sf_dave');
    const boss = passedBoss!;
    expect((await boss.post('/api/admin/marketplace-users/sf_dave/admin-status', { isAdmin: true })).status).toBe(200);
    const secret = await enrolTotp(dave);
    const later = await logIn(server, 'sf_dave');
    const wrong = codeFor(secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i++) expect((await later.post('/api/marketplace/second-factor/totp', { code: wrong })).status).toBe(400);
    const limited = await later.post('/api/marketplace/second-factor/totp', { code: codeFor(secret, Date.now() + 30_000) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
  it('when an admin lost their authenticator app, then the super admin removes it: their sessions end with the reason, and their next sign-in sets up a new one', async () => {
    const boss = passedBoss!;
    const erin = await signUp(server, 'sf_erin');
    expect((await boss.post('/api/admin/marketplace-users/sf_erin/admin-status', { isAdmin: true })).status).toBe(200);
    await enrolTotp(erin);
    expect((await boss.get('/api/admin/marketplace-users/sf_erin/second-factor')).body).toEqual({ totp: true, passkeys: 0 });

    // Nobody else may look or remove: not the admin herself, not a player.
    const player = await signUp(server, 'sf_pete');
    for (const client of [erin, player]) {
      expect((await client.get('/api/admin/marketplace-users/sf_erin/second-factor')).status).toBe(403);
      expect((await client.delete('/api/admin/marketplace-users/sf_erin/second-factor')).status).toBe(403);
    }
    expect((await boss.get('/api/admin/marketplace-users/sf_erin/second-factor')).body).toEqual({ totp: true, passkeys: 0 });

    const socket = await openSocket(server, erin);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    const removed = await boss.delete('/api/admin/marketplace-users/SF_ERIN/second-factor');
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ totp: false, passkeys: 0 });
    expect(await closed).toEqual({ code: SOCKET_UNAUTHORISED_CLOSE, reason: 'second-factor-reset' });
    expect((await erin.get('/api/marketplace/me')).body).toEqual({ message: 'Please log in to continue', reason: 'second-factor-reset' });

    // Her password still signs her in, as an admin who must set up a new second factor before Admin Control.
    const back = await logIn(server, 'sf_erin');
    expect((await back.get('/api/marketplace/second-factor')).body).toEqual({ state: 'setup', totp: false, passkeys: 0 });
    expect((await back.get('/api/purchase-requests')).status).toBe(403);
    await enrolTotp(back);
    expect((await back.get('/api/purchase-requests')).status).toBe(200);

    // Nothing left to remove, no such user, and the super admin's own: each says why.
    const nothing = await boss.delete('/api/admin/marketplace-users/sf_pete/second-factor');
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe('sf_pete has no authenticator app or passkey to remove');
    // A player's lost passkey goes the same way: it no longer signs anyone in.
    const key = new SoftAuthenticator('127.0.0.1', server.url);
    const options = await player.post('/api/marketplace/passkeys/register-options');
    expect((await player.post('/api/marketplace/passkeys', { response: key.register(options.body) })).status).toBe(201);
    expect((await boss.get('/api/admin/marketplace-users/sf_pete/second-factor')).body).toEqual({ totp: false, passkeys: 1 });
    expect((await boss.delete('/api/admin/marketplace-users/sf_pete/second-factor')).status).toBe(200);
    expect((await player.get('/api/marketplace/me')).body.reason).toBe('second-factor-reset');
    const stranger = new (player.constructor as typeof Client)(server.url);
    const loginOptions = await stranger.post('/api/marketplace/passkeys/login-options');
    expect((await stranger.post('/api/marketplace/passkeys/login', { response: key.authenticate(loginOptions.body) })).status).not.toBe(
      200,
    );
    expect((await boss.delete('/api/admin/marketplace-users/sf_nobody/second-factor')).status).toBe(404);
    const own = await boss.delete(`/api/admin/marketplace-users/${SUPER_ADMIN.username}/second-factor`);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe("The super admin's own second factor cannot be reset here");
    expect((await boss.get('/api/admin/stats')).status).toBe(200);
  });
});

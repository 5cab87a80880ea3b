import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { PasskeyInfo, SecondFactorStatus, TotpSetup } from '../../src/domain/schemas/signin';
import { SessionUser } from '../../src/domain/schemas/auth';
import { SECOND_FACTOR_NEEDED } from '../../server/modules/signin/second-factor';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { Client, logIn, logInSuperAdmin, signUp, useServer } from './helpers';

const server = useServer({ adminSecondFactor: 'required' });

const authenticatorFor = () => new SoftAuthenticator('127.0.0.1', server.url);

/** Adds a passkey to the signed-in client's account through the API, as the Account screen does. */
async function addPasskey(client: Client, authenticator: SoftAuthenticator) {
  const options = await client.post('/api/marketplace/passkeys/register-options');
  expect(options.status).toBe(200);
  return client.post('/api/marketplace/passkeys', { response: authenticator.register(options.body) });
}

/** Signs in with a passkey from a fresh, signed-out client. */
async function passkeyLogin(authenticator: SoftAuthenticator, origin?: string) {
  const client = new Client(server.url);
  const options = await client.post('/api/marketplace/passkeys/login-options');
  expect(options.status).toBe(200);
  expect(options.body.rpId).toBe('127.0.0.1');
  expect(options.body.allowCredentials).toEqual([]);
  const response = authenticator.authenticate(options.body, undefined, origin);
  return { client, response, answer: await client.post('/api/marketplace/passkeys/login', { response }) };
}

describe('passkeys', () => {
  it('when a player adds a passkey, then a signed-out device signs in with it, no password, with a new session', async () => {
    const player = await signUp(server, 'pk_player');
    const authenticator = authenticatorFor();
    const added = await addPasskey(player, authenticator);
    expect(added.status).toBe(201);
    const list = added.body.map((key: unknown) => PasskeyInfo.parse(key));
    expect(list).toEqual([
      {
        id: authenticator.passkeys[0].id,
        name: expect.stringMatching(/^Passkey, added \d{4}-\d{2}-\d{2}$/),
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    expect((await player.get('/api/marketplace/passkeys')).body).toEqual(added.body);

    const { client, answer } = await passkeyLogin(authenticator);
    expect(answer.status).toBe(200);
    expect(SessionUser.parse(answer.body)).toMatchObject({ username: 'pk_player', isAdmin: false });
    expect(client.cookie).toMatch(/^bm_session=/);
    expect((await client.get('/api/marketplace/me')).body.username).toBe('pk_player');
    expect((await client.get('/api/marketplace/passkeys')).body[0].lastUsedAt).not.toBeNull();
    // The password still works.
    await logIn(server, 'pk_player');
  });

  it('when a player adds two passkeys from the same device, then their names differ (issue 52.5: two identical rows)', async () => {
    const player = await signUp(server, 'pk_twice');
    expect((await addPasskey(player, authenticatorFor())).status).toBe(201);
    const second = await addPasskey(player, authenticatorFor());
    expect(second.status).toBe(201);
    const names = second.body.map((key: unknown) => PasskeyInfo.parse(key).name);
    const day = new Date().toISOString().slice(0, 10);
    expect(names).toEqual([`Passkey, added ${day}`, `Passkey, added ${day} (2)`]);
  });

  it('when a sign-in is replayed, signed for another site, or made with an unknown or removed passkey, then it is refused', async () => {
    const player = await signUp(server, 'pk_replay');
    const authenticator = authenticatorFor();
    expect((await addPasskey(player, authenticator)).status).toBe(201);

    const first = await passkeyLogin(authenticator);
    expect(first.answer.status).toBe(200);
    const replayed = await new Client(server.url).post('/api/marketplace/passkeys/login', { response: first.response });
    expect(replayed.status).toBe(400);
    expect(replayed.body.message).toBe('This passkey could not be checked. Please try again.');

    const phished = await passkeyLogin(authenticator, 'https://blockspin-market.evil.example');
    expect(phished.answer.status).toBe(400);
    expect(phished.client.cookie).toBeNull();

    const stranger = authenticatorFor();
    stranger.register({ challenge: 'x', user: { id: 'someone' } });
    const unknown = await passkeyLogin(stranger);
    expect(unknown.answer.status).toBe(401);
    expect(unknown.answer.body.message).toBe('This passkey is not known here. Sign in with your password, then add a passkey in Account.');

    const removed = await player.delete(`/api/marketplace/passkeys/${encodeURIComponent(authenticator.passkeys[0].id)}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual([]);
    expect((await passkeyLogin(authenticator)).answer.status).toBe(401);
  });

  it("when a registration answers another account's challenge, then it is refused", async () => {
    const a = await signUp(server, 'pk_a');
    const b = await signUp(server, 'pk_b');
    const options = await a.post('/api/marketplace/passkeys/register-options');
    const stolen = await b.post('/api/marketplace/passkeys', { response: authenticatorFor().register(options.body) });
    expect(stolen.status).toBe(400);
    expect((await b.get('/api/marketplace/passkeys')).body).toEqual([]);
  });

  it("when an admin signs in with a passkey, then the session has passed the second factor; with a password alone they can't add one once they have a factor", async () => {
    const boss = await logInSuperAdmin(server);
    expect((await boss.get('/api/marketplace/second-factor')).body.state).toBe('setup');
    const authenticator = authenticatorFor();
    // An admin with no factor may add a passkey from the password session: that passes it too.
    expect((await addPasskey(boss, authenticator)).status).toBe(201);
    expect(SecondFactorStatus.parse((await boss.get('/api/marketplace/second-factor')).body)).toEqual({
      state: 'passed',
      totp: false,
      passkeys: 1,
    });
    expect((await boss.get('/api/admin/stats')).status).toBe(200);

    const byPassword = await logInSuperAdmin(server);
    expect((await byPassword.get('/api/marketplace/second-factor')).body.state).toBe('needed');
    expect((await byPassword.get('/api/admin/stats')).body.message).toBe(SECOND_FACTOR_NEEDED);
    const refused = await byPassword.post('/api/marketplace/passkeys/register-options');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SECOND_FACTOR_NEEDED);
    expect((await byPassword.delete(`/api/marketplace/passkeys/${authenticator.passkeys[0].id}`)).status).toBe(403);
    expect((await byPassword.post('/api/marketplace/second-factor/totp/setup')).status).toBe(403);

    const { client, answer } = await passkeyLogin(authenticator);
    expect(answer.status).toBe(200);
    expect(answer.body.isSuperAdmin).toBe(true);
    expect((await client.get('/api/marketplace/second-factor')).body.state).toBe('passed');
    expect((await client.get('/api/admin/stats')).status).toBe(200);
    // Passed, the admin may add an authenticator app as well.
    const setup = TotpSetup.parse((await client.post('/api/marketplace/second-factor/totp/setup')).body);
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
    expect((await client.post('/api/marketplace/second-factor/totp/confirm', { code })).body).toEqual({
      state: 'passed',
      totp: true,
      passkeys: 1,
      recoveryCodes: expect.arrayContaining([expect.stringMatching(/^[a-z2-9]{5}-[a-z2-9]{5}$/)]),
    });
  });
});

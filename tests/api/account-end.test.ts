import { describe, expect, it } from 'vitest';
import { hashToken } from '../../server/modules/auth/tokens';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';
import { CART, Client, logIn, logInSuperAdmin, PASSWORD, queryDatabase, signUp, useServer, type Answer } from './helpers';

// Accounts end when they end (issue 45 items 1–5, DESIGN §3): a deleted account signs in by no means, its device
// cookies are worth nothing to the next owner of its name, the password budget holds under a burst, a reset link dies
// with a password change, and every super admin action on an account is an audit row.
const server = useServer();

/** Adds a passkey to the signed-in client's account through the API, as the Account screen does. */
async function addPasskey(on: TestServer, client: Client, authenticator: SoftAuthenticator) {
  const options = await client.post('/api/marketplace/passkeys/register-options');
  expect(options.status).toBe(200);
  const added = await client.post('/api/marketplace/passkeys', { response: authenticator.register(options.body) });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
}

async function passkeyLogin(on: TestServer, authenticator: SoftAuthenticator) {
  const client = new Client(on.url);
  const options = await client.post('/api/marketplace/passkeys/login-options');
  const answer = await client.post('/api/marketplace/passkeys/login', { response: authenticator.authenticate(options.body) });
  return { client, answer };
}

const userAudit = async (superAdmin: Client) =>
  (await superAdmin.get('/api/admin/audit?subjectType=user')).body as Array<{
    subjectId: number;
    from: string | null;
    to: string;
    actorName: string;
    note: string | null;
  }>;

describe('a deleted account signs in by no means (issue 45.1)', () => {
  it('when a player with credit and a passkey is deleted, then the passkey, the old session and a stray session row all answer 401, and the credit is never spent', async () => {
    const superAdmin = await logInSuperAdmin(server);
    const player = await signUp(server, 'gone_pk');
    const authenticator = new SoftAuthenticator('127.0.0.1', server.url);
    await addPasskey(server, player, authenticator);
    const granted = await superAdmin.post('/api/admin/marketplace-users/gone_pk/credit-adjustments', { amount: 50, reason: 'Goodwill' });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    // Before: the passkey signs in.
    expect((await passkeyLogin(server, authenticator)).answer.status).toBe(200);
    const id = (await queryDatabase<{ id: number }>(server, 'SELECT id FROM users WHERE username = ?', ['gone_pk']))[0].id;

    expect((await superAdmin.delete('/api/admin/marketplace-users/gone_pk')).status).toBe(204);

    const after = await passkeyLogin(server, authenticator);
    expect(after.answer.status).toBe(401);
    expect(after.client.cookie).toBeNull();
    const spend = await after.client.post('/api/purchase-requests', { ...CART, applyCredit: true });
    expect(spend.status).toBe(401);
    expect((await player.get('/api/marketplace/me')).status).toBe(401);
    // Nothing that signs in or reaches the account is left.
    for (const table of ['passkeys', 'setup_tokens', 'user_totp', 'push_subscriptions', 'sessions'])
      expect(await queryDatabase(server, `SELECT 1 FROM ${table} WHERE user_id = ?`, [id]), table).toEqual([]);

    // A session row left behind (an older deletion, a write racing this one) is not a session either.
    const token = 'stray-session-token-of-a-deleted-account';
    await queryDatabase(server, 'INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)', [
      hashToken(token),
      id,
      Date.now(),
      Date.now(),
    ]);
    const holder = new Client(server.url);
    holder.cookie = `bm_session=${token}`;
    expect((await holder.get('/api/marketplace/me')).status).toBe(401);
    expect((await holder.post('/api/purchase-requests', { ...CART, applyCredit: true })).status).toBe(401);
  });
});

describe('a reset link dies with the password (issue 45.4)', () => {
  it("when the super admin's link is issued and the player then changes the password with the current one, then the link answers 403", async () => {
    const superAdmin = await logInSuperAdmin(server);
    const player = await signUp(server, 'linky');
    const link = await superAdmin.post('/api/admin/marketplace-users/linky/reset-link');
    expect(link.status).toBe(201);
    const token = new URL(link.body.path, server.url).searchParams.get('token')!;
    const changed = await player.put('/api/marketplace/change-password/linky', {
      currentPassword: PASSWORD,
      newPassword: 'changed-pass-1',
    });
    expect(changed.status).toBe(200);
    const used = await new Client(server.url).put('/api/marketplace/change-password/linky', { token, newPassword: 'stolen-pass-1' });
    expect(used.status).toBe(403);
    expect(used.body.message).toBe('This password link is invalid or has already been used');
    await logIn(server, 'linky', 'changed-pass-1');
  });
});

describe("the super admin's account actions are audited (issue 45.5)", () => {
  it('when a player is promoted, demoted, handed a reset link, has the second factor reset and is deleted, then each is a row of the audit log with who did it', async () => {
    const superAdmin = await logInSuperAdmin(server);
    const player = await signUp(server, 'audited');
    await addPasskey(server, player, new SoftAuthenticator('127.0.0.1', server.url));
    const id = (await queryDatabase<{ id: number }>(server, 'SELECT id FROM users WHERE username = ?', ['audited']))[0].id;
    const ok = (answer: Answer, status = 200) => expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    ok(await superAdmin.post('/api/admin/marketplace-users/audited/admin-status', { isAdmin: true }));
    // Asked again: no change, no row.
    ok(await superAdmin.post('/api/admin/marketplace-users/audited/admin-status', { isAdmin: true }));
    ok(await superAdmin.post('/api/admin/marketplace-users/audited/admin-status', { isAdmin: false }));
    ok(await superAdmin.post('/api/admin/marketplace-users/audited/reset-link'), 201);
    ok(await superAdmin.delete('/api/admin/marketplace-users/audited/second-factor'));
    ok(await superAdmin.delete('/api/admin/marketplace-users/audited'), 204);

    const rows = (await userAudit(superAdmin)).filter((row) => row.subjectId === id).reverse();
    expect(rows.map(({ from, to, actorName }) => ({ from, to, actorName }))).toEqual([
      { from: 'player', to: 'admin', actorName: SUPER_ADMIN.username },
      { from: 'admin', to: 'player', actorName: SUPER_ADMIN.username },
      { from: null, to: 'reset-link-issued', actorName: SUPER_ADMIN.username },
      { from: null, to: 'second-factor-reset', actorName: SUPER_ADMIN.username },
      { from: 'player', to: 'deleted', actorName: SUPER_ADMIN.username },
    ]);
    expect(rows.map((row) => row.note)).toEqual([
      'audited was made an admin',
      'audited is no longer an admin; their sessions ended',
      'A one-time password reset link for audited, valid for 24 hours',
      'Removed 1 passkey of audited; their sessions ended',
      'The account audited was deleted',
    ]);
  });
});

/** A distinct address behind the (trusted, loopback) proxy for each attempt. */
const address = (i: number) => ({ 'x-forwarded-for': `198.19.${i >> 8}.${i & 255}` });

describe('password budgets that cannot be dodged (issue 45 items 2 and 3)', () => {
  it("when a deleted account's name is taken again, then the old owner's device cookie has no budget of its own on the new account", async () => {
    const limited = await startTestServer({ rateLimit: true, hashWaitMs: 30_000 });
    try {
      const superAdmin = await logInSuperAdmin(limited);
      const oldOwner = await signUp(limited, 'reused');
      expect(oldOwner.device).toMatch(/^bm_device=/);
      expect((await superAdmin.delete('/api/admin/marketplace-users/reused')).status).toBe(204);
      const newOwner = await signUp(limited, 'reused', 'the-new-owners-pass');

      // The new account's budget is spent by a browser holding its session but not its device cookie (change-password
      // checks the current password against the same budget as login), ten at a time.
      const thief = new Client(limited.url);
      thief.cookie = newOwner.cookie;
      const statuses: number[] = [];
      for (let batch = 0; batch < 11; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            thief.put('/api/marketplace/change-password/reused', { currentPassword: `guess-${batch}-${i}`, newPassword: 'taken-over-1' }),
          ),
        );
        statuses.push(...answers.map((answer) => answer.status));
      }
      expect(statuses.filter((status) => status === 401)).toHaveLength(100);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);

      // The old owner's browser is a stranger to the new account: its guesses meet the spent budget.
      oldOwner.cookie = null;
      const guess = await oldOwner.post('/api/marketplace/login', { username: 'reused', password: 'another-guess' }, address(501));
      expect(guess.status).toBe(429);
      // The new owner's own device keeps its budget.
      newOwner.cookie = null;
      expect(
        (await newOwner.post('/api/marketplace/login', { username: 'reused', password: 'the-new-owners-pass' }, address(502))).status,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('when 150 wrong current passwords arrive at once on change-password, then at most 100 are checked and the rest answer 429', async () => {
    const limited = await startTestServer({ rateLimit: true });
    try {
      const owner = await signUp(limited, 'burst_target');
      // A browser holding the session but not the device cookie spends the account's budget; the owner's device its own.
      const thief = new Client(limited.url);
      thief.cookie = owner.cookie;
      for (const guesser of [thief, owner]) {
        const answers = await Promise.all(
          Array.from({ length: 150 }, (_, i) =>
            guesser.put('/api/marketplace/change-password/burst_target', { currentPassword: `guess-${i}`, newPassword: 'taken-over-1' }),
          ),
        );
        const statuses = answers.map((answer) => answer.status);
        const count = (wanted: number) => statuses.filter((status) => status === wanted).length;
        // 503: the hashing queue was full (the check never ran), which gives the attempt back to the budget, so a
        // later arrival may take it: on a busy machine fewer than 50 meet 429, but never fewer than 50 go unchecked.
        expect(statuses.filter((status) => ![401, 429, 503].includes(status))).toEqual([]);
        expect(count(401)).toBeLessThanOrEqual(100);
        expect(count(429)).toBeGreaterThan(0);
        expect(count(429) + count(503)).toBeGreaterThanOrEqual(50);
      }
    } finally {
      await limited.close();
    }
  }, 60_000);
});

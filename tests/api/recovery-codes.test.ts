import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { TotpConfirmed, TotpSetup } from '../../src/domain/schemas/signin';
import { WRONG_RECOVERY_CODE } from '../../server/modules/signin/second-factor';
import { recoveryCodeHash } from '../../server/modules/signin/recovery-codes';
import { logIn, logInSuperAdmin, queryDatabase, signUp, useServer, type Client } from './helpers';
import { SUPER_ADMIN } from '../support/server';

const codeFor = (secret: string, at = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

/** Sets up and confirms an authenticator app; answers its secret and the recovery codes the confirmation gave. */
async function enrol(client: Client): Promise<{ secret: string; codes: string[] }> {
  const setup = await client.post('/api/marketplace/second-factor/totp/setup');
  expect(setup.status).toBe(200);
  const { secret } = TotpSetup.parse(setup.body);
  const confirmed = await client.post('/api/marketplace/second-factor/totp/confirm', { code: codeFor(secret) });
  expect(confirmed.status).toBe(200);
  return { secret, codes: TotpConfirmed.parse(confirmed.body).recoveryCodes };
}

describe('POST /api/marketplace/second-factor/totp with a recovery code (ADMIN_SECOND_FACTOR=required)', () => {
  const server = useServer({ adminSecondFactor: 'required' });
  /** The super admin's unused recovery codes, for the later tests' sessions. */
  let bossCodes: string[] = [];

  it('when an authenticator app is confirmed, then 10 distinct recovery codes are answered once and only their hashes are stored', async () => {
    const boss = await logInSuperAdmin(server);
    const { codes } = await enrol(boss);
    bossCodes = codes.slice(5);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const stored = await queryDatabase<{ code_hash: string; used_at: number | null }>(
      server,
      'SELECT code_hash, used_at FROM totp_recovery_codes WHERE user_id = (SELECT id FROM users WHERE username = ?) ORDER BY code_hash',
      [SUPER_ADMIN.username],
    );
    expect(stored.map((row) => row.code_hash)).toEqual(codes.map(recoveryCodeHash).sort());
    expect(stored.every((row) => row.used_at === null)).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
    // The status never repeats them.
    expect((await boss.get('/api/marketplace/second-factor')).body).toEqual({ state: 'passed', totp: true, passkeys: 0 });

    // A sign-in passes with one instead of the phone's code, typed in capitals without its dash.
    const lostPhone = await logInSuperAdmin(server);
    expect((await lostPhone.get('/api/admin/stats')).status).toBe(403);
    const passed = await lostPhone.post('/api/marketplace/second-factor/totp', { code: codes[3].toUpperCase().replace('-', '') });
    expect(passed.status).toBe(200);
    expect(passed.body).toEqual({ state: 'passed', totp: true, passkeys: 0 });
    expect((await lostPhone.get('/api/admin/stats')).status).toBe(200);

    // Each works once.
    const again = await logInSuperAdmin(server);
    const reused = await again.post('/api/marketplace/second-factor/totp', { code: codes[3] });
    expect(reused.status).toBe(400);
    expect(reused.body.issues).toEqual([{ path: 'code', message: WRONG_RECOVERY_CODE }]);
    expect((await again.get('/api/admin/stats')).status).toBe(403);
    const made = await again.post('/api/marketplace/second-factor/totp', { code: 'abcde-fghjk' });
    expect(made.status).toBe(400);
    expect(made.body.issues).toEqual([{ path: 'code', message: WRONG_RECOVERY_CODE }]);
    expect((await again.post('/api/marketplace/second-factor/totp', { code: codes[4] })).status).toBe(200);
    expect((await again.get('/api/admin/stats')).status).toBe(200);
  });

  it("when a recovery code is sent to confirm a new app, then it is refused (only the app's own code confirms it)", async () => {
    const admin = await newAdmin('confirm-carol');
    expect((await admin.post('/api/marketplace/second-factor/totp/setup')).status).toBe(200);
    const refused = await admin.post('/api/marketplace/second-factor/totp/confirm', { code: 'abcde-fghjk' });
    expect(refused.status).toBe(400);
    expect((await admin.get('/api/marketplace/second-factor')).body.totp).toBe(false);
  });

  it("when the super admin resets an admin's second factor, then that admin's recovery codes are deleted with the app", async () => {
    const admin = await newAdmin('reset-carol');
    const { codes } = await enrol(admin);
    expect(await codesOf('reset-carol')).toBe(10);
    const boss = await passedBoss();
    expect((await boss.delete('/api/admin/marketplace-users/reset-carol/second-factor')).status).toBe(200);
    expect(await codesOf('reset-carol')).toBe(0);
    const later = await logIn(server, 'reset-carol');
    expect((await later.post('/api/marketplace/second-factor/totp', { code: codes[0] })).status).toBe(409);
  });

  /** How many recovery codes a user has stored. */
  async function codesOf(username: string): Promise<number> {
    const rows = await queryDatabase<{ n: number }>(
      server,
      'SELECT COUNT(*) AS n FROM totp_recovery_codes WHERE user_id = (SELECT id FROM users WHERE username = ?)',
      [username],
    );
    return Number(rows[0].n);
  }

  /** A super admin session passed with one of the first test's recovery codes (each is spent once). */
  async function passedBoss(): Promise<Client> {
    const boss = await logInSuperAdmin(server);
    expect((await boss.post('/api/marketplace/second-factor/totp', { code: bossCodes.pop() })).status).toBe(200);
    return boss;
  }

  /** A new player made an admin by the super admin. */
  async function newAdmin(username: string): Promise<Client> {
    const client = await signUp(server, username);
    const boss = await passedBoss();
    expect((await boss.post(`/api/admin/marketplace-users/${username}/admin-status`, { isAdmin: true })).status).toBe(200);
    return client;
  }
});

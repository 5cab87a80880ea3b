import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { start } from '../../server/start';
import { LOGIN_DELAY_STEP_MS, LOGIN_FREE_FAILURES } from '../../server/modules/auth/rate-limit';
import { observeLoginDelays } from '../support/login-delays';
import { startTestServer, SUPER_ADMIN } from '../support/server';
import { Client, logIn, PASSWORD, signUp, useServerWithCast } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');

const BASE = {
  port: 0,
  host: '127.0.0.1',
  logLevel: 'silent',
  staticDir: null,
  rateLimit: false,
  superAdminUsername: 'root',
  adminSecondFactor: 'optional',
} as const;

/** Starts a server without SUPER_ADMIN_PASSWORD. */
async function startWithoutPassword(dataDir: string) {
  return start({ ...BASE, dataDir });
}

/** Runs the real entry point on `dataDir` and resolves with its plain (non-JSON) stdout lines once it listens. */
function plainStartOutput(dataDir: string, env: Record<string, string> = {}): Promise<{ lines: string[]; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/index.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      SUPER_ADMIN_USERNAME: 'root',
      SUPER_ADMIN_PASSWORD: '',
      LOG_LEVEL: 'info',
      SERVE_STATIC: 'false',
      RATE_LIMIT: 'false',
      ADMIN_SECOND_FACTOR: 'optional',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const plain: string[] = [];
    let announced = false;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) return;
      // Every plain line up to the blank line that closes the announcement.
      if (line.trim() !== '') plain.push(line);
      if (line.startsWith('Blockspin Market is running at')) announced = true;
      else if (announced && line.trim() === '') resolve({ lines: plain, stop });
    });
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
}

describe('the one-time setup link', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blockspin-setup-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('when the super admin has no password, then the first start gives a link that works once', async () => {
    const server = await startWithoutPassword(dataDir);
    try {
      const match = /(http:\/\/127\.0\.0\.1:\d+)\/change-password\?token=([^&\s]+)&username=root/.exec(server.setupLink ?? '');
      expect(match).not.toBeNull();
      expect(match![1]).toBe(server.url);
      const token = decodeURIComponent(match![2]);
      const client = new Client(server.url);
      expect((await client.post('/api/marketplace/login', { username: 'root', password: 'anything-1' })).status).toBe(401);

      const wrongUser = await client.put('/api/marketplace/change-password/someone', { token, newPassword: 'root-password-1' });
      expect(wrongUser.status).toBe(403);
      const first = await client.put('/api/marketplace/change-password/root', { token, newPassword: 'root-password-1' });
      expect(first.status).toBe(200);
      const again = await client.put('/api/marketplace/change-password/root', { token, newPassword: 'root-password-2' });
      expect(again.status).toBe(403);
      expect(again.body.message).toMatch(/invalid or has already been used/);

      const login = await client.post('/api/marketplace/login', { username: 'root', password: 'root-password-1' });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ username: 'root', isAdmin: true, isSuperAdmin: true });
    } finally {
      await server.stop();
    }
  });

  it('when the password is set, then a restart prints no link and keeps the password', async () => {
    const server = await startWithoutPassword(dataDir);
    try {
      expect(server.setupLink).toBeNull();
      expect((await new Client(server.url).post('/api/marketplace/login', { username: 'root', password: 'root-password-1' })).status).toBe(
        200,
      );
    } finally {
      await server.stop();
    }
  });

  it('when SUPER_ADMIN_PASSWORD is given and the account has none, then it is used and no link is printed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'blockspin-setup-'));
    const server = await start({ ...BASE, dataDir: dir, superAdminPassword: 'from-env-password' });
    try {
      expect(
        (await new Client(server.url).post('/api/marketplace/login', { username: 'ROOT', password: 'from-env-password' })).status,
      ).toBe(200);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what npm start prints for a person', () => {
  it('when the server starts, then one plain line says where to open it, and a first start adds the setup link', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'blockspin-banner-'));
    try {
      const first = await plainStartOutput(dir);
      await first.stop();
      expect(first.lines).toHaveLength(2);
      expect(first.lines[0]).toMatch(/^Blockspin Market is running at http:\/\/localhost:\d+$/);
      const port = /:(\d+)$/.exec(first.lines[0])![1];
      expect(first.lines[1]).toMatch(
        new RegExp(
          `^Set the super admin's password \\(works once\\): http://localhost:${port}/change-password\\?token=[^&\\s]+&username=root$`,
        ),
      );

      // Once a password exists (given here by the environment), the start prints the address alone.
      const second = await plainStartOutput(dir, { SUPER_ADMIN_PASSWORD: 'from-env-password' });
      await second.stop();
      expect(second.lines).toEqual([expect.stringMatching(/^Blockspin Market is running at http:\/\/localhost:\d+$/)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the super admin's protections", () => {
  const { server, cast } = useServerWithCast();

  it('when anyone tries to demote the super admin, then it answers 403 and nothing changes', async () => {
    const answer = await cast.superAdmin.post(`/api/admin/marketplace-users/${SUPER_ADMIN.username}/admin-status`, { isAdmin: false });
    expect(answer.status).toBe(403);
    expect((await cast.superAdmin.get('/api/marketplace/me')).body).toMatchObject({ isAdmin: true, isSuperAdmin: true });
  });

  it('when anyone tries to delete the super admin, then it answers 403 and the account remains', async () => {
    const answer = await cast.superAdmin.delete(`/api/admin/marketplace-users/${SUPER_ADMIN.username.toUpperCase()}`);
    expect(answer.status).toBe(403);
    await logIn(server, SUPER_ADMIN.username, SUPER_ADMIN.password);
  });

  it('when someone signs up with the super admin name, then it answers 409', async () => {
    const answer = await new Client(server.url).post('/api/marketplace/signup', { username: 'ADMIN', password: 'abcdefgh' });
    expect(answer.status).toBe(409);
  });

  it('when an admin (not super) calls the user management, then it answers 403', async () => {
    expect((await cast.admin.get('/api/admin/marketplace-users')).status).toBe(403);
    expect((await cast.admin.post('/api/admin/marketplace-users/alice/admin-status', { isAdmin: true })).status).toBe(403);
  });
});

/**
 * Ten logins or signups at once wait for the hashing slots; past 2 s one answers 503, which on a loaded machine
 * (seen at a load of 30 on 2 cores) broke the counts these tests are about. The 503 itself is tested in login-flood.
 */
const PATIENT = { hashWaitMs: 30_000 } as const;

describe('rate limits', () => {
  it('when a username gets ten wrong passwords, then it is slowed down, not locked out, and the right password still logs in', async () => {
    const server = await startTestServer({ rateLimit: true });
    try {
      await signUp(server, 'victim');
      const attacker = new Client(server.url);
      const wrong = await Promise.all(
        Array.from({ length: 10 }, () => attacker.post('/api/marketplace/login', { username: 'victim', password: 'wrong-password' })),
      );
      expect(wrong.map((answer) => answer.status)).toEqual(Array(10).fill(401));
      const delays = observeLoginDelays();
      try {
        const player = await new Client(server.url).post('/api/marketplace/login', { username: 'victim', password: PASSWORD });
        expect(player.status).toBe(200);
        // The eleventh failure-counted attempt waits (11 - 5) × 250 ms: a delay, where a lockout would have answered 429.
        // The delay the server chose, not the time the machine took.
        expect(delays.answered).toEqual([{ status: 200, delayMs: (11 - LOGIN_FREE_FAILURES) * LOGIN_DELAY_STEP_MS }]);
      } finally {
        delays.stop();
      }
    } finally {
      await server.close();
    }
  });

  it('when a player logs in successfully many times, then successes cost no delay, and ten a minute are let through (issue 29.3)', async () => {
    const server = await startTestServer({ rateLimit: true });
    try {
      await signUp(server, 'regular');
      const delays = observeLoginDelays();
      try {
        // Each from a new browser: none holds the account's device cookie, so all share the account's count.
        for (let i = 0; i < 10; i++) {
          expect((await new Client(server.url).post('/api/marketplace/login', { username: 'regular', password: PASSWORD })).status).toBe(
            200,
          );
        }
        // Not one was held back: were successes counted, the sixth to the tenth would wait 250 ms more each. (The delay
        // the server chose, so a loaded machine neither fails this nor hides a delay.)
        expect(delays.answered).toEqual(Array(10).fill({ status: 200, delayMs: 0 }));
      } finally {
        delays.stop();
      }
      const eleventh = await new Client(server.url).post('/api/marketplace/login', { username: 'regular', password: PASSWORD });
      expect(eleventh.status).toBe(429);
      expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(eleventh.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    } finally {
      await server.close();
    }
  });

  it('when one address fails 100 logins across usernames, then it answers 429 JSON with Retry-After', async () => {
    const server = await startTestServer({ rateLimit: true, ...PATIENT });
    try {
      const client = new Client(server.url);
      for (let batch = 0; batch < 10; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            client.post('/api/marketplace/login', { username: `ghost${batch * 10 + i}`, password: 'wrong-password' }),
          ),
        );
        expect(answers.every((answer) => answer.status === 401)).toBe(true);
      }
      const last = await client.post('/api/marketplace/login', { username: 'ghost-last', password: 'wrong-password' });
      expect(last.status).toBe(429);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(last.body).toEqual({ message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minute\(s\) and try again\.$/) });
    } finally {
      await server.close();
    }
  });

  describe.each([
    ['a trusted proxy (the default: loopback)', 'loopback' as const, 401],
    ['an untrusted proxy (TRUST_PROXY=false)', false, 429],
  ])('behind %s', (_label, trustProxy, otherPlayerStatus) => {
    it(`when one player behind it fails 100 logins, then another player behind it answers ${otherPlayerStatus}`, async () => {
      const server = await startTestServer({ rateLimit: true, trustProxy, ...PATIENT });
      try {
        const client = new Client(server.url);
        const from = (address: string) => ({ 'x-forwarded-for': address });
        for (let batch = 0; batch < 10; batch++) {
          const answers = await Promise.all(
            Array.from({ length: 10 }, (_, i) =>
              client.post(
                '/api/marketplace/login',
                { username: `ghost${batch * 10 + i}`, password: 'wrong-password' },
                from('203.0.113.7'),
              ),
            ),
          );
          expect(answers.every((answer) => answer.status === 401)).toBe(true);
        }
        const same = await client.post('/api/marketplace/login', { username: 'ghost', password: 'wrong-password' }, from('203.0.113.7'));
        expect(same.status).toBe(429);
        // A trusted proxy's X-Forwarded-For names each player; an untrusted one could be forged, so it is not read.
        const other = await client.post('/api/marketplace/login', { username: 'ghost', password: 'wrong-password' }, from('198.51.100.4'));
        expect(other.status).toBe(otherPlayerStatus);
      } finally {
        await server.close();
      }
    });
  });

  it("when a drop's crowd signs up from one shared address, then 200 signups an hour pass and the next answers 429", async () => {
    const server = await startTestServer({ rateLimit: true, ...PATIENT });
    try {
      const statuses: number[] = [];
      for (let batch = 0; batch < 25; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            new Client(server.url).post('/api/marketplace/signup', { username: `drop_${batch}_${i}`, password: 'abcdefgh' }),
          ),
        );
        statuses.push(...answers.map((answer) => answer.status));
      }
      expect(statuses).toEqual(Array(200).fill(201));
      const refused = await new Client(server.url).post('/api/marketplace/signup', { username: 'one_too_many', password: 'abcdefgh' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  }, 120_000);
});

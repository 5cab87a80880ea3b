// The super admin: the one-time setup link, what npm start prints, and the protections of the account. The rate
// limits of logins and signups are in super-admin-rate-limits.test.ts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { start } from '../../server/start';
import { SUPER_ADMIN } from '../support/server';
import { Client, logIn, useServerWithCast } from './helpers';

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

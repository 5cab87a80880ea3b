import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { start } from '../../server/start';
import { startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';
import { Client, createCast, logIn, type Cast } from './helpers';

const BASE = { port: 0, host: '127.0.0.1', logLevel: 'silent', staticDir: null, rateLimit: false, superAdminUsername: 'root' } as const;

/** Starts a server without SUPER_ADMIN_PASSWORD and returns what it printed. */
async function startCapturing(dataDir: string) {
  const printed: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  });
  try {
    const server = await start({ ...BASE, dataDir });
    return { server, printed: printed.join('') };
  } finally {
    spy.mockRestore();
  }
}

describe('the one-time setup link', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blockspin-setup-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('when the super admin has no password, then the first start prints a link that works once', async () => {
    const { server, printed } = await startCapturing(dataDir);
    try {
      const match = /(http:\/\/127\.0\.0\.1:\d+)\/change-password\?token=([^&\s]+)&username=root/.exec(printed);
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
    const { server, printed } = await startCapturing(dataDir);
    try {
      expect(printed).not.toMatch(/change-password\?token=/);
      expect((await new Client(server.url).post('/api/marketplace/login', { username: 'root', password: 'root-password-1' })).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('when SUPER_ADMIN_PASSWORD is given and the account has none, then it is used and no link is printed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'blockspin-setup-'));
    const server = await start({ ...BASE, dataDir: dir, superAdminPassword: 'from-env-password' });
    try {
      expect((await new Client(server.url).post('/api/marketplace/login', { username: 'ROOT', password: 'from-env-password' })).status).toBe(200);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the super admin's protections", () => {
  let server: TestServer;
  let cast: Cast;
  beforeAll(async () => {
    server = await startTestServer();
    cast = await createCast(server);
  });
  afterAll(() => server.close());

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
    const answer = await new Client(server.url).post('/api/marketplace/signup', { username: 'ADMIN', password: 'abcdefg' });
    expect(answer.status).toBe(409);
  });

  it('when an admin (not super) calls the user management, then it answers 403', async () => {
    expect((await cast.admin.get('/api/admin/marketplace-users')).status).toBe(403);
    expect((await cast.admin.post('/api/admin/marketplace-users/alice/admin-status', { isAdmin: true })).status).toBe(403);
  });
});

describe('rate limits', () => {
  it('when login is tried too often for one username, then it answers 429 JSON with Retry-After', async () => {
    const server = await startTestServer({ rateLimit: true });
    try {
      const client = new Client(server.url);
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 11; i++) {
        last = await client.post('/api/marketplace/login', { username: 'ghost', password: 'wrong-password' });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(last!.status).toBe(429);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(last!.body.message).toMatch(/Too many attempts/);
      // Another username from the same address is still allowed.
      expect((await client.post('/api/marketplace/login', { username: 'other', password: 'wrong-password' })).status).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('when signups come too fast from one address, then it answers 429', async () => {
    const server = await startTestServer({ rateLimit: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await new Client(server.url).post('/api/marketplace/signup', { username: `rl_user_${i}`, password: 'abcdefg' })).status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await server.close();
    }
  });
});

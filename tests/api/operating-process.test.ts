import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { onPostgres } from '../support/server';
import { linkIn, startSmtpServer } from '../support/smtp';
import { CART, Client, signUp } from './helpers';

// Issue 51: the real entry point (server/index.ts) as its own OS process, as systemd runs it: what a signal does to
// /readyz, and what its log lines hold after a session.

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Running {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote, stdout and stderr, line by line. */
  output: string[];
  exited: Promise<number | null>;
}

const running: Running[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function startServer(env: Record<string, string>): Promise<Running> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blockspin-ops-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/index.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SUPER_ADMIN_PASSWORD: 'child-admin-pass-51',
      SERVE_STATIC: 'false',
      RATE_LIMIT: 'false',
      ADMIN_SECOND_FACTOR: 'optional',
      // This file runs the SQLite server: the processes of the PostgreSQL suite are tests/pg's.
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let buffered = '';
    const read = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        output.push(line);
        try {
          const entry = JSON.parse(line) as { msg?: string; url?: string };
          if (entry.msg === 'listening' && entry.url) {
            const server = { child, url: entry.url, output, exited };
            running.push(server);
            resolve(server);
          }
        } catch {
          // not a log line
        }
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output.join('\n')}`)));
  });
}

describe.skipIf(onPostgres())('SIGTERM and /readyz', () => {
  it('when the process gets SIGTERM, then /readyz answers 503 while the listener still accepts, and then it exits', async () => {
    const server = await startServer({ SHUTDOWN_DRAIN_SECONDS: '2', LOG_LEVEL: 'info' });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    // A new connection each time (no keep-alive): the listener is still open and says it is going away, once the
    // process has handled the signal (delivered asynchronously: a loaded CI run asked before it had).
    const readiness = async () => {
      const answer = await fetch(`${server.url}/readyz`, { headers: { connection: 'close' } });
      return { status: answer.status, body: (await answer.json()) as unknown };
    };
    await expect.poll(readiness).toMatchObject({ status: 503, body: { ok: false, status: 'draining' } });
    const alive = await fetch(`${server.url}/healthz`, { headers: { connection: 'close' } });
    expect(alive.status).toBe(200);
    expect(await alive.json()).toMatchObject({ ok: true, state: 'draining' });
    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  }, 30_000);
});

describe.skipIf(onPostgres())('the logs of a session', () => {
  it('when a player signs up, logs in, sets an email, changes the password and buys, then no log line holds a secret', async () => {
    // trace: every line the server can write, not only those an operator keeps. Mail goes to a local SMTP server, so
    // the one-time links (email verification, password reset) are really made.
    const smtp = await startSmtpServer();
    try {
      const server = await startServer({ LOG_LEVEL: 'trace', SMTP_URL: smtp.url });
      await session(server, smtp);
    } finally {
      await smtp.close();
    }
  }, 60_000);
});

async function session(server: Running, smtp: Awaited<ReturnType<typeof startSmtpServer>>) {
  const password = 'first-Secret-pass-51';
  const changed = 'second-Secret-pass-51';
  const reset = 'third-Secret-pass-51';
  const email = 'logscan.player@example.org';
  const player = await signUp(server, 'logscan', password);
  const wrong = await new Client(server.url).post('/api/marketplace/login', { username: 'logscan', password: 'wrong-Secret-pass-51' });
  expect(wrong.status).toBe(401);
  const login = await new Client(server.url).post('/api/marketplace/login', { username: 'logscan', password });
  expect(login.status).toBe(200);
  const contact = await player.put('/api/marketplace/contact/logscan', { contactEmail: email });
  expect(contact.status, JSON.stringify(contact.body)).toBe(200);
  await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(1);
  const verifyToken = linkIn(smtp.mails[0]!, '/verify-email').searchParams.get('token')!;
  const verified = await player.post('/api/marketplace/verify-email', { token: verifyToken });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const change = await player.put('/api/marketplace/change-password/logscan', { currentPassword: password, newPassword: changed });
  expect(change.status, JSON.stringify(change.body)).toBe(200);
  const again = await new Client(server.url).post('/api/marketplace/login', { username: 'logscan', password: changed });
  expect(again.status).toBe(200);
  const buyer = new Client(server.url);
  buyer.cookie = again.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('bm_session='))!
    .split(';')[0]!;
  const purchase = await buyer.post('/api/purchase-requests', { ...CART, contactEmail: email }, { 'Idempotency-Key': 'logscan-1' });
  expect(purchase.status, JSON.stringify(purchase.body)).toBe(201);
  const forgot = await new Client(server.url).post('/api/marketplace/forgot-password', { username: 'logscan' });
  expect(forgot.status, JSON.stringify(forgot.body)).toBe(202);
  await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(2);
  const resetToken = linkIn(smtp.mails[1]!, '/reset-password').searchParams.get('token')!;
  const resetDone = await new Client(server.url).put('/api/marketplace/change-password/logscan', { token: resetToken, newPassword: reset });
  expect(resetDone.status, JSON.stringify(resetDone.body)).toBe(200);
  await buyer.post('/api/marketplace/logout');

  const cookies = [player.cookie, player.device, buyer.cookie, ...again.headers.getSetCookie(), ...login.headers.getSetCookie()]
    .filter((cookie): cookie is string => !!cookie)
    .map((cookie) => cookie.split(';')[0]!.split('=')[1]!)
    .filter((value) => value.length >= 16);
  expect(cookies.length).toBeGreaterThan(0);
  const secrets = [password, changed, reset, 'wrong-Secret-pass-51', 'child-admin-pass-51', email, verifyToken, resetToken, ...cookies];
  // The session is in the log as requests (one line each), with no secret in any of them.
  const lines = server.output.filter((line) => line.trim() !== '');
  expect(lines.filter((line) => line.includes('"msg":"request"')).length).toBeGreaterThanOrEqual(8);
  // Each names the user and the route pattern (DESIGN.md §16), and the one purchase is there.
  const purchaseLine = lines
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((entry) => entry.method === 'POST' && entry.route === '/api/purchase-requests');
  expect(purchaseLine).toMatchObject({ status: 201, userId: expect.any(Number) });
  expect(typeof purchaseLine?.requestId).toBe('string');
  for (const line of lines) for (const secret of secrets) expect(line, `a log line holds a secret: ${line}`).not.toContain(secret);
  // No one-time code or token either: nothing in a log line looks like one.
  for (const line of lines) expect(line).not.toMatch(/"(token|code|otp|password|cookie|email|contactEmail)":"[^"]/i);
}

import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AFTER_PAINT_HASH, AFTER_PAINT_SCRIPT } from '../../server/lib/after-paint';
import { APPEARANCE_SCRIPT_HASH } from '../../server/lib/inline-scripts';
import { APPEARANCE_SCRIPT } from '../../src/domain/appearance-script';
import { onPostgres, startTestServer } from '../support/server';
import { Client, signUp, useServer } from './helpers';

// A stand-in for the built client, so the test does not depend on `vite build`.
const dist = mkdtempSync(path.join(tmpdir(), 'blockspin-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>Blockspin Market</title></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>',
);
mkdirSync(path.join(dist, '.vite'));
writeFileSync(
  path.join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-abc123.js', isEntry: true },
    'src/routes/buy-screen.tsx': { file: 'assets/buy-screen-def456.js', imports: ['index.html'] },
  }),
);
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Blockspin Market"}');

afterAll(() => rmSync(dist, { recursive: true, force: true }));
const server = useServer({ staticDir: dist });

const get = (p: string, headers: Record<string, string> = {}) => fetch(server.url + p, { headers });

describe('serving the built app', () => {
  it('when / is asked, then index.html comes with no-cache and a CSP the app runs under', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const csp = response.headers.get('content-security-policy')!;
    // Scripts from the app's origin, and inline only the appearance script and the drawn pages' after-paint loader, by their hashes.
    expect(csp.split(';').map((d) => d.trim())).toContain(`script-src 'self' ${APPEARANCE_SCRIPT_HASH} ${AFTER_PAINT_HASH}`);
    expect(AFTER_PAINT_HASH).toBe(`'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`);
    expect(APPEARANCE_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(APPEARANCE_SCRIPT).digest('base64')}'`);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    // Only the app's own origin: 'self' covers the same-origin socket, and no ws:/wss: wildcard lets a script talk elsewhere.
    expect(csp.split(';').map((d) => d.trim())).toContain("connect-src 'self'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('when the app is reached over HTTPS (through a proxy on this machine), then HSTS is sent; over HTTP it is not', async () => {
    const secure = await get('/', { 'x-forwarded-proto': 'https' });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const plain = await get('/api/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('when a client route is asked, then the app shell answers', async () => {
    for (const route of ['/buy', '/my-activity?firstTime=true', '/admin/settings']) {
      const response = await get(route, { accept: 'text/html' });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it("when '/buy' is opened, then the shell preloads the shop screen; other routes get the shell as built", async () => {
    const buy = await (await get('/buy', { accept: 'text/html' })).text();
    expect(buy).toContain('<link rel="modulepreload" crossorigin href="/assets/buy-screen-def456.js"></head>');
    const admin = await (await get('/admin', { accept: 'text/html' })).text();
    expect(admin).not.toContain('modulepreload');
  });

  it('when the Vite manifest is asked for, then it is not served', async () => {
    expect((await get('/.vite/manifest.json')).headers.get('content-type')).not.toContain('application/json');
  });

  it('when a hashed asset is asked, then it is cached for good', async () => {
    const response = await get('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('when a missing asset is asked, then it is a 404, not the shell', async () => {
    expect((await get('/assets/missing-zzz.js')).status).toBe(404);
  });

  it.each(['/sw.js', '/manifest.webmanifest'])('when %s is asked, then it is never cached', async (file) => {
    const response = await get(file);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('when a share reaches the server (no service worker answered it), then it is sent on to Sell, not a 404', async () => {
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'shot.png');
    const response = await fetch(`${server.url}/share-target`, { method: 'POST', body: form, redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/sell');
  });

  it('when an unknown /api path is asked, then it answers JSON 404, never the shell', async () => {
    for (const p of ['/api/nothing-here', '/api', '/api/purchase-requests/1/unknown']) {
      const response = await get(p, { accept: 'text/html' });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect((await response.json()).message).toBe(`There is no API call GET ${p}`);
    }
  });
});

describe('answers and errors', () => {
  it('when the JSON is malformed, then it answers 400 JSON without a stack', async () => {
    const response = await fetch(server.url + '/api/marketplace/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": ',
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('when a body over 100 kB goes to an ordinary call, then it answers 413 JSON', async () => {
    const response = await fetch(server.url + '/api/marketplace/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x', password: 'y'.repeat(200_000) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe('The request body is too large');
  });

  it.each([
    ['a malformed escape in the path', '/api/marketplace/contact/%E0%A4%A', {}, 'The request could not be understood'],
    ['a body that claims a compression it does not have', '/api/marketplace/login', { 'content-encoding': 'br' }, 'Decompression failed'],
  ])('when a request has %s, then it answers 400 JSON', async (_what, p, headers, message) => {
    const response = await fetch(server.url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(message);
  });

  it('when the health check is asked, then it answers ok with the database checked, the build and the uptime', async () => {
    const response = await get('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      database: 'ok',
      databaseMs: expect.any(Number),
      engine: onPostgres() ? 'postgres' : 'sqlite',
      build: { version: '1.0.0', commit: expect.stringMatching(/^[0-9a-f]{12}$/) },
      uptimeSeconds: expect.any(Number),
    });
  });

  it('when any API call answers, then it carries a request id and no-store', async () => {
    const response = await get('/api/health');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('when the public origin is HTTPS, then the session cookie is Secure', async () => {
    const secure = await startTestServer({ publicOrigin: 'https://market.example' });
    try {
      const answer = await new Client(secure.url).post('/api/marketplace/signup', { username: 'secure_user', password: 'abcdefgh' });
      expect(answer.headers.get('set-cookie')).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });

  it('when behind a local proxy that says HTTPS, then the session cookie is Secure', async () => {
    const client = await signUp(server, 'proxied_user');
    const answer = await client.post(
      '/api/marketplace/login',
      { username: 'proxied_user', password: 'password-123' },
      { 'x-forwarded-proto': 'https' },
    );
    expect(answer.headers.get('set-cookie')).toMatch(/; Secure/);
  });
});

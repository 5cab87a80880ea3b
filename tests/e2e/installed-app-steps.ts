import { rmSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { startNetworkGate, type NetworkGate } from './offline-network';
import { adminApi, signUpInBrowser } from './pwa-helpers';

// The shared steps of the installed app's tests (installed-app.test.ts, installed-app-badge.test.ts): the real server
// serving the production build behind a network gate, one full browser, and players in contexts of their own.

/** What a file's tests reach: set in beforeAll; the contexts and profiles they open are closed and removed after. */
export const app = { contexts: [], profiles: [], serial: 0 } as unknown as {
  server: TestServer;
  gate: NetworkGate;
  browser: Browser;
  admin: APIRequestContext;
  contexts: BrowserContext[];
  profiles: string[];
  serial: number;
};

/** Starts the server, the gate and the browser before the file's tests, and closes them after. */
export function useInstalledApp() {
  beforeAll(async () => {
    app.server = await startTestServer({ staticDir: path.resolve(process.env.E2E_DIST ?? 'dist') });
    app.gate = await startNetworkGate(app.server.port);
    // The install prompt, the app badge and shown notifications need the full browser (tests/support/browser.ts).
    app.browser = await launchBrowser({ full: true });
    app.admin = await adminApi(app.server.url);
  });

  afterAll(async () => {
    for (const context of app.contexts) await context.close().catch(() => undefined);
    for (const profile of app.profiles) rmSync(profile, { recursive: true, force: true });
    await app.admin?.dispose();
    await app.browser?.close();
    await app.gate?.close();
    await app.server?.close();
  });
}

/** A signed-up player with a contact, in a fresh context (options as for browser.newContext). */
export async function newPlayer(options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await app.browser.newContext({ baseURL: app.gate.url, viewport: PHONE, serviceWorkers: 'block', ...options });
  app.contexts.push(context);
  const page = await context.newPage();
  const { username } = await signUpInBrowser(context, page, `inst${Date.now() % 100000}${++app.serial}`);
  expect(
    (await context.request.put(`/api/marketplace/contact/${username}`, { data: { contactEmail: `${username}@example.com` } })).status(),
  ).toBe(200);
  return { context, page, username };
}

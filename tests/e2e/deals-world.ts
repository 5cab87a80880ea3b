// The world the deals' browser files share (issue 28): a test server whose clock can be moved, a browser, the super
// admin's and a second admin's (bea's) API, and the steps they take: a tablet signed in as the super admin, a player's
// purchase, a request as it is now.
import type { APIRequestContext, BrowserContext, Page, Browser } from 'playwright-core';
import { request as playwrightRequest } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PurchaseRequestJson as PurchaseRequest } from '../../src/domain/schemas/purchases';
import { launchBrowser, TABLET } from '../support/browser';
import type { Player } from '../support/player';
import { startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';
import { adminApi } from './pwa-helpers';

export interface DealsWorld {
  server: TestServer;
  browser: Browser;
  /** The full browser, launched by a test that needs shown notifications. */
  fullBrowser: Browser | undefined;
  superAdmin: APIRequestContext;
  bea: APIRequestContext;
  /** Contexts the tests open, closed after the file. */
  contexts: BrowserContext[];
}

const CART = {
  items: [{ id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 2 }],
  totalPrice: 4,
};

/** Starts the world before the file's tests and ends it after them. */
export function useDealsWorld() {
  const world = { contexts: [] as BrowserContext[], fullBrowser: undefined } as unknown as DealsWorld;
  beforeAll(async () => {
    // The server's clock can be moved (POST /api/test/clock): a no-show needs its promised time to have come.
    world.server = await startTestServer({ staticDir: process.env.E2E_DIST ?? 'dist', testClock: true });
    world.browser = await launchBrowser();
    world.superAdmin = await adminApi(world.server.url);
    world.bea = await playwrightRequest.newContext({ baseURL: world.server.url });
    const signup = await world.bea.post('/api/marketplace/signup', { data: { username: 'bea', password: 'admin-password-1' } });
    expect(signup.status()).toBe(201);
    const promoted = await world.superAdmin.post('/api/admin/marketplace-users/bea/admin-status', { data: { isAdmin: true } });
    expect(promoted.status()).toBe(200);
  });
  afterAll(async () => {
    await world.superAdmin?.post('/api/test/clock', { data: { reset: true } });
    for (const context of world.contexts) await context.close();
    await world.bea?.dispose();
    await world.superAdmin?.dispose();
    await world.browser?.close();
    await world.fullBrowser?.close();
    await world.server?.close();
  });

  /** A tablet signed in as the super admin, as the app stores it after login. */
  async function superAdminTablet(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await world.browser.newContext({ baseURL: world.server.url, viewport: TABLET, deviceScaleFactor: 1 });
    world.contexts.push(context);
    const login = await context.request.post('/api/marketplace/login', { data: SUPER_ADMIN });
    expect(login.status()).toBe(200);
    const user = await login.json();
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate((u) => {
      localStorage.setItem('currentUser', u.username);
      localStorage.setItem('userData', JSON.stringify(u));
    }, user);
    return { context, page };
  }

  async function purchaseFor(player: Player): Promise<PurchaseRequest> {
    const created = await player.context.request.post('/api/purchase-requests', { data: CART });
    expect(created.status()).toBe(201);
    return created.json();
  }

  async function requestNow(id: number): Promise<PurchaseRequest> {
    const list = (await (await world.superAdmin.get('/api/purchase-requests')).json()) as PurchaseRequest[];
    return list.find((request) => request.id === id)!;
  }

  return { world, superAdminTablet, purchaseFor, requestNow };
}

// The proof that customers never download the admin code (issue 48.4: Admin Control is its own routes, lazily
// loaded), and that an admin's screens are addresses: Back, a reload and an old /?admin=… link each reach a screen.
import { describe, expect, it } from 'vitest';
import { PHONE, TABLET } from '../support/browser';
import { patient } from '../support/patience';
import { signInOnScreen } from '../support/sign-in';
import { chunkFile, isAdminChunk, ok, useAdminScreensServer, ADMIN_CONTROL } from './admin-screens-kit';

const server = useAdminScreensServer();

describe('admin screens', () => {
  it('customers never download the admin code', async () => {
    const context = await server.newContext(PHONE);
    await ok(await context.request.post('/api/marketplace/signup', { data: { username: 'plain_user', password: 'customer-pass-1' } }));
    await ok(await context.request.put('/api/marketplace/contact/plain_user', { data: { contactEmail: 'plain@example.com' } }));
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/login');
    await page.getByLabel('Username').fill('plain_user');
    await page.getByLabel('Password', { exact: true }).fill('customer-pass-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // An admin's address too: a player lands on home, without the admin code.
    for (const path of ['/buy', '/sell', '/my-activity', '/', '/admin/pending', '/?admin=pending']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(new URL(page.url()).pathname).toBe('/');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter(isAdminChunk)).toEqual([]);
    expect(await page.getByRole('button', { name: 'Admin', exact: true }).count()).toBe(0);
  });

  it('when the service worker installs for a customer, then its caches hold no admin code', async () => {
    const context = await server.newContext(PHONE, 'allow');
    const page = await context.newPage();
    await page.goto('/');
    const cached = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      if (!registration.active) throw new Error('no active service worker');
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls;
    });
    // The precache really ran (the app shell and the customer chunks are there) …
    expect(cached.some((url) => url.endsWith(chunkFile('src/routes/buy-screen.tsx')))).toBe(true);
    // … and left the admin chunks out.
    expect(cached.filter(isAdminChunk)).toEqual([]);
  });
});

describe("Admin Control's screens as addresses", { timeout: patient(60_000) }, () => {
  it('when an admin opens a list, goes Back and reloads, then the address leads each time', async () => {
    const page = await signInOnScreen(await server.newContext(TABLET));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('heading', { name: 'Admin Control' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(scripts.some((url) => url.endsWith(chunkFile(ADMIN_CONTROL)))).toBe(true);
    await page.getByRole('button', { name: /Scheduled pickups/ }).click();
    await page.getByRole('heading', { name: 'Scheduled Pickups' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/pickups');
    // Back: the menu again; Forward and a reload: the list again.
    await page.goBack();
    await page.getByRole('heading', { name: 'Admin Control' }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { name: 'Scheduled Pickups' }).waitFor();
    await page.reload();
    await page.getByRole('dialog', { name: 'Scheduled Pickups' }).waitFor();
    // Closing goes home.
    await page.getByRole('dialog', { name: 'Scheduled Pickups' }).getByRole('button', { name: 'Close' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('when an old link (a notification sent before, the installed app’s shortcut) is opened, then it redirects to its screen', async () => {
    const page = await signInOnScreen(await server.newContext(PHONE));
    for (const [link, path, title] of [
      ['/?admin=submissions', '/admin/submissions', 'User Item Submissions'],
      ['/?admin=approved', '/admin/approved', 'Approved Requests'],
      ['/?admin=control', '/admin', 'Admin Control'],
    ] as const) {
      await page.goto(link);
      await page.getByRole('dialog', { name: title }).waitFor();
      expect(new URL(page.url()).pathname + new URL(page.url()).search, link).toBe(path);
    }
  });
});

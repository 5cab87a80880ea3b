// Admin Control's screens in the browser: one seeded server per test file (its records below), a page per size
// signed in as the super admin, and what each screen test does — a screenshot (SCREENSHOTS=1), no sideways overflow,
// no serious accessibility violation. Used by admin-screens-*.test.ts and admin-code-split.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE, screenshot, TABLET } from '../support/browser';
import { fromCents } from '../../src/domain/money';
import { priceLine, totalCents } from '../../src/domain/pricing';
import { sidewaysOverflow } from '../support/overflow';
import { axeCheck } from '../support/player';
import { SUPER_ADMIN } from '../support/server';
import { signInOnScreen } from '../support/sign-in';
import { YEAR } from '../support/dates';
import { patient } from '../support/patience';

export async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.ok(), `${response.url()} ${response.status()} ${await response.text()}`).toBe(true);
  return response.json().catch(() => null);
}

async function photo(color: { r: number; g: number; b: number }): Promise<string> {
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

type Idem = () => { 'Idempotency-Key': string };

/** The server of one test file, with its browser contexts (closed after the file) and a seed of every kind of record. */
export function useAdminScreensServer() {
  const app = useAppUnderTest();
  const contexts: BrowserContext[] = [];
  let key = 0;
  const idem: Idem = () => ({ 'Idempotency-Key': `screens-${Date.now()}-${(key += 1)}` });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });
  const newContext = async (viewport: { width: number; height: number }, serviceWorkers: 'allow' | 'block' = 'block') => {
    const context = await app.browser.newContext({ viewport, baseURL: app.server.url, serviceWorkers });
    contexts.push(context);
    return context;
  };
  const customerApi = async (name: string): Promise<APIRequestContext> => {
    const context = await newContext(PHONE);
    await ok(await context.request.post('/api/marketplace/signup', { data: { username: name, password: 'customer-pass-1' } }));
    await ok(
      await context.request.put(`/api/marketplace/contact/${name}`, {
        // A Roblox name has letters, digits and underscores only (the account name may have a dot).
        data: { contactEmail: `${name}@example.com`, robloxUsername: `${name.replace(/[^A-Za-z0-9_]/g, '_')}_rbx` },
      }),
    );
    return context.request;
  };
  /** Purchase requests in every state, submissions with photos, pickups scheduled, collected and paid. */
  const seed = async () => {
    const admin = await newContext(TABLET);
    await ok(await admin.request.post('/api/marketplace/login', { data: SUPER_ADMIN }));
    await ok(await admin.request.put(`/api/marketplace/contact/${SUPER_ADMIN.username}`, { data: { contactEmail: 'admin@example.com' } }));
    const maya = await customerApi('maya_runs');
    const theo = await customerApi('theo.k');
    await seedRequests(admin.request, maya, theo, idem);
    await seedSubmissions(admin.request, maya, theo, idem);
  };
  return { app, newContext, seed };
}

async function seedRequests(adminApi: APIRequestContext, maya: APIRequestContext, theo: APIRequestContext, idem: Idem) {
  const lines = [
    [
      { name: 'AK-47', category: 'Weapons', quantity: 1 },
      { name: 'Glock', category: 'Weapons', quantity: 2 },
      { name: 'Golden Pot', category: 'Farming', quantity: 1 },
    ],
    [{ name: '$50,000 Cash', category: 'Cash', quantity: 2 }],
    [
      { name: 'Regular Soil', category: 'Farming', quantity: 20 },
      { name: 'Energy Shot', category: 'Equipment', quantity: 4 },
    ],
    [{ name: 'RPG', category: 'Weapons', quantity: 1 }],
    [
      { name: 'MP5', category: 'Weapons', quantity: 1 },
      { name: 'First Aid Kit', category: 'Equipment', quantity: 3 },
    ],
    [{ name: 'Sledge hammer', category: 'Weapons', quantity: 1 }],
    [{ name: 'Diamond Pot', category: 'Farming', quantity: 2 }],
    [{ name: 'Crossbow', category: 'Weapons', quantity: 1 }],
  ];
  const ids: number[] = [];
  for (const [index, items] of lines.entries()) {
    const api = index % 2 ? theo : maya;
    // The server prices every line from the shared catalogue; the total sent must agree with it.
    const created = await api.post('/api/purchase-requests', { data: { items, totalPrice: total(items) }, headers: idem() });
    const body = (await ok(created)) as { id: number };
    ids.push(body.id);
  }
  const status = (id: number, data: object) => adminApi.patch(`/api/purchase-requests/${id}/status`, { data });
  await ok(
    await status(ids[3], { status: 'approved', scheduledDate: `12/24/${YEAR}`, scheduledTime: '3:30 PM', isImmediateSchedule: false }),
  );
  await ok(await status(ids[4], { status: 'approved', scheduledDate: 'Immediately', scheduledTime: '', isImmediateSchedule: true }));
  await ok(
    await status(ids[5], { status: 'approved', scheduledDate: `11/30/${YEAR}`, scheduledTime: '9:00 AM', isImmediateSchedule: false }),
  );
  await ok(await status(ids[6], { status: 'rejected' }));
  await ok(await status(ids[7], { status: 'approved', scheduledDate: 'Immediately', scheduledTime: '', isImmediateSchedule: true }));
  await ok(await adminApi.put(`/api/purchase-requests/${ids[7]}/complete`));
}

async function seedSubmissions(adminApi: APIRequestContext, maya: APIRequestContext, theo: APIRequestContext, idem: Idem) {
  const submit = async (
    api: APIRequestContext,
    ps5Name: string,
    robloxName: string,
    paymentMethod: string,
    quantity: number,
    imageUrl: string | null,
  ) =>
    (await ok(
      await api.post('/api/item-submissions', {
        data: { ps5Name, robloxName, paymentMethod, quantity, imageUrl, hasMultipleQuantity: false },
        headers: idem(),
      }),
    )) as { id: number };
  const red = await photo({ r: 200, g: 60, b: 60 });
  const blue = await photo({ r: 60, g: 90, b: 200 });
  const green = await photo({ r: 60, g: 170, b: 90 });
  await submit(maya, 'Tactical axe', 'weapons', 'usd', 1, red);
  await submit(theo, '50,000 Blockspin ($0.75 USD)', 'cash', 'usd', 1, null);
  await submit(maya, 'Golden Tomato Seed', 'farming', 'usd', 12, blue);
  const denied = await submit(theo, 'Mystery box', 'other', 'usd', 1, null);
  await ok(await adminApi.patch(`/api/item-submissions/${denied.id}/status`, { data: { status: 'rejected' } }));
  const pickup = async (id: number, scheduledDate: string, scheduledTime: string) =>
    (await ok(
      await adminApi.post('/api/scheduled-pickups', {
        data: { submissionId: id, scheduledDate, scheduledTime, isImmediate: scheduledDate === 'Immediately' },
        headers: idem(),
      }),
    )) as { id: number };
  const a = await submit(maya, 'Draco', 'weapons', 'usd', 1, green);
  await pickup(a.id, `12/2/${YEAR}`, '4:15 PM');
  const b = await submit(theo, 'Metal bat', 'weapons', 'blockspin', 3, red);
  const collected = await pickup(b.id, 'Immediately', '');
  await ok(await adminApi.patch(`/api/scheduled-pickups/${collected.id}/complete`));
  const c = await submit(maya, 'Molotov', 'consumables', 'usd', 5, blue);
  const paid = await pickup(c.id, `11/25/${YEAR}`, '11:00 AM');
  await ok(await adminApi.patch(`/api/scheduled-pickups/${paid.id}/complete`));
  await ok(await adminApi.patch(`/api/scheduled-pickups/${paid.id}/paid`));
}

/** The total the server computes for a set of lines (the shared pricing). */
function total(items: Array<{ name: string; category: string; quantity: number }>): number {
  return fromCents(
    totalCents(
      items.map((item) => {
        const line = priceLine(item);
        if (!line.ok) throw new Error(line.reason);
        return { priceCents: line.unitCents, quantity: item.quantity };
      }),
    ),
  );
}

/** A chunk's file is its hash alone: the build's manifest names the file of each module (read once the build exists). */
export function chunkFile(source: string): string {
  const manifest = JSON.parse(readFileSync(path.join(process.env.E2E_DIST ?? 'dist', '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  return `/${manifest[source].file}`;
}
/** Admin Control's chunk: its routes' screen (src/routes/admin.tsx), which holds its code. */
export const ADMIN_CONTROL = 'src/routes/admin-screen.tsx';
/** Whether a URL is the file of Admin Control's or Super Admin Settings' chunk. */
export const isAdminChunk = (url: string) =>
  [ADMIN_CONTROL, 'src/features/super-admin/components/super-admin-settings.tsx'].some((source) => url.endsWith(chunkFile(source)));

/** What a screen test has: its page at one size, the scripts it loaded, and the checks each screen passes. */
export interface ScreenKit {
  page: Page;
  size: '1024' | '390';
  scripts: string[];
  shot: (name: string) => Promise<void>;
  back: () => Promise<void>;
  axe: (screen: string) => Promise<void>;
  closeTop: (name: string, role?: 'dialog' | 'alertdialog') => Promise<void>;
  openMenu: () => Promise<void>;
}

/**
 * `tests` at 1024×768 (tablet) and 390×844 (phone), on one seeded server; each size signs in once, and each screen is
 * its own test (so none runs near the timeout on a busy machine, and a failure names its screen), starting from a
 * fresh load of home.
 */
export function describeAtBothSizes(title: string, tests: (kit: ScreenKit) => void) {
  const server = useAdminScreensServer();
  describe(title, { timeout: patient(60_000) }, () => {
    beforeAll(() => server.seed());
    describe.each([
      ['1024', TABLET],
      ['390', PHONE],
    ] as const)('at %s', (size, viewport) => {
      const kit = { size, scripts: [] as string[] } as ScreenKit;
      beforeAll(async () => {
        kit.page = await signInOnScreen(await server.newContext(viewport));
        kit.page.on('request', (request) => {
          if (request.resourceType() === 'script') kit.scripts.push(request.url());
        });
      });
      Object.assign(
        kit,
        screenChecks(() => kit.page, size),
      );
      tests(kit);
    });
  });
}

/** The checks of one screen on `page()` at `size`. */
function screenChecks(page: () => Page, size: string) {
  // What the admin sees: the viewport (a modal covers it; a full-page shot would add the page behind).
  // Every photo on screen must have loaded (a broken one never gets a natural width).
  const shot = async (name: string) => {
    await page().waitForFunction(
      () =>
        [...document.querySelectorAll('img')]
          .filter((img) => {
            const box = img.getBoundingClientRect();
            return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
          })
          .every((img) => img.complete && img.naturalWidth > 0),
      null,
      { timeout: patient(5000) },
    );
    await screenshot(page(), `admin-${name}-${size}`, { fullPage: false });
    // No text widens the screen or a dialog, and no label spills out of its button.
    expect(await sidewaysOverflow(page()), `${name} at ${size}`).toEqual([]);
  };
  const back = () => page().getByRole('button', { name: 'Back to Admin Control' }).click();
  // No serious or critical accessibility violation inside the open dialogs.
  const axe = async (screen: string) => {
    const result = await axeCheck(page()).include('dialog').analyze();
    const bad = result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(bad.map((violation) => `${screen}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
  };
  const closeTop = async (name: string, role: 'dialog' | 'alertdialog' = 'dialog') => {
    const dialog = page().getByRole(role, { name });
    await dialog.getByRole('button', { name: role === 'alertdialog' ? 'No' : 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  };
  const openMenu = async () => {
    await page().goto('/');
    await page().getByRole('button', { name: 'Admin', exact: true }).click();
    await page().getByRole('heading', { name: 'Admin Control' }).waitFor();
  };
  return { shot, back, axe, closeTop, openMenu };
}

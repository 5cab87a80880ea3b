import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { screenshot, TABLET } from '../support/browser';
import { SUPER_ADMIN } from '../support/server';
import { signInOnScreen } from '../support/sign-in';
import { patient } from '../support/patience';

// Admin Control as a workspace (issue 33) at 1024×768: Due now ticking to overdue on a clock the test moves, one
// search finding #3, scheduling in two taps, and the super admin's dashboard matching the seed.

const app = useAppUnderTest();
let adminApi: APIRequestContext;
const contexts: BrowserContext[] = [];
/** What the seeded requests cost, as the server priced them. */
let requestedToday = 0;

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.ok(), `${response.url()} ${response.status()} ${await response.text()}`).toBe(true);
  return response.json().catch(() => null);
}

async function newContext(): Promise<BrowserContext> {
  const context = await app.browser.newContext({ viewport: TABLET, baseURL: app.server.url, serviceWorkers: 'block' });
  contexts.push(context);
  return context;
}

const CART = { items: [{ name: 'Glock', category: 'Weapons', quantity: 2 }] };

beforeAll(async () => {
  const admin = await newContext();
  await ok(await admin.request.post('/api/marketplace/login', { data: SUPER_ADMIN }));
  // Without a contact the app asks for one before the home screen.
  await ok(await admin.request.put(`/api/marketplace/contact/${SUPER_ADMIN.username}`, { data: { contactEmail: 'admin@example.com' } }));
  adminApi = admin.request;
  const players = await Promise.all(
    ['maya_runs', 'theo.k'].map(async (name) => {
      const context = await newContext();
      await ok(await context.request.post('/api/marketplace/signup', { data: { username: name, password: 'customer-pass-1' } }));
      await ok(await context.request.put(`/api/marketplace/contact/${name}`, { data: { contactEmail: `${name}@example.com` } }));
      return context.request;
    }),
  );
  // The server prices the cart: ask it once (a wrong total answers 409 with nothing stored) by sending the catalogue's price.
  const { totalCents, priceLine } = await import('../../src/domain/pricing');
  const { fromCents } = await import('../../src/domain/money');
  const totalPrice = fromCents(
    totalCents(
      CART.items.map((item) => {
        const line = priceLine(item);
        if (!line.ok) throw new Error(line.reason);
        return { priceCents: line.unitCents, quantity: item.quantity };
      }),
    ),
  );
  // Requests #1 … #4; #3 is approved for an immediate drop (promised within the hour): Due now lists it.
  for (let i = 0; i < 4; i++) {
    const created = (await ok(
      await players[i % 2].post('/api/purchase-requests', { data: { ...CART, totalPrice }, headers: { 'Idempotency-Key': `seed-${i}` } }),
    )) as { id: number; totalPrice: number };
    requestedToday += created.totalPrice;
  }
  await ok(
    await adminApi.patch('/api/purchase-requests/3/status', {
      data: { status: 'approved', scheduledDate: 'Immediately', scheduledTime: '', isImmediateSchedule: true },
    }),
  );
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
});

describe('Admin Control at 1024×768', () => {
  it('Due now counts down the immediate drop and turns it overdue when its time passes (a clock the test moves)', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.clock.install({ time: Date.now() });
    await page.close();
    const admin = await signInOnScreen(context);
    await admin.getByRole('button', { name: 'Admin', exact: true }).click();
    const due = admin.getByRole('list', { name: 'Due now' });
    const entry = due.getByTestId('due-entry').filter({ hasText: 'Drop #3' });
    await entry.waitFor();
    expect(await entry.textContent()).toContain('maya_runs');
    const timer = entry.getByRole('timer');
    expect(await timer.textContent()).toMatch(/^in (1 h 00 min|\d{2} min)$/);
    expect(await entry.getAttribute('data-tone')).toBe('warning');
    await screenshot(admin, 'e2e-admin-due-now-1024');
    await admin.clock.fastForward('01:01:00');
    await expect.poll(() => timer.textContent(), { timeout: patient(10_000) }).toMatch(/^overdue \d:\d{2}$/);
    expect(await entry.getAttribute('data-tone')).toBe('danger');
    expect(await admin.getByTestId('due-now-summary').textContent()).toContain('1 overdue');
    expect(await entry.getByRole('button', { name: 'Complete drop' }).isVisible()).toBe(true);
    await screenshot(admin, 'e2e-admin-due-now-overdue-1024');
  });

  it('one search finds #3 (not the others) grouped under its list, and opens that list on it', async () => {
    const admin = await signInOnScreen(await newContext());
    await admin.getByRole('button', { name: 'Admin', exact: true }).click();
    await admin.getByRole('searchbox', { name: /Search every list/ }).fill('#3');
    const results = admin.getByRole('region', { name: 'Search results' });
    const approved = results.getByRole('region', { name: 'Approved Requests' });
    await approved.waitFor();
    expect(await approved.getByRole('button').allTextContents()).toEqual([expect.stringContaining('#3 maya_runs')]);
    expect(await results.getByRole('region', { name: 'Pending Purchase Requests' }).count()).toBe(0);
    await screenshot(admin, 'e2e-admin-search-1024');
    await approved.getByRole('button', { name: /#3/ }).click();
    await admin.getByRole('heading', { name: 'Approved Requests' }).waitFor();
    expect(await admin.getByRole('searchbox').inputValue()).toBe('#3');
    expect(await admin.getByRole('list', { name: 'Approved requests' }).getByRole('button').count()).toBe(1);
  });

  it('schedules a drop in two taps: Tomorrow, then Confirm (the store time zone shown)', async () => {
    const admin = await signInOnScreen(await newContext());
    await admin.getByRole('button', { name: 'Admin', exact: true }).click();
    await admin.getByRole('button', { name: /Pending Purchase Requests/ }).click();
    await admin.getByRole('list', { name: 'Pending purchase requests' }).getByRole('button', { name: /#1\b/ }).click();
    await admin.getByRole('button', { name: 'Approve' }).click();
    const form = admin.getByRole('dialog', { name: 'Confirm Approval' });
    const zone = (await adminApi.get('/api/store').then((r) => r.json())) as { timeZone: string };
    expect(await form.getByTestId('schedule-choice').textContent()).toContain(`Store time · ${zone.timeZone.replace(/_/g, ' ')}`);
    await form.getByRole('button', { name: 'Tomorrow' }).click();
    expect(await form.getByTestId('schedule-choice').textContent()).toMatch(/^Tomorrow \d{1,2}:[03]0 (AM|PM)/);
    await screenshot(admin, 'e2e-admin-picker-1024');
    await form.getByRole('button', { name: 'Confirm' }).click();
    await form.waitFor({ state: 'hidden' });
    const requests = (await adminApi.get('/api/purchase-requests').then((r) => r.json())) as Array<{
      id: number;
      status: string;
      promisedAt: string;
      promiseStatus: string;
    }>;
    const one = requests.find((request) => request.id === 1)!;
    expect(one.status).toBe('approved');
    expect(one.promiseStatus).toBe('open');
    const hoursAhead = (Date.parse(one.promisedAt) - Date.now()) / 3_600_000;
    expect(hoursAhead).toBeGreaterThan(0);
    expect(hoursAhead).toBeLessThan(48.5);
  });

  it("the super admin's dashboard shows the seeded money and counts", async () => {
    const admin = await signInOnScreen(await newContext());
    await admin.getByRole('button', { name: 'Super Admin Settings' }).click();
    const settings = admin.getByRole('dialog', { name: 'Super Admin Settings' });
    await settings.getByRole('button', { name: 'Dashboard' }).click();
    const money = settings.getByTestId('money');
    const requested = money.getByRole('listitem', { name: 'Requested' });
    await requested.waitFor();
    expect(await requested.textContent()).toContain(`$${requestedToday.toFixed(2)}`);
    const counts = settings.getByTestId('counts');
    expect(await counts.getByRole('listitem', { name: 'Users' }).textContent()).toMatch(/^3/);
    expect(await counts.getByRole('listitem', { name: 'Purchase requests' }).textContent()).toContain('4');
    await settings.getByTestId('dashboard-chart').locator('canvas').waitFor();
    await screenshot(admin, 'e2e-admin-dashboard-1024');
    await settings.getByRole('list', { name: 'Top items' }).scrollIntoViewIfNeeded();
    await screenshot(admin, 'e2e-admin-dashboard-chart-1024');
  });
});

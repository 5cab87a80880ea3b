import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE, screenshot, TABLET } from '../support/browser';
import { SUPER_ADMIN } from '../support/server';
import { openRequestCard } from './request-cards';
import { YEAR } from '../support/dates';
import { patient } from '../support/patience';

// The admin screens in a real Chromium against the real server: an admin tablet and a customer phone side by side.

const app = useAppUnderTest();
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function newContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await app.browser.newContext({ viewport, baseURL: app.server.url, serviceWorkers: 'block' });
  contexts.push(context);
  return context;
}

/** Signs a user up (or in) through the API with a contact, then logs in through the login screen. */
async function signIn(context: BrowserContext, username: string, password: string, signup: boolean): Promise<Page> {
  const auth = await context.request.post(`/api/marketplace/${signup ? 'signup' : 'login'}`, { data: { username, password } });
  expect(auth.ok(), await auth.text()).toBe(true);
  const contact = await context.request.put(`/api/marketplace/contact/${username}`, {
    data: { contactEmail: `${username}@example.com`, ps5Username: `${username}_ps5` },
  });
  expect(contact.ok(), await contact.text()).toBe(true);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

async function openAdmin(page: Page) {
  await page.getByRole('button', { name: 'Admin', exact: true }).click();
  await page.getByRole('heading', { name: 'Admin Control' }).waitFor();
}

async function adminView(page: Page, button: string | RegExp) {
  const back = page.getByRole('button', { name: 'Back to Admin Control' });
  if (await back.isVisible()) await back.click();
  await page.getByRole('button', { name: button }).click();
}

async function jpegDataUrl(): Promise<string> {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 210, g: 70, b: 60 } } })
    .composite([{ input: Buffer.from('<svg width="800" height="600"><circle cx="400" cy="300" r="200" fill="#ffd24d"/></svg>') }])
    .jpeg({ quality: 85 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

describe('Admin Control against the real server', () => {
  let admin: Page;
  let customer: Page;
  let customerContext: BrowserContext;
  const customerName = `buyer${Date.now().toString(36)}`;
  const adminFrames: string[] = [];

  beforeAll(async () => {
    const adminContext = await newContext(TABLET);
    customerContext = await newContext(PHONE);
    admin = await signIn(adminContext, SUPER_ADMIN.username, SUPER_ADMIN.password, false);
    admin.on('websocket', (socket) => socket.on('framereceived', (frame) => adminFrames.push(String(frame.payload))));
    customer = await signIn(customerContext, customerName, 'customer-pass-1', true);
  });

  it('a purchase request appears live, is approved with a drop the customer sees, then completed', async () => {
    await openAdmin(admin);
    await adminView(admin, /Pending Purchase Requests/);
    await admin.getByText('No purchase requests yet').waitFor();

    const sent = await customerContext.request.post('/api/purchase-requests', {
      data: {
        requesterName: customerName,
        items: [
          { name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 2 },
          { name: 'Regular Soil', category: 'Farming', price: '$0.10', quantity: 5 },
        ],
        totalPrice: 4.5,
        requestedAt: new Date().toISOString(),
      },
      headers: { 'Idempotency-Key': `e2e-${Date.now()}` },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const request = (await sent.json()) as { id: number };

    // Live: the admin's socket (open while Admin Control is) carries it, and it shows without a reload.
    await expect.poll(() => adminFrames.some((frame) => frame.includes('"NEW_PURCHASE_REQUEST"')), { timeout: patient(5000) }).toBe(true);
    const detail = admin.getByRole('region', { name: `Request #${request.id}` });
    await detail.waitFor({ timeout: patient(8000) });
    expect(await detail.textContent()).toContain(customerName);
    expect(await detail.textContent()).toContain('$4.50');
    await screenshot(admin, 'e2e-pending-live-1024');

    await detail.getByRole('button', { name: 'Approve' }).click();
    const approval = admin.getByRole('dialog', { name: 'Confirm Approval' });
    const confirm = approval.getByRole('button', { name: 'Confirm' });
    // The form starts at the next half hour (issue 33): an emptied field keeps Confirm disabled.
    expect(await confirm.isDisabled()).toBe(false);
    await approval.getByLabel('Month').fill('');
    expect(await confirm.isDisabled()).toBe(true);
    await approval.getByLabel('Month').fill('12');
    await approval.getByLabel('Day').fill('24');
    await approval.getByLabel('Year').fill(String(YEAR));
    await approval.getByLabel('Hour').fill('15');
    expect(await approval.getByLabel('Hour').inputValue()).toBe('12');
    await approval.getByLabel('Hour').fill('3');
    await approval.getByLabel('Minute').fill('30');
    await approval.getByRole('button', { name: 'PM' }).click();
    await screenshot(admin, 'e2e-confirm-approval-1024');
    await confirm.click();
    await admin.getByText('No purchase requests yet').waitFor();

    await customer.goto('/my-activity');
    await customer.getByRole('tab', { name: /My Buy Requests/ }).click();
    const card = await openRequestCard(customer, 'purchase-request', { status: 'approved' });
    expect(await card.textContent()).toContain(`12/24/${YEAR} at 3:30 PM`);

    await adminView(admin, /Approved Requests/);
    await admin
      .getByRole('region', { name: `Request #${request.id}` })
      .getByRole('button', { name: 'Completed' })
      .click();
    await admin.getByRole('alertdialog', { name: 'Complete Drop' }).getByRole('button', { name: 'Yes' }).click();
    await admin.getByText('No Approved Requests').waitFor();
    await adminView(admin, /Step 3.*Completed/);
    await admin.getByRole('button', { name: new RegExp(`#${request.id} · ${customerName}`) }).waitFor();

    await customer.reload();
    await customer.getByRole('tab', { name: /My Buy Requests/ }).click();
    await openRequestCard(customer, 'purchase-request', { status: 'completed' });
  });

  it('a sold item with a photo is scheduled, collected and paid, and the customer sees each step', async () => {
    const imageUrl = await jpegDataUrl();
    const submitted = await customerContext.request.post('/api/item-submissions', {
      data: {
        ps5Name: 'AK-47',
        robloxName: 'weapons',
        imageUrl,
        hasMultipleQuantity: false,
        quantity: 2,
        paymentMethod: 'usd',
        submittedBy: customerName,
      },
      headers: { 'Idempotency-Key': `e2e-sub-${Date.now()}` },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const submission = (await submitted.json()) as { id: number };
    const sellRequest = await customerContext.request.post('/api/user-sell-requests', {
      data: {
        username: customerName,
        itemName: 'AK-47',
        category: 'weapons',
        hasMultipleQuantity: false,
        quantity: 2,
        paymentMethod: 'usd',
        status: 'pending',
        submissionId: submission.id,
      },
      headers: { 'Idempotency-Key': `e2e-sell-${Date.now()}` },
    });
    expect(sellRequest.status(), await sellRequest.text()).toBe(201);

    await adminView(admin, /User Item Submissions/);
    const card = admin.getByRole('listitem', { name: 'AK-47' });
    await card.waitFor({ timeout: patient(8000) });
    // AK-47: $18 × 0.15 × 2 = $5.40 USD.
    expect(await card.textContent()).toContain('USD Cash: $5.40 USD');
    const photo = card.getByRole('img', { name: 'AK-47' });
    await photo.waitFor();
    await admin.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
      await photo.elementHandle(),
    );
    await screenshot(admin, 'e2e-submissions-photo-1024');
    await card.getByRole('button', { name: 'View full-size photo of AK-47' }).click();
    const viewer = admin.getByRole('dialog', { name: 'AK-47' });
    await admin.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth >= 800,
      await viewer.getByRole('img').elementHandle(),
    );
    await viewer.getByRole('button', { name: 'Close' }).click();

    await card.getByRole('button', { name: 'Schedule' }).click();
    const form = admin.getByRole('dialog', { name: 'Schedule Item Collection' });
    await form.getByLabel('Month').fill('1');
    // The form starts at the next half hour (issue 33): an emptied Day is what Missing Information is about.
    await form.getByLabel('Day').fill('');
    await form.getByRole('button', { name: 'Schedule', exact: true }).click();
    expect(await form.getByRole('alert').textContent()).toBe(
      'Missing Information: Please fill in all date and time fields before scheduling',
    );
    await form.getByLabel('Day').fill('15');
    await form.getByLabel('Year').fill('2027');
    await form.getByLabel('Hour').fill('10');
    await form.getByLabel('Minute').fill('5');
    // The form started at the next half hour, which may be in the afternoon.
    await form.getByRole('button', { name: 'AM', exact: true }).click();
    // Record what the app stores: an ok answer stores the id locally and refreshes.
    await admin.evaluate(() => {
      const stored: Array<[string, string]> = [];
      (window as unknown as { stored: typeof stored }).stored = stored;
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        stored.push([key, value]);
        return setItem.call(this, key, value);
      };
    });
    await form.getByRole('button', { name: 'Schedule' }).click();
    await admin.getByText('No submissions yet').waitFor();
    const stored = await admin.evaluate(() => (window as unknown as { stored: Array<[string, string]> }).stored);
    expect(stored).toContainEqual(['scheduledSubmissionIds', `[${submission.id}]`]);
    expect(stored.some(([key, value]) => key === 'scheduledPickups' && value.includes(`"submissionId":${submission.id}`))).toBe(true);
    // Once the refetch shows the submission scheduled on the server, the stored id is no longer needed.
    await expect
      .poll(() => admin.evaluate(() => [localStorage.getItem('scheduledSubmissionIds'), localStorage.getItem('scheduledPickups')]), {
        timeout: patient(8000),
      })
      .toEqual([null, null]);

    await customer.goto('/my-activity');
    await customer.getByRole('tab', { name: /My Sell Requests/ }).click();
    const sold = await openRequestCard(customer, 'sell-request', { status: 'scheduled' });
    expect(await sold.textContent()).toContain('1/15/2027');

    await adminView(admin, 'Scheduled pickups');
    const pickup = admin.getByRole('listitem', { name: 'AK-47' });
    expect(await pickup.textContent()).toContain('1/15/2027 at 10:05 AM');
    await pickup.getByRole('button', { name: 'Mark Collected' }).click();
    const collect = admin.getByRole('alertdialog', { name: 'Confirm Collection' });
    expect(await collect.textContent()).toContain("Only select yes if you've collected");
    await collect.getByRole('button', { name: 'Yes' }).click();
    await admin.getByText('No pending pickups').waitFor();
    await customer.locator('[data-testid="sell-request-card"][data-status="payment pending..."]').waitFor({ timeout: patient(10_000) });

    await adminView(admin, 'Collected');
    await admin.getByRole('listitem', { name: 'AK-47' }).getByRole('button', { name: 'Paid' }).click();
    await admin.getByRole('alertdialog', { name: 'Payment Confirmation' }).getByRole('button', { name: 'Yes' }).click();
    await admin.getByText('No collected items').waitFor();
    await customer.locator('[data-testid="sell-request-card"][data-status="paid"]').waitFor({ timeout: patient(10_000) });

    await adminView(admin, 'Paid');
    await admin.getByRole('button', { name: /AK-47/ }).click();
    const contact = admin.getByRole('dialog', { name: 'Submission Details & Contact' });
    await contact.getByText(`${customerName}@example.com`).waitFor();
    await contact.getByText(`${customerName}_ps5`).waitFor();
    await contact.getByRole('button', { name: 'Close' }).click();
    await admin.getByRole('button', { name: 'Close' }).click();
  });

  it('the super admin promotes a user, who then sees the Admin button; deleting asks first', async () => {
    expect(await customer.getByRole('button', { name: 'Admin', exact: true }).count()).toBe(0);
    await admin.getByRole('button', { name: 'Super Admin Settings' }).click();
    const settings = admin.getByRole('dialog', { name: 'Super Admin Settings' });
    const row = settings.getByRole('listitem', { name: customerName });
    await row.waitFor();
    expect(await settings.getByRole('listitem', { name: 'admin' }).textContent()).toContain('Super Admin');
    await settings.getByText('Total Users').waitFor();
    await row.getByRole('button', { name: 'Make Admin' }).click();
    await admin.getByRole('alertdialog', { name: 'Make Admin' }).getByRole('button', { name: 'Make admin' }).click();
    const toast = admin.getByRole('status').filter({ hasText: `${customerName} promoted to admin` });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Success');
    await row.getByText('Admin', { exact: true }).waitFor();

    await customer.goto('/');
    // The home re-checks the admin flag every 5 s.
    await customer.getByRole('button', { name: 'Admin', exact: true }).waitFor({ timeout: patient(12_000) });
    await openAdmin(customer);
    await screenshot(customer, 'e2e-promoted-admin-390');

    await row.getByRole('button', { name: `Delete ${customerName}` }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Delete User' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: `Delete ${customerName}` }).click();
    await admin.getByRole('alertdialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete' }).click();
    await admin
      .getByRole('status')
      .filter({ hasText: `User ${customerName} has been deleted` })
      .waitFor();
    await row.waitFor({ state: 'detached' });
  });
});

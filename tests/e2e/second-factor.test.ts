import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE, screenshot, TABLET } from '../support/browser';
import { SUPER_ADMIN } from '../support/server';
import { signInOnScreen } from '../support/sign-in';

// Issue 29.9 in a real Chromium: the super admin sets up an authenticator app before Admin Control opens, and a later
// sign-in asks for its code. The codes are computed here with otpauth from the key the screen shows.

const app = useAppUnderTest({ adminSecondFactor: 'required' });

async function logIn(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({ viewport, baseURL: app.server.url, serviceWorkers: 'block' });
  return { context, page: await signInOnScreen(context) };
}

const codeFor = (secret: string, at = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

describe('admin second factor (TOTP)', () => {
  it('when the super admin without a second factor opens Admin Control, then an authenticator app is set up first; the next sign-in asks for its code', async () => {
    // The super admin needs a contact to land on home.
    const setup = await app.browser.newContext({ baseURL: app.server.url });
    expect((await setup.request.post('/api/marketplace/login', { data: SUPER_ADMIN })).ok()).toBe(true);
    expect(
      (await setup.request.put(`/api/marketplace/contact/${SUPER_ADMIN.username}`, { data: { contactEmail: 'boss@example.com' } })).ok(),
    ).toBe(true);
    await setup.close();

    const first = await logIn(TABLET);
    try {
      expect((await first.context.request.get('/api/admin/stats')).status()).toBe(403);
      await first.page.getByRole('button', { name: 'Admin', exact: true }).click();
      const dialog = first.page.getByRole('dialog', { name: 'Protect Admin Control' });
      await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      expect(await first.page.getByRole('heading', { name: 'Admin Control', exact: true }).count()).toBe(0);
      await screenshot(first.page, 'second-factor-01-setup-1024');
      const secret = (await dialog.locator('code').innerText()).replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);

      await dialog.getByLabel('6-digit code').fill(codeFor(secret) === '000000' ? '111111' : '000000');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.getByText('That code is not right. Enter the current 6-digit code from your authenticator app').waitFor();
      await dialog.getByLabel('6-digit code').fill(codeFor(secret));
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      // The recovery codes, shown once before Admin Control opens (issue 52.5).
      const codes = first.page.getByRole('dialog', { name: 'Save your recovery codes' });
      await codes.getByRole('list', { name: 'Recovery codes' }).waitFor();
      expect(await codes.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
      await screenshot(first.page, 'second-factor-01b-recovery-codes-1024');
      await codes.getByRole('button', { name: 'I saved them' }).click();
      await first.page.getByRole('heading', { name: 'Admin Control', exact: true }).waitFor();
      await screenshot(first.page, 'second-factor-02-admin-control-1024');
      expect((await first.context.request.get('/api/admin/stats')).status()).toBe(200);

      const second = await logIn(PHONE);
      try {
        await second.page.getByRole('button', { name: 'Admin', exact: true }).click();
        const ask = second.page.getByRole('dialog', { name: "Confirm it's you" });
        await ask.getByText('Enter the 6-digit code from your authenticator app to open Admin Control.').waitFor();
        await screenshot(second.page, 'second-factor-03-code-390');
        expect((await second.context.request.get('/api/admin/stats')).status()).toBe(403);
        // The code of the next 30-second step: the current one was used by the set-up.
        await ask.getByLabel('6-digit code').fill(codeFor(secret, Date.now() + 30_000));
        await ask.getByRole('button', { name: 'Continue' }).click();
        await second.page.getByRole('heading', { name: 'Admin Control', exact: true }).waitFor();
        expect((await second.context.request.get('/api/admin/stats')).status()).toBe(200);
        await screenshot(second.page, 'second-factor-04-admin-control-390');
      } finally {
        await second.context.close();
      }
    } finally {
      await first.context.close();
    }
  });
});

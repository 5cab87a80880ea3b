import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, screenshot } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

// Issue 29.8 in a real Chromium: a player adds a passkey from Account and signs in with it, no password typed. The
// authenticator is the DevTools protocol's virtual one (WebAuthn.addVirtualAuthenticator), which answers as a phone's
// Face ID would. A passkey's relying party is a host name, never an IP address: the pages are opened on localhost.

let server: TestServer;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  server = await startTestServer({ staticDir: process.env.E2E_DIST ?? 'dist' });
  origin = server.url.replace('127.0.0.1', 'localhost');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

describe('passkeys', () => {
  it('when a player adds a passkey in Account, then after logging out they sign in with it without typing a password', async () => {
    const context: BrowserContext = await browser.newContext({ viewport: PHONE, baseURL: origin, serviceWorkers: 'block' });
    try {
      const username = 'passkey_player';
      expect((await context.request.post('/api/marketplace/signup', { data: { username, password: 'player-password-1' } })).ok()).toBe(
        true,
      );
      expect((await context.request.put(`/api/marketplace/contact/${username}`, { data: { robloxUsername: 'pk_rbx' } })).ok()).toBe(true);
      expect((await context.request.post('/api/marketplace/logout')).ok()).toBe(true);

      const page = await context.newPage();
      const { cdp, authenticatorId } = await virtualAuthenticator(page);
      await page.goto('/login');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill('player-password-1');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');

      await page.goto('/my-activity');
      const panel = page.getByRole('region', { name: 'Passkeys' });
      await panel.getByText('No passkey yet.').waitFor();
      await panel.getByRole('button', { name: 'Add a passkey' }).click();
      await panel.getByText('Passkey on Linux').waitFor();
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, 'passkeys-01-account-390');
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0].isResidentCredential).toBe(true);

      // Log out (the server's session and this device's name), then sign in with the passkey alone: first from the
      // username field's suggestions (conditional UI: the virtual authenticator picks the passkey as a person would).
      const logOut = async () => {
        expect((await context.request.post('/api/marketplace/logout')).ok()).toBe(true);
        await page.evaluate(() => localStorage.clear());
      };
      // The authenticator answers at once, so the login screen may be gone before anything reads it (a CI run timed
      // out on the Username field): its autocomplete is checked below, where the authenticator waits.
      await logOut();
      await page.goto('/login');
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByText(username, { exact: true }).first().waitFor();

      // Then with the button, the authenticator waiting for the person until it is tapped.
      await logOut();
      await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
      await page.goto('/login');
      const button = page.getByRole('button', { name: 'Sign in with a passkey' });
      await button.waitFor();
      // The username field offers the passkey among its suggestions (conditional UI).
      expect(await page.getByLabel('Username').getAttribute('autocomplete')).toBe('username webauthn');
      await screenshot(page, 'passkeys-02-login-390');
      expect(new URL(page.url()).pathname).toBe('/login');
      await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true });
      // With the person present again, the screen's waiting conditional request (passkey-login.tsx) may be answered
      // first and sign in by itself, taking the button away (CI once timed out clicking it); else the button does.
      // Either way no password is typed, and the sign-in must land on home.
      await Promise.race([button.click().catch(() => {}), page.waitForURL((url) => url.pathname === '/')]);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByText(username, { exact: true }).first().waitFor();
      const me = await context.request.get('/api/marketplace/me');
      expect(me.status()).toBe(200);
      expect((await me.json()).username).toBe(username);
      const keys = (await (await context.request.get('/api/marketplace/passkeys')).json()) as Array<{ lastUsedAt: string | null }>;
      expect(keys).toHaveLength(1);
      expect(keys[0].lastUsedAt).not.toBeNull();
      const { credentials: after } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(after[0].signCount).toBeGreaterThanOrEqual(credentials[0].signCount + 2);
    } finally {
      await context.close();
    }
  });
});

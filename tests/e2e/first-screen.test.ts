// The first screen before the JavaScript: a visitor without a session gets '/', '/login' and '/signup' already drawn
// by the build (dist/prerender), so something real paints on a slow phone before the app's code has arrived. Here
// the app's entry script is held back, to see the page exactly as a visitor does meanwhile, then let through.
import path from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, screenshot } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { patient } from '../support/patience';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let release: () => void;
const errors: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ staticDir: path.resolve(process.env.E2E_DIST ?? 'dist') });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A fresh phone whose app entry script waits until `release()`; every other file loads as usual. */
async function phoneWithHeldScript() {
  context = await browser.newContext({ baseURL: server.url, viewport: PHONE, serviceWorkers: 'block' });
  page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route: Route) => {
    await held;
    await route.continue();
  });
}
afterEach(async () => {
  release?.();
  await context?.close();
  errors.length = 0;
});

const appRunning = () =>
  page.evaluate(() => !document.querySelector('#root[data-prerendered]') && !!document.querySelector('#root[data-taken-over]'));

describe('the signed-out screens before the JavaScript', () => {
  it("when '/' is opened with no session, then Sign Up and Login show before any script runs, and they work as plain links", async () => {
    await phoneWithHeldScript();
    await page.goto('/', { waitUntil: 'commit' });
    const signUp = page.getByRole('link', { name: 'Sign Up' });
    await signUp.waitFor();
    expect(await page.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    expect(await page.locator('.boot').count()).toBe(0);
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('/');
    // Drawn with the app's own styles: the button is the app's blue, not a default link.
    const background = await signUp.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    await screenshot(page, 'first-screen-landing-before-js-390');
    await signUp.click();
    // The entry script is still held back: the next page is drawn ahead too.
    await page.waitForURL('**/signup', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Sign Up' }).waitFor();
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('/signup');
  });

  it('when a visitor types into the login form before the app runs, then Login cannot be tapped meanwhile, and what was typed and the cursor are kept when the app takes over', async () => {
    await phoneWithHeldScript();
    await page.goto('/login', { waitUntil: 'commit' });
    const username = page.getByLabel('Username');
    await username.waitFor();
    const login = page.getByRole('button', { name: 'Login' });
    expect(await login.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Show password' }).isDisabled()).toBe(true);
    await username.fill('sam_the_trader');
    // Enter does not submit the drawn form either (its default button is disabled): the page stays, nothing is sent.
    await username.press('Enter');
    expect(new URL(page.url()).search).toBe('');
    await screenshot(page, 'first-screen-login-before-js-390');

    release();
    await expect.poll(appRunning, { timeout: patient(15_000) }).toBe(true);
    expect(await page.getByLabel('Username').inputValue()).toBe('sam_the_trader');
    expect(await page.getByRole('button', { name: 'Login' }).isEnabled()).toBe(true);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('username');
    // The app now owns the form: a wrong password gets the app's own answer.
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid username or password').waitFor();
    // The login's own 401 is the only failed load.
    expect(errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
  });

  it('when a visitor keeps typing while the app takes over, then nothing typed is lost', async () => {
    await phoneWithHeldScript();
    // The login screen's own code is held too: the app has read the drawn form but not yet attached to it.
    let releaseScreen!: () => void;
    const screenHeld = new Promise<void>((resolve) => (releaseScreen = resolve));
    await page.route(/\/assets\/login-page-[^/]+\.js$/, async (route: Route) => {
      await screenHeld;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const username = page.getByLabel('Username');
    await username.waitFor();
    await username.pressSequentially('sam_');
    release();
    // The app has started (it took the drawn screen's values) and waits for the screen's code.
    await expect
      .poll(() => page.evaluate(() => !document.querySelector('#root[data-prerendered]')), { timeout: patient(15_000) })
      .toBe(true);
    await username.pressSequentially('the_trader');
    await page.getByLabel('Password', { exact: true }).pressSequentially('pw');
    releaseScreen();
    await expect.poll(appRunning, { timeout: patient(15_000) }).toBe(true);
    expect(await page.getByLabel('Username').inputValue()).toBe('sam_the_trader');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('pw');
    // The cursor is back in the field the visitor was last in, at the end of what they typed.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('password');
    await page.keyboard.type('!');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('pw!');
  });

  it('when the app takes over the landing, then it hydrates the drawn elements, looks the same (no layout shift) and nothing is logged as an error', async () => {
    await phoneWithHeldScript();
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Sign Up' }).waitFor();
    const before = await page.getByRole('link', { name: 'Sign Up' }).boundingBox();
    await page.evaluate(() => {
      (window as unknown as { drawn: Element | null }).drawn = document.querySelector('#root main');
      (window as unknown as { shift: number }).shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          (window as unknown as { shift: number }).shift += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: false });
    });
    release();
    await expect.poll(appRunning, { timeout: patient(15_000) }).toBe(true);
    const after = await page.getByRole('link', { name: 'Sign Up' }).boundingBox();
    expect(after).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBeLessThan(0.01);
    // React hydrated the drawn markup (it kept its elements) rather than drawing the screen again over it.
    expect(await page.evaluate(() => (window as unknown as { drawn: Element | null }).drawn === document.querySelector('#root main'))).toBe(
      true,
    );
    // styled-components adopted the drawn styles (it moves them into its own sheet) instead of compiling them again.
    expect(await page.locator('style[data-styled="true"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('when a signed-out screen is opened, then its code is asked for only after the screen has painted, and the app still takes over', async () => {
    context = await browser.newContext({ baseURL: server.url, viewport: PHONE, serviceWorkers: 'block' });
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/login');
    await expect.poll(appRunning, { timeout: patient(15_000) }).toBe(true);
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      entry: performance.getEntriesByType('resource').find((e) => /\/assets\/index-[^/]+\.js$/.test(e.name))?.startTime,
    }));
    expect(timing.paint).toBeGreaterThan(0);
    expect(timing.entry).toBeGreaterThanOrEqual(timing.paint!);
    // The loader is the one inline script the Content-Security-Policy allows: nothing was refused.
    expect(errors).toEqual([]);
  });

  it("when a signed-in player opens '/buy' before the app runs, then the shop's categories show at once, inert, and work once the app takes over", async () => {
    await phoneWithHeldScript();
    const answer = await context.request.post('/api/marketplace/signup', {
      data: { username: 'early_shopper', password: 'player-password-1' },
    });
    const user = await answer.json();
    await context.addInitScript((u) => {
      localStorage.setItem('currentUser', u.username);
      localStorage.setItem('userData', JSON.stringify(u));
    }, user);
    await page.goto('/buy', { waitUntil: 'commit' });
    const weapons = page.getByRole('button', { name: /^Weapons & Ammo/ });
    await weapons.waitFor();
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('/buy');
    expect(await weapons.isDisabled()).toBe(true);
    await screenshot(page, 'first-screen-shop-before-js-390');
    release();
    await expect.poll(appRunning, { timeout: patient(15_000) }).toBe(true);
    await page.getByRole('button', { name: /^Weapons & Ammo/ }).click();
    await page.getByRole('button', { name: /^Guns/ }).waitFor();
    expect(errors).toEqual([]);
  });

  it("when the visitor has a session, then '/' is the app's shell (never the signed-out screen)", async () => {
    const signedIn = await browser.newContext({ baseURL: server.url, viewport: PHONE, serviceWorkers: 'block' });
    const answer = await signedIn.request.post('/api/marketplace/signup', {
      data: { username: 'first_screen', password: 'player-password-1' },
    });
    expect(answer.status()).toBe(201);
    const html = await (await signedIn.request.get('/')).text();
    expect(html).not.toContain('data-prerendered');
    expect(html).toContain('class="boot"');
    await signedIn.close();
  });
});

// Shared steps of the customer browser tests (shop, sell).
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { screenshot } from './browser';

/** Saves what the screen shows (not the full page): dialogs and sticky headers read as a player sees them. */
export async function screenshotViewport(page: Page, name: string): Promise<void> {
  await screenshot(page, name, { fullPage: false });
}

export interface Player {
  context: BrowserContext;
  page: Page;
  username: string;
}

let counter = 0;

/**
 * A new player: signed up through the API (the session cookie lands in the browser context), contact set through
 * the API so the first-time flow does not interfere, then stored in localStorage as the app does after login. Its
 * context has no service worker unless `options` allow one (tests/support/browser.ts).
 */
export async function newPlayer(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  prefix: string,
  options: BrowserContextOptions = {},
): Promise<Player> {
  counter += 1;
  const username = `${prefix}${Date.now().toString(36).slice(-5)}${counter}`;
  const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor: 1, ...options });
  await signUpIn(context, username, 'player-password-1');
  const page = await context.newPage();
  await page.goto('/');
  return { context, page, username };
}

/**
 * Signs `username` up in `context` through the API (its session cookie lands there), sets a contact email so the
 * first-time flow does not interfere, and stores the user as the app does after login (`storeSignedIn`).
 */
export async function signUpIn(context: BrowserContext, username: string, password = 'secret-12'): Promise<void> {
  const signup = await context.request.post('/api/marketplace/signup', { data: { username, password } });
  if (signup.status() !== 201) throw new Error(`signup answered ${signup.status()}: ${await signup.text()}`);
  const contact = await context.request.put(`/api/marketplace/contact/${username}`, { data: { contactEmail: `${username}@example.com` } });
  if (contact.status() !== 200) throw new Error(`contact answered ${contact.status()}: ${await contact.text()}`);
  await storeSignedIn(context, await contact.json());
}

let seeds = 0;

/**
 * Stores `user` as the app's signed-in user (localStorage, as the app does after login) in the context's next
 * document, before any of the app's code runs, and once only: a later logout or session end is not undone by a
 * reload. Written after a page had loaded instead, it raced the app's start (deferred until the first paint): an app
 * that started after the write was signed in and opened a socket, one that started before was not — and a later
 * login in the same context, ending the first session, signed the first kind out (CI, 2026-11-27).
 */
export async function storeSignedIn(context: BrowserContext, user: { username: string }): Promise<void> {
  seeds += 1;
  await context.addInitScript(
    ({ user, mark }) => {
      try {
        if (localStorage.getItem(mark)) return;
        localStorage.setItem(mark, '1');
        localStorage.setItem('currentUser', user.username);
        localStorage.setItem('userData', JSON.stringify(user));
      } catch {
        // about:blank and other opaque origins have no storage.
      }
    },
    { user, mark: `test-seed-${Date.now().toString(36)}-${seeds}` },
  );
}

/**
 * Resolves once every finite animation and transition on the page has finished (a card fading in, a dialog opening,
 * the colours easing to a new theme): what a screenshot or a contrast check then reads is the resting screen.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * An axe check of the page as it is. Run with `axe.run` in the page itself (`setLegacyMode`): by default each analysis
 * also opened a blank page — a renderer process of its own — to merge the frames' results, and the app has no frames.
 * That page was half a check's cost: `admin-screens` (24 checks) took 155 s of CPU, 128 s with the checks in the
 * page, 101 s with no check at all. tests/e2e/axe-check.test.ts proves the check still finds what is wrong.
 */
export function axeCheck(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode();
}

/**
 * Serious or critical accessibility problems axe finds on the page (or inside `include`); `experimental` turns on axe
 * rules it leaves off by default (such as `label-content-name-mismatch`).
 */
export async function axeProblems(page: Page, where: string, include?: string, experimental: string[] = []): Promise<string[]> {
  const builder = axeCheck(page);
  if (include) builder.include(include);
  if (experimental.length) builder.options({ rules: Object.fromEntries(experimental.map((rule) => [rule, { enabled: true }])) });
  const result = await builder.analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${where}: ${violation.id} ${violation.nodes.map((node) => `${node.html.slice(0, 80)} ${node.failureSummary?.split('\n')[1] ?? ''}`).join(' | ')}`,
    );
}

import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { witness } from './failure-witness';
import { patient } from './patience';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's `chromium-headless-shell`: the same Chromium, built without the browser's windowing and UI layer that the
 * full binary runs even headless. The e2e files run on it unless they ask for the full browser: measured on the same
 * files, it took about a third less CPU (`shop` + `admin`: 55 s against 81 s; README.md, Tests). It lacks what only
 * the full browser does — install prompts, the app badge, shown notifications, Background Sync — so the tests of those
 * ask for `launchBrowser({ full: true })`. Without the package, the full browser runs everything.
 */
const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
export const SHELL_PATH = existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;

/**
 * The flags this machine needs: no sandbox (containers), no GPU, no downloads, no background traffic. And four that
 * take less CPU, measured together with Chromium's processes counted (docs/SUITE-TIME.md: shop.test.ts 90 s instead of
 * 99 s, pwa 7% less, ~5% over four files): the software compositor in the browser process instead of a GPU process of
 * its own, no software GL, no site isolation (every test page is one origin) and scrolls that jump instead of animating.
 * Playwright adds its own (no renderer backgrounding or timer throttling, no extensions, muted audio); a second
 * `--disable-features` would replace its list rather than add to it, so there is none here.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--in-process-gpu',
  '--disable-software-rasterizer',
  '--disable-site-isolation-trials',
  '--disable-smooth-scrolling',
];

/**
 * Headless system Chromium: in the e2e project a connection to one of the run's two browsers — the headless shell, or
 * with `full` the full browser (tests/support/browser-global.ts; closing it closes this file's contexts, not the
 * browser) — elsewhere or alone a full browser of its own.
 */
export async function launchBrowser({ full = false } = {}): Promise<Browser> {
  // Outside a vitest run (the bench) there is nothing to inject.
  const shared = process.env.VITEST ? inject(full ? 'fullChromiumWsEndpoint' : 'chromiumWsEndpoint') : undefined;
  const browser = shared
    ? await chromium.connect(shared)
    : await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  return serviceWorkersWhenAsked(browser);
}

/**
 * New contexts block the service worker unless a test asks for it (`serviceWorkers: 'allow'`): a context's first page
 * with the worker installed and the app precached costs 3–5 s of CPU (docs/SUITE-TIME.md), and most tests read what the
 * page shows, not what the worker does. The tests of the worker itself (offline, push, install, share target) ask.
 * Each context is followed, so a failed test's message says what its pages showed (tests/support/failure-witness.ts),
 * and its Playwright limits (30 s for a navigation, a locator, an action) stretch with the machine's load
 * (tests/support/patience.ts).
 */
function serviceWorkersWhenAsked(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options = {}) => {
    const context = await newContext({ serviceWorkers: 'block', ...options });
    context.setDefaultTimeout(patient(30_000));
    return witness(context);
  };
  return browser;
}

export const PHONE = { width: 390, height: 844 } as const;
export const TABLET = { width: 1024, height: 768 } as const;
/** The languages besides English at both sizes: what the language tests run through (issue 50). */
export const OTHER_LANGUAGES_AT_BOTH_SIZES = [
  ['pt-BR', 'phone', PHONE],
  ['pt-BR', 'tablet', TABLET],
  ['es', 'phone', PHONE],
  ['es', 'tablet', TABLET],
] as const;

const SCREENSHOT_DIR = path.resolve('tests/e2e/screenshots');

/**
 * Screenshots are for people to look at (README.md, Tests): `npm run screenshots` saves them (SCREENSHOTS=1); a plain
 * `npm test` asserts the same pages without encoding ~250 PNGs (about 5% of the browser files' CPU).
 */
export const SAVING_SCREENSHOTS = process.env.SCREENSHOTS === '1';

/**
 * Saves a screenshot as tests/e2e/screenshots/{name}.png when screenshots are saved, and answers its path (`null`
 * when they are not): the whole page by default, `{ fullPage: false }` for what the viewport shows.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string | null> {
  if (!SAVING_SCREENSHOTS) return null;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

// Firefox ESR (Debian's firefox-esr) driven through its built-in WebDriver BiDi by puppeteer-core: no geckodriver.
// A fresh profile per run, a phone-sized viewport. See docs/ENGINES.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type ElementHandle } from 'puppeteer-core';
import { EngineDriver, type DriverCore } from './engine-driver';
import { findScript, type Query } from './page-query';
import { patient } from '../support/patience';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export interface FirefoxOptions {
  baseUrl: string;
  size: { width: number; height: number };
}

/** Errors worth trying again a moment later (the element moved, went away or is covered). */
const transient = (error: unknown) =>
  error instanceof Error && /detached|not attached|no such (node|element)|not clickable|not visible|obscured|Node is/i.test(error.message);

export async function launchFirefox({ baseUrl, size }: FirefoxOptions): Promise<EngineDriver> {
  const profile = mkdtempSync(path.join(tmpdir(), 'blockspin-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    userDataDir: profile,
    defaultViewport: null,
    extraPrefsFirefox: {
      // No background traffic of Firefox's own through the test's network.
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
      'browser.safebrowsing.update.enabled': false,
    },
  });
  try {
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    // puppeteer sends the viewport and a screen-orientation override together; Firefox 140's BiDi knows only the
    // first (the window itself will not go below 450 px), so the other's "unknown command" is expected.
    await page.setViewport({ width: size.width, height: size.height }).catch((error: unknown) => {
      if (!(error instanceof Error && error.message.includes('unknown command emulation.setScreenOrientationOverride'))) throw error;
    });

    const element = async (query: Query): Promise<ElementHandle<Element> | null> => {
      const handle = await page.evaluateHandle(`(() => { ${findScript(query)} })()`);
      const found = handle.asElement() as ElementHandle<Element> | null;
      if (!found) await handle.dispose();
      return found;
    };

    // Puppeteer's 30 s for a navigation or a wait, stretched with the machine's load (tests/support/patience.ts).
    page.setDefaultTimeout(patient(30_000));
    const core: DriverCore = {
      engine: 'firefox',
      async open(url) {
        await page.goto(url, { waitUntil: 'load' });
      },
      async reload() {
        await page.reload({ waitUntil: 'load' });
      },
      currentUrl: async () => page.url(),
      run: <T>(source: string) => page.evaluate(`(async () => { const __name = (f) => f; return await (${source}); })()`) as Promise<T>,
      async tryClick(query) {
        const found = await element(query).catch(() => null);
        if (!found) return false;
        try {
          await found.click();
          return true;
        } catch (error) {
          if (transient(error)) return false;
          throw error;
        } finally {
          await found.dispose().catch(() => undefined);
        }
      },
      async tryFill(query, value) {
        const found = await element(query).catch(() => null);
        if (!found) return false;
        try {
          await found.click({ count: 3 });
          await found.evaluate((el) => (el as HTMLInputElement).select());
          await found.type(value);
          return true;
        } catch (error) {
          if (transient(error)) return false;
          throw error;
        } finally {
          await found.dispose().catch(() => undefined);
        }
      },
      async exists(query) {
        const found = await element(query);
        await found?.dispose();
        return found !== null;
      },
      screenshotPng: async () => Buffer.from(await page.screenshot({ type: 'png' })),
      async close() {
        await browser.close().catch(() => undefined);
        rmSync(profile, { recursive: true, force: true });
      },
    };
    return new EngineDriver(core, baseUrl);
  } catch (error) {
    await browser.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}

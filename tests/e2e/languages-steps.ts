import type { BrowserContext, Page } from 'playwright-core';
import { useAppUnderTest } from '../support/app-under-test';

// The shared steps of the language tests (languages.test.ts, languages-signed-in.test.ts).

/** The file's app under test, and `open`: a browser whose languages are `locale`'s (navigator.languages and Accept-Language). */
export function useLanguageApp() {
  const app = useAppUnderTest();
  async function open(locale: string, viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
    const context = await app.browser.newContext({ viewport, baseURL: app.server.url, serviceWorkers: 'block', locale });
    return { context, page: await context.newPage() };
  }
  return { app, open };
}

export const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

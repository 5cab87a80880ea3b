// Issue 50: every player screen in Portuguese and Spanish, at phone and tablet size — no text of the catalogues left in
// English (tests/support/untranslated.ts), nothing running off the side, and a screenshot of each to look at.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { screenshot, OTHER_LANGUAGES_AT_BOTH_SIZES } from '../support/browser';
import { sidewaysOverflow } from '../support/overflow';
import { signUpIn } from '../support/player';
import { untranslatedLines } from '../support/untranslated';

const app = useAppUnderTest();
let serial = 0;

const SIGNED_OUT = [
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/verify-email?token=not-a-real-token',
] as const;
/** The login screen's greeting in each language: the screens below are not only free of English, they say this. */
const GREETING = { 'pt-BR': 'Que bom te ver de novo, negociante.', es: 'Hola de nuevo, comerciante.' } as const;

const SIGNED_IN = [
  '/',
  '/buy',
  '/my-activity',
  '/my-activity?tab=buy',
  '/my-activity?tab=sell',
  '/change-password',
  '/sell',
  '/inbox',
] as const;

/** A screenshot's name for a path: '/my-activity?tab=buy' → 'my-activity-tab-buy', '/' → 'home'. */
const nameOf = (path: string) =>
  path
    .split('?token')[0]
    .replace(/[/?=]+/g, '-')
    .replace(/^-|-$/g, '') || 'home';

describe.each(OTHER_LANGUAGES_AT_BOTH_SIZES)('every player screen in %s at %s size', (locale, size, viewport) => {
  const open = async (): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await app.browser.newContext({ viewport, baseURL: app.server.url, serviceWorkers: 'block', locale });
    return { context, page: await context.newPage() };
  };
  /** The screen at `path` once the app has it (its main landmark drawn and the drawn page taken over), checked. */
  const check = async (page: Page, path: string, name: string) => {
    await page.goto(path);
    await page.locator('main').first().waitFor();
    await page.waitForFunction(() => !document.getElementById('root')?.dataset.prerendered && !document.querySelector('[data-inert]'));
    // A moment for what the screen reads from the server (its lists, a link's check) to arrive and be drawn.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
    expect({ path, english: await untranslatedLines(page, locale) }).toEqual({ path, english: [] });
    expect({ path, overflow: await sidewaysOverflow(page) }).toEqual({ path, overflow: [] });
    await screenshot(page, `screens-${locale}-${size}-${name}`);
  };

  it('when a visitor opens the signed-out screens, then each speaks the language', async () => {
    const { context, page } = await open();
    try {
      for (const path of SIGNED_OUT) await check(page, path, nameOf(path));
      await page.goto('/login');
      expect(await page.getByText(GREETING[locale]).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('when a player opens each of their screens, then each speaks the language', async () => {
    const { context, page } = await open();
    const username = `screens_${locale.replace('-', '')}_${size}_${++serial}`;
    try {
      await signUpIn(context, username);
      for (const path of SIGNED_IN) await check(page, path, nameOf(path));
    } finally {
      await context.close();
    }
  });
});

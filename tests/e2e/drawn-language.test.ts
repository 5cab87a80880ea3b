// Issue 50: the screens the build draws ahead are drawn in every language, and the server sends the visitor's (the
// `lang` cookie the app keeps, else Accept-Language): a phone in Portuguese never sees an English page before the app
// takes over, and the app takes the drawn page over (hydrates it) instead of drawing it again.
import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE, screenshot } from '../support/browser';

const app = useAppUnderTest();

describe('the drawn first screen', () => {
  it.each([
    ['pt-BR', 'Criar conta', 'Entrar'],
    ['es', 'Crear cuenta', 'Iniciar sesión'],
  ] as const)('when a browser in %s arrives, then the page before any JavaScript is in its language', async (locale, signUp, login) => {
    const context = await app.browser.newContext({ viewport: PHONE, baseURL: app.server.url, locale, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      expect(await page.getByRole('link', { name: signUp }).isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: login }).isVisible()).toBe(true);
      expect(await page.getByText('Sign Up', { exact: true }).count()).toBe(0);
      await page.goto('/login');
      expect(await page.getByRole('heading', { name: login }).isVisible()).toBe(true);
      await screenshot(page, `drawn-${locale}-login-before-javascript`);
    } finally {
      await context.close();
    }
  });

  it('when the device chose Spanish on an English browser, then the server sends the Spanish page (the lang cookie)', async () => {
    const context = await app.browser.newContext({ viewport: PHONE, baseURL: app.server.url, locale: 'en-US', javaScriptEnabled: false });
    try {
      await context.addCookies([{ name: 'lang', value: 'es', url: app.server.url }]);
      const page = await context.newPage();
      await page.goto('/');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      expect(await page.getByRole('link', { name: 'Crear cuenta' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('when a browser in pt-BR runs the app, then it takes the drawn page over without drawing it again, and keeps the language in the cookie', async () => {
    const context = await app.browser.newContext({ viewport: PHONE, baseURL: app.server.url, locale: 'pt-BR', serviceWorkers: 'block' });
    try {
      const errors: string[] = [];
      const page = await context.newPage();
      page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
      page.on('pageerror', (error) => void errors.push(error.message));
      // Notes whether the drawn <main> is ever taken out of the page (drawn again rather than taken over).
      await context.addInitScript(() => {
        const w = window as unknown as { drawnAgain: boolean };
        w.drawnAgain = false;
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.removedNodes) if (node instanceof HTMLElement && node.tagName === 'MAIN') w.drawnAgain = true;
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/');
      // The app has the screen once the drawn page's mark is gone and its buttons work.
      await page.waitForFunction(() => !document.getElementById('root')?.dataset.prerendered && !document.querySelector('[data-inert]'));
      expect(await page.getByRole('link', { name: 'Criar conta' }).isVisible()).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { drawnAgain: boolean }).drawnAgain)).toBe(false);
      expect(errors).toEqual([]);
      expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('pt-BR');
    } finally {
      await context.close();
    }
  });

  it('when an English browser runs the app, then it takes the page over with its texts loaded: no text is shown unformatted', async () => {
    const context = await app.browser.newContext({ viewport: PHONE, baseURL: app.server.url, locale: 'en-US', serviceWorkers: 'block' });
    try {
      const warnings: string[] = [];
      const page = await context.newPage();
      page.on('console', (message) => void (/warn|error/.test(message.type()) && warnings.push(message.text())));
      for (const path of ['/', '/login', '/signup']) {
        await page.goto(path);
        await page.waitForFunction(() => !document.getElementById('root')?.dataset.prerendered && !document.querySelector('[data-inert]'));
      }
      // Lingui's production warning for a text rendered before its compiled catalogue was there.
      expect(warnings.filter((text) => /Uncompiled message/.test(text))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['pt-BR', 'Carregando o mercado…'],
    ['es', 'Cargando el mercado…'],
    ['en-US', 'Loading the market…'],
  ] as const)('when the app shell shows its splash in a browser in %s, then its words are that language’s', async (locale, words) => {
    const context = await app.browser.newContext({ viewport: PHONE, baseURL: app.server.url, locale, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      // The splash stays while the app's code is missing (a slow network): here it never comes.
      await page.route('**/assets/**', (route) => route.abort());
      await page.goto('/my-activity');
      const splash = page.locator('.boot-text');
      expect(await splash.innerText()).toBe(words);
      await screenshot(page, `boot-splash-${locale}`);
    } finally {
      await context.close();
    }
  });
});

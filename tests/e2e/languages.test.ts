// Issue 50 (DESIGN.md §15): a phone set to Brazilian Portuguese or Spanish gets the app in its language from the first
// screen — `<html lang>`, landing, sign up, the first-time contact setup, Account — and a player switches language in
// Account without a reload, the choice kept on the account; the shop and the cart speak it too, prices written its way.
// Screenshots per language at phone and tablet size; nothing runs off the side (Portuguese runs about 30% longer than
// English).
// The signed-in screens, the shop and the cart are in languages-signed-in.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, screenshot, OTHER_LANGUAGES_AT_BOTH_SIZES } from '../support/browser';
import { sidewaysOverflow } from '../support/overflow';
import { signUpIn, storeSignedIn } from '../support/player';
import { htmlLang, useLanguageApp } from './languages-steps';

const { app, open } = useLanguageApp();
let serial = 0;

/** Each language's words for the steps below, as its catalogue writes them. */
const WORDS = {
  'pt-BR': {
    signUp: 'Criar conta',
    login: 'Entrar',
    username: 'Usuário',
    password: 'Senha',
    confirm: 'Confirme a senha',
    mismatch: 'As senhas não coincidem',
    welcome: 'Boas-vindas ao Blockspin Market!',
    account: 'Minha conta',
    language: 'Idioma',
  },
  es: {
    signUp: 'Crear cuenta',
    login: 'Iniciar sesión',
    username: 'Usuario',
    password: 'Contraseña',
    confirm: 'Confirma la contraseña',
    mismatch: 'Las contraseñas no coinciden',
    welcome: '¡Te damos la bienvenida a Blockspin Market!',
    account: 'Mi cuenta',
    language: 'Idioma',
  },
} as const;

describe.each(OTHER_LANGUAGES_AT_BOTH_SIZES)('a browser in %s at %s size', (locale, size, viewport) => {
  const words = WORDS[locale];
  const shot = (page: Page, name: string) => screenshot(page, `language-${locale}-${size}-${name}`);

  it('when a visitor lands, signs up and reaches Account, then every screen speaks the language and fits', async () => {
    const { context, page } = await open(locale, viewport);
    const username = `lang_${locale.replace('-', '')}_${size}_${++serial}`;
    try {
      await page.goto('/');
      await page.getByRole('link', { name: words.signUp }).waitFor();
      expect(await htmlLang(page)).toBe(locale);
      expect(await page.getByRole('link', { name: words.login }).isVisible()).toBe(true);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot(page, '01-landing');

      await page.getByRole('link', { name: words.signUp }).click();
      await page.getByRole('heading', { name: words.signUp }).waitFor();
      await page.getByLabel(words.username, { exact: true }).fill(username);
      await page.getByLabel(words.password, { exact: true }).fill('secret-1');
      await page.getByLabel(words.confirm, { exact: true }).fill('secret-2');
      await page.getByRole('button', { name: words.signUp }).click();
      await page.getByText(words.mismatch).waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot(page, '02-signup-error');

      await page.getByLabel(words.confirm, { exact: true }).fill('secret-1');
      await page.getByRole('button', { name: words.signUp }).click();
      await page.getByText(words.welcome).waitFor();
      await page.getByRole('heading', { name: words.account }).waitFor();
      expect(await htmlLang(page)).toBe(locale);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot(page, '03-first-time-setup');

      // Account's own settings, further down: the Language setting shows this language chosen.
      const setting = page.getByRole('radiogroup', { name: words.language });
      await setting.scrollIntoViewIfNeeded();
      expect(await setting.getByRole('radio', { checked: true }).getAttribute('value')).toBe(locale);
      await shot(page, '04-account');
    } finally {
      await context.close();
    }
  });
});

describe('switching language in Account', () => {
  it('when a player chooses another language, then the screen changes at once without a reload, <html lang> follows, and the account keeps it', async () => {
    const { context, page } = await open('pt-BR', PHONE);
    const username = `switcher_${++serial}`;
    try {
      const api = context.request;
      await signUpIn(context, username);
      await page.goto('/my-activity');
      await page.getByRole('heading', { name: 'Minha conta' }).waitFor();
      expect(await htmlLang(page)).toBe('pt-BR');
      // A mark on the page itself: a reload would lose it.
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

      await page.getByRole('radio', { name: 'Español' }).check();
      await page.getByRole('heading', { name: 'Mi cuenta' }).waitFor();
      expect(await htmlLang(page)).toBe('es');
      await page.getByRole('radio', { name: 'English' }).check();
      await page.getByRole('heading', { name: 'My Account' }).waitFor();
      expect(await htmlLang(page)).toBe('en');
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await expect.poll(async () => (await (await api.get(`/api/marketplace/contact/${username}`)).json()).language).toBe('en');

      // Another device of the same player, set to Portuguese, follows the account once it has read its contact.
      const other = await app.browser.newContext({ viewport: PHONE, baseURL: app.server.url, serviceWorkers: 'block', locale: 'pt-BR' });
      try {
        await other.addCookies(await context.cookies());
        await storeSignedIn(other, await (await api.get(`/api/marketplace/contact/${username}`)).json());
        const second = await other.newPage();
        await second.goto('/');
        await expect.poll(() => htmlLang(second)).toBe('en');
        await second.getByRole('link', { name: /Account/ }).waitFor();
      } finally {
        await other.close();
      }
    } finally {
      await context.close();
    }
  });

  it('when the browser speaks English, then the app is in English (the default) and the server answers in English', async () => {
    const { context, page } = await open('en-US', PHONE);
    try {
      await page.goto('/');
      await page.getByRole('link', { name: 'Sign Up' }).waitFor();
      expect(await htmlLang(page)).toBe('en');
      expect(await page.evaluate(() => navigator.languages[0])).toBe('en-US');
    } finally {
      await context.close();
    }
  });
});

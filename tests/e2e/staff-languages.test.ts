// Issue 50 (DESIGN.md §15), the staff screens: the super admin in Brazilian Portuguese or Spanish gets the catalogue
// screen and Super Admin Settings (users, one user's page, the dashboard) in that language, prices in its money format,
// and nothing runs off the side at phone and tablet size (Portuguese runs about 30% longer than English). A change of
// language in Account reaches the catalogue screen without a reload (its texts come with the staff catalogue).
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, screenshot, OTHER_LANGUAGES_AT_BOTH_SIZES } from '../support/browser';
import { sidewaysOverflow } from '../support/overflow';
import { patient } from '../support/patience';
import { storeSignedIn } from '../support/player';
import { startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';
import { untranslatedLines } from '../support/untranslated';

let server: TestServer;
let browser: Browser;
const PLAYER = { username: 'lia_trades', password: 'customer-pass-1' };
let changes = 0;

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.ok(), `${response.url()} ${response.status()} ${await response.text()}`).toBe(true);
  return response.json().catch(() => null);
}

beforeAll(async () => {
  server = await startTestServer({ staticDir: process.env.E2E_DIST ?? 'dist' });
  browser = await launchBrowser();
  // A player with two purchase requests, for the user list and the user's page.
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const player = context.request;
    await ok(await player.post('/api/marketplace/signup', { data: PLAYER }));
    await ok(await player.put(`/api/marketplace/contact/${PLAYER.username}`, { data: { contactEmail: 'lia@example.com' } }));
    const orders = [
      { items: [{ name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 4 }], totalPrice: 8 },
      { items: [{ name: 'RPG', category: 'Weapons', price: '$19.99', quantity: 1 }], totalPrice: 19.99 },
    ];
    for (const [index, data] of orders.entries())
      await ok(await player.post('/api/purchase-requests', { data, headers: { 'Idempotency-Key': `staff-lang-${index}` } }));
  } finally {
    await context.close();
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A browser in `locale` signed in as the super admin, the account's language saved as `locale`. */
async function superAdmin(locale: string, viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: server.url, serviceWorkers: 'block', locale, deviceScaleFactor: 1 });
  await ok(await context.request.post('/api/marketplace/login', { data: SUPER_ADMIN }));
  const contact = await context.request.put(`/api/marketplace/contact/${SUPER_ADMIN.username}`, {
    data: { contactEmail: 'admin@example.com', language: locale },
  });
  await storeSignedIn(context, (await ok(contact)) as { username: string });
  return { context, page: await context.newPage() };
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/**
 * What scrolls sideways inside the screen, which `sidewaysOverflow` counts as held: a dialog's body pushed wider than
 * itself by a row of buttons too long in Portuguese. A row of chips scrolls sideways on purpose (role group).
 */
const innerSidewaysScroll = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && !element.closest('[role="group"]'))
      .map(
        (element) =>
          `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}" ${element.scrollWidth} > ${element.clientWidth}`,
      ),
  );

/** Nothing runs off the side of the screen, nor off the side of a box inside it, and no English is left over. */
async function fits(page: Page, locale: string) {
  expect(await sidewaysOverflow(page)).toEqual([]);
  expect(await innerSidewaysScroll(page)).toEqual([]);
  expect(await untranslatedLines(page, locale)).toEqual([]);
}

/** Each language's words on these screens, as its catalogues write them, and its way of writing $8.00. */
const WORDS = {
  'pt-BR': {
    addItem: 'Adicionar item',
    edit: 'Editar First Aid Kit',
    history: 'Histórico',
    cancel: 'Cancelar',
    importCsv: 'Importar CSV',
    importTitle: 'Importar o catálogo (CSV)',
    pasteIt: 'Ou cole aqui',
    sellPrice: 'Preço de venda',
    reason: 'Motivo das alterações',
    priceOf: 'Preço de First Aid Kit',
    /** The toast of a price change to `amount` ('0,89'). */
    changed: (amount: string) => new RegExp(`First Aid Kit: preço US\\$\\s${amount}`),
    settings: 'Configurações do superadmin',
    users: 'Gerenciamento de usuários',
    totalUsers: 'Total de usuários',
    open: `Abrir ${PLAYER.username}`,
    user: `Usuário ${PLAYER.username}`,
    requests: 'Pedidos de compra (2)',
    eight: /US\$\s8,00/,
    dashboard: 'Painel',
    money: 'Dinheiro',
  },
  es: {
    addItem: 'Añadir objeto',
    edit: 'Editar First Aid Kit',
    history: 'Historial',
    cancel: 'Cancelar',
    importCsv: 'Importar CSV',
    importTitle: 'Importar el catálogo (CSV)',
    pasteIt: 'O pégalo',
    sellPrice: 'Precio de venta',
    reason: 'Motivo de los cambios',
    priceOf: 'Precio de First Aid Kit',
    changed: (amount: string) => new RegExp(`First Aid Kit: precio ${amount}\\sUS\\$`),
    settings: 'Ajustes del superadmin',
    users: 'Gestión de usuarios',
    totalUsers: 'Usuarios totales',
    open: `Abrir ${PLAYER.username}`,
    user: `Usuario ${PLAYER.username}`,
    requests: 'Solicitudes de compra (2)',
    eight: /8,00\sUS\$/,
    dashboard: 'Panel',
    money: 'Dinero',
  },
} as const;

describe.each(OTHER_LANGUAGES_AT_BOTH_SIZES)('the super admin in %s at %s size', (locale, size, viewport) => {
  const words = WORDS[locale];
  const shot = (page: Page, name: string, options?: { fullPage: boolean }) =>
    screenshot(page, `staff-language-${locale}-${size}-${name}`, options);

  it('when the super admin opens the catalogue and Super Admin Settings, then both speak the language, prices read its way, and nothing runs off the side', async () => {
    const { context, page } = await superAdmin(locale, viewport);
    try {
      await page.goto('/catalogue');
      await page.getByRole('row', { name: 'AK-47', exact: true }).waitFor({ timeout: patient(20_000) });
      expect(await htmlLang(page)).toBe(locale);
      await page.getByRole('button', { name: words.addItem }).waitFor();
      if (size === 'tablet') await page.getByRole('columnheader', { name: words.sellPrice }).waitFor();
      await fits(page, locale);
      await shot(page, '01-catalogue', { fullPage: false });

      // A price change: the toast names it in the language, the amount in its money format.
      await page.getByLabel(words.reason).fill('Fornecedor / proveedor');
      const price = page.getByLabel(words.priceOf, { exact: true });
      // A new price each time (a retry included): the same one again would change nothing.
      const amount = (0.5 + ++changes / 100).toFixed(2);
      await price.fill(amount);
      await price.press('Enter');
      await page.getByText(words.changed(amount.replace('.', ','))).waitFor();
      await fits(page, locale);
      await shot(page, '02-catalogue-changed', { fullPage: false });

      // The item editor and the CSV import, the catalogue's dialogs.
      await page.getByRole('button', { name: words.edit }).click();
      const editor = page.getByRole('dialog', { name: words.edit });
      await editor.getByRole('heading', { name: words.history }).waitFor();
      await fits(page, locale);
      await shot(page, '02b-item-editor', { fullPage: false });
      await editor.getByRole('button', { name: words.cancel }).click();
      await page.getByRole('button', { name: words.importCsv }).click();
      const importing = page.getByRole('dialog', { name: words.importTitle });
      await importing.getByLabel(words.pasteIt).fill('id,name,category,subcategory,price,sellPrice,status,stock\n');
      await fits(page, locale);
      await shot(page, '02c-import', { fullPage: false });
      await importing.getByRole('button', { name: words.cancel }).click();

      await page.goto('/');
      await page.getByRole('button', { name: words.settings }).click();
      const settings = page.getByRole('dialog', { name: words.settings });
      await settings.getByRole('heading', { name: words.users }).waitFor();
      await settings.getByText(words.totalUsers, { exact: true }).waitFor();
      await fits(page, locale);
      await shot(page, '03-settings-users');

      await settings.getByRole('button', { name: words.open }).click();
      const user = settings.getByRole('region', { name: words.user });
      await user.getByRole('heading', { name: words.requests }).waitFor();
      expect(await user.textContent()).toMatch(words.eight);
      await fits(page, locale);
      await shot(page, '04-settings-user');

      await user.getByRole('button', { name: /^←/ }).click();
      await settings.getByRole('button', { name: words.dashboard }).click();
      await settings.getByRole('list', { name: words.money }).waitFor();
      await fits(page, locale);
      await shot(page, '05-settings-dashboard');
      await settings
        .getByTestId('kept-chart')
        .locator('canvas')
        .waitFor({ timeout: patient(30_000) });
      await settings.getByTestId('kept-chart').scrollIntoViewIfNeeded();
      await fits(page, locale);
      await shot(page, '06-settings-dashboard-charts');
    } finally {
      await context.close();
    }
  });
});

describe('switching language in Account', () => {
  it('when the super admin chooses Spanish in Account, then the catalogue screen comes back in Spanish without a reload', async () => {
    const { context, page } = await superAdmin('pt-BR', PHONE);
    try {
      await page.goto('/catalogue');
      await page.getByRole('button', { name: WORDS['pt-BR'].addItem }).waitFor({ timeout: patient(20_000) });
      // A mark on the page itself: a reload would lose it.
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

      // Home, then Account, by their links (no page load), and Spanish chosen there.
      await page.locator('a[href="/"]').first().click();
      await page.locator('a[href="/my-activity"]').first().click();
      await page.getByRole('heading', { name: 'Minha conta' }).waitFor();
      await page.getByRole('radio', { name: 'Español' }).check();
      await page.getByRole('heading', { name: 'Mi cuenta' }).waitFor();

      // Back to the catalogue screen: its words are Spanish now.
      await page.goBack();
      await page.goBack();
      await page.getByRole('button', { name: WORDS.es.addItem }).waitFor();
      await page.getByLabel(WORDS.es.reason).waitFor();
      expect(await htmlLang(page)).toBe('es');
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await fits(page, 'es');
      await screenshot(page, 'staff-language-switched-es-phone-catalogue', { fullPage: false });
    } finally {
      await context.close();
    }
  });
});

// Issue 50 (DESIGN.md §15): a signed-in player whose phone is set to Brazilian Portuguese or Spanish gets home, sell,
// the inbox, the shop and the cart in that language, prices written its way; screenshots per language at phone and
// tablet size, nothing runs off the side. The first screens and switching language are in languages.test.ts.
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, OTHER_LANGUAGES_AT_BOTH_SIZES } from '../support/browser';
import { sidewaysOverflow } from '../support/overflow';
import { signUpIn } from '../support/player';
import { untranslatedLines } from '../support/untranslated';
import { htmlLang, useLanguageApp } from './languages-steps';

const { open } = useLanguageApp();
let serial = 0;

/** The signed-in player's screens each language names: home, sell, inbox. */
const SIGNED_IN = {
  'pt-BR': {
    home: 'O que você quer fazer hoje?',
    preview: 'Prévia da loja',
    sell: 'Vender um item',
    submit: 'Enviar meu item',
    weapons: 'Armas e munição',
    guns: 'Armas de fogo',
    pistols: 'Pistolas',
    inbox: 'Caixa de entrada',
  },
  es: {
    home: '¿Qué quieres hacer hoy?',
    preview: 'Vista previa de la tienda',
    sell: 'Vender un objeto',
    submit: 'Enviar mi objeto',
    weapons: 'Armas y munición',
    guns: 'Armas de fuego',
    pistols: 'Pistolas',
    inbox: 'Bandeja de entrada',
  },
} as const;

describe.each(OTHER_LANGUAGES_AT_BOTH_SIZES)('a signed-in player in %s at %s size', (locale, size, viewport) => {
  const shot = (page: Page, name: string) => screenshot(page, `language-${locale}-${size}-${name}`);

  it('when the player opens home, sell and the inbox, then each speaks the language and nothing runs off the side', async () => {
    const { context, page } = await open(locale, viewport);
    const username = `home_${locale.replace('-', '')}_${size}_${++serial}`;
    try {
      const api = context.request;
      await signUpIn(context, username);
      await page.goto('/');
      await page.getByText(SIGNED_IN[locale].home).waitFor();
      await page.getByRole('heading', { name: SIGNED_IN[locale].preview }).waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot(page, '05-home');

      await page.goto('/sell');
      await page.getByRole('heading', { name: SIGNED_IN[locale].sell }).waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot(page, '06-sell');
      // With a photo, the category picker: weapons, guns, a class of gun.
      const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 90, g: 120, b: 200 } } })
        .jpeg()
        .toBuffer();
      await page.getByTestId('gallery-input').setInputFiles({ name: 'item.jpg', mimeType: 'image/jpeg', buffer: jpeg });
      await page.getByRole('heading', { name: SIGNED_IN[locale].submit }).waitFor();
      await page.getByRole('button', { name: SIGNED_IN[locale].weapons, exact: true }).click();
      await page.getByRole('button', { name: SIGNED_IN[locale].guns, exact: true }).click();
      await page.getByRole('button', { name: SIGNED_IN[locale].pistols, exact: true }).click();
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot(page, '06-sell-categories');

      await page.goto('/inbox');
      await page.getByRole('heading', { name: SIGNED_IN[locale].inbox }).waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot(page, '07-inbox');

      // A sell and a purchase, then the account's lists of them.
      const idem = () => ({ 'Idempotency-Key': `lang-${Date.now()}-${++serial}` });
      const submission = await api.post('/api/item-submissions', {
        data: {
          ps5Name: 'AK-47',
          robloxName: 'weapons',
          imageUrl: null,
          hasMultipleQuantity: false,
          quantity: 2,
          paymentMethod: 'usd',
          submittedBy: username,
        },
        headers: idem(),
      });
      expect(submission.status()).toBe(201);
      const sell = await api.post('/api/user-sell-requests', {
        data: {
          username,
          itemName: 'AK-47',
          category: 'weapons',
          imageUrl: null,
          hasMultipleQuantity: false,
          quantity: 2,
          paymentMethod: 'usd',
          status: 'pending',
          submissionId: (await submission.json()).id,
        },
        headers: idem(),
      });
      expect(sell.ok()).toBe(true);
      const purchase = await api.post('/api/purchase-requests', {
        data: {
          requesterName: username,
          items: [
            { name: 'Glock', category: 'Weapons', quantity: 2 },
            { name: 'Golden Pot', category: 'Farming', quantity: 1 },
          ],
          totalPrice: 24,
          requestedAt: new Date().toISOString(),
        },
        headers: idem(),
      });
      expect(purchase.ok()).toBe(true);
      await page.goto('/my-activity?tab=sell');
      await page.getByText('AK-47').first().waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot(page, '08-account-sell-requests');
      await page.goto('/my-activity?tab=buy');
      await page.getByText('Glock').first().waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot(page, '09-account-buy-requests');
    } finally {
      await context.close();
    }
  });
});

/** The shop's and the cart's words in each language, with prices as the language writes money (Intl: 'US$ 18,00'). */
const SHOP = {
  'pt-BR': {
    shop: 'Loja',
    subtitle: 'Preços em USD · toque duas vezes para adicionar',
    cash: 'Dinheiro',
    customCash: 'Dinheiro personalizado',
    weapons: 'Armas e munição',
    guns: 'Armas de fogo',
    hint: 'toque de novo para pôr no carrinho!',
    price: 'US$\u00a018,00',
    howMany: 'Quantos você quer?',
    quantity: 'Quantidade',
    total: 'US$\u00a036,00',
    add: 'Adicionar',
    cartButton: 'Carrinho, 1 item',
    cart: 'Itens adicionados para compra',
    group: 'Armas',
    each: '2 × US$\u00a018,00',
    purchase: 'Comprar por US$\u00a036,00',
    confirm: 'Confirmar pedido de compra',
  },
  es: {
    shop: 'Tienda',
    subtitle: 'Precios en USD · toca dos veces para añadir',
    cash: 'Dinero',
    customCash: 'Dinero a medida',
    weapons: 'Armas y munición',
    guns: 'Armas de fuego',
    hint: '¡toca otra vez para añadirlo al carrito!',
    price: '18,00\u00a0US$',
    howMany: '¿Cuántos quieres?',
    quantity: 'Cantidad',
    total: '36,00\u00a0US$',
    add: 'Añadir',
    cartButton: 'Carrito, 1 objeto',
    cart: 'Objetos añadidos para comprar',
    group: 'Armas',
    each: '2 × 18,00\u00a0US$',
    purchase: 'Comprar por 36,00\u00a0US$',
    confirm: 'Confirmar solicitud de compra',
  },
} as const;

describe.each(OTHER_LANGUAGES_AT_BOTH_SIZES)('the shop and the cart in %s at %s size', (locale, size, viewport) => {
  const words = SHOP[locale];
  // A dialog is looked at as the screen shows it: a whole-page picture draws the sticky header mid-page.
  const shot = (page: Page, name: string, fullPage = true) => screenshot(page, `language-${locale}-${size}-${name}`, { fullPage });

  it('when a player opens the shop, adds an item and opens the cart, then both speak the language, write prices its way and fit', async () => {
    const { context, page } = await open(locale, viewport);
    const username = `shop_${locale.replace('-', '')}_${size}_${++serial}`;
    try {
      await signUpIn(context, username);
      await page.goto('/buy');
      await page.getByRole('heading', { name: words.shop, exact: true }).waitFor();
      expect(await htmlLang(page)).toBe(locale);
      await page.getByText(words.subtitle).waitFor();
      expect(await untranslatedLines(page, locale)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot(page, '10-shop');

      // Cash: the custom cash card's longer texts.
      await page.getByRole('button', { name: new RegExp(`^${words.cash}`) }).click();
      await page.getByRole('heading', { name: words.customCash }).waitFor();
      expect(await untranslatedLines(page, locale)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot(page, '11-shop-cash');
      await page.getByRole('button', { name: new RegExp(`^${words.cash}`) }).click();

      // Two taps on AK-47: its price as the language writes it and the hint, then the quantity dialog.
      await page.getByRole('button', { name: new RegExp(`^${words.weapons}`) }).click();
      await page.getByRole('button', { name: new RegExp(`^${words.guns}`) }).waitFor();
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot(page, '12-shop-weapons');
      await page.getByRole('button', { name: new RegExp(`^${words.guns}`) }).click();
      const ak = page.getByRole('button', { name: /^AK-47,/ });
      await ak.click();
      expect(await ak.textContent()).toContain(words.price);
      expect(await ak.textContent()).toContain(words.hint);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot(page, '12-shop-weapons-guns');
      await ak.click();
      const dialog = page.getByRole('dialog', { name: words.howMany });
      await dialog.waitFor();
      await dialog.getByLabel(words.quantity).fill('2');
      expect(await dialog.getByTestId('running-total').textContent()).toBe(words.total);
      expect(await untranslatedLines(page, locale)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot(page, '13-quantity', false);
      await dialog.getByRole('button', { name: words.add }).click();

      // The cart: its title, the category, '2 × price', the total on its button; then the confirmation.
      await page.getByRole('button', { name: words.cartButton }).click();
      const cart = page.getByRole('dialog', { name: words.cart });
      await cart.waitFor();
      expect(await cart.getByRole('heading', { level: 3 }).allTextContents()).toEqual([words.group]);
      expect(await cart.getByTestId('line-each').textContent()).toBe(words.each);
      const purchase = cart.getByRole('button', { name: words.purchase });
      await purchase.waitFor();
      expect(await untranslatedLines(page, locale)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot(page, '14-cart', false);
      await purchase.click();
      await page.getByRole('alertdialog', { name: words.confirm }).waitFor();
      expect(await untranslatedLines(page, locale)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await shot(page, '15-confirm', false);
    } finally {
      await context.close();
    }
  });
});

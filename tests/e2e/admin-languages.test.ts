// Issue 50 (DESIGN.md §15): an admin whose browser speaks Brazilian Portuguese or Spanish gets Admin Control in that
// language — the menu, pending purchase requests, approved requests, scheduled pickups, submissions and their main
// dialogs — with nothing running off the side at phone (390×844) and tablet (1024×768) size (Portuguese runs about
// 30% longer than English). Screenshots per language and size (SCREENSHOTS=1).
import sharp from 'sharp';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromCents } from '../../src/domain/money';
import { priceLine, totalCents } from '../../src/domain/pricing';
import { launchBrowser, PHONE, screenshot, TABLET, OTHER_LANGUAGES_AT_BOTH_SIZES } from '../support/browser';
import { YEAR } from '../support/dates';
import { sidewaysOverflow } from '../support/overflow';
import { patient } from '../support/patience';
import { startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let key = 0;
const idem = () => ({ 'Idempotency-Key': `admin-languages-${Date.now()}-${(key += 1)}` });

async function newContext(viewport: { width: number; height: number }, locale = 'en-US'): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, baseURL: server.url, serviceWorkers: 'block', locale });
  contexts.push(context);
  return context;
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.ok(), `${response.url()} ${response.status()} ${await response.text()}`).toBe(true);
  return response.json().catch(() => null);
}

async function customerApi(name: string): Promise<APIRequestContext> {
  const context = await newContext(PHONE);
  await ok(await context.request.post('/api/marketplace/signup', { data: { username: name, password: 'customer-pass-1' } }));
  await ok(
    await context.request.put(`/api/marketplace/contact/${name}`, {
      data: { contactEmail: `${name}@example.com`, robloxUsername: `${name.replace(/[^A-Za-z0-9_]/g, '_')}_rbx` },
    }),
  );
  return context.request;
}

/** The total the server computes for a set of lines (the shared pricing). */
function total(items: Array<{ name: string; category: string; quantity: number }>): number {
  return fromCents(
    totalCents(
      items.map((item) => {
        const line = priceLine(item);
        if (!line.ok) throw new Error(line.reason);
        return { priceCents: line.unitCents, quantity: item.quantity };
      }),
    ),
  );
}

/** A pending, a scheduled and an immediate purchase request; two pending submissions, a scheduled and a collected pickup. */
async function seed() {
  const admin = await newContext(TABLET);
  await ok(await admin.request.post('/api/marketplace/login', { data: SUPER_ADMIN }));
  await ok(await admin.request.put(`/api/marketplace/contact/${SUPER_ADMIN.username}`, { data: { contactEmail: 'admin@example.com' } }));
  const adminApi = admin.request;
  const maya = await customerApi('maya_runs');
  const theo = await customerApi('theo.k');
  const lines = [
    [
      { name: 'AK-47', category: 'Weapons', quantity: 1 },
      { name: 'Golden Pot', category: 'Farming', quantity: 1 },
    ],
    [{ name: 'RPG', category: 'Weapons', quantity: 1 }],
    [
      { name: 'Regular Soil', category: 'Farming', quantity: 20 },
      { name: 'Energy Shot', category: 'Equipment', quantity: 4 },
    ],
  ];
  const ids: number[] = [];
  for (const [index, items] of lines.entries()) {
    const api = index % 2 ? theo : maya;
    const body = (await ok(await api.post('/api/purchase-requests', { data: { items, totalPrice: total(items) }, headers: idem() }))) as {
      id: number;
    };
    ids.push(body.id);
  }
  const status = (id: number, data: object) => adminApi.patch(`/api/purchase-requests/${id}/status`, { data });
  await ok(
    await status(ids[1], { status: 'approved', scheduledDate: `12/24/${YEAR}`, scheduledTime: '3:30 PM', isImmediateSchedule: false }),
  );
  await ok(await status(ids[2], { status: 'approved', scheduledDate: 'Immediately', scheduledTime: '', isImmediateSchedule: true }));

  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 60, b: 60 } } })
    .jpeg()
    .toBuffer();
  const red = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  const submit = async (api: APIRequestContext, ps5Name: string, robloxName: string, paymentMethod: string, quantity: number) =>
    (await ok(
      await api.post('/api/item-submissions', {
        data: { ps5Name, robloxName, paymentMethod, quantity, imageUrl: red, hasMultipleQuantity: false },
        headers: idem(),
      }),
    )) as { id: number };
  await submit(maya, 'Tactical axe', 'weapons', 'usd', 1);
  await submit(theo, 'Golden Tomato Seed', 'farming', 'blockspin', 12);
  const pickup = async (id: number, scheduledDate: string, scheduledTime: string) =>
    (await ok(
      await adminApi.post('/api/scheduled-pickups', {
        data: { submissionId: id, scheduledDate, scheduledTime, isImmediate: scheduledDate === 'Immediately' },
        headers: idem(),
      }),
    )) as { id: number };
  const draco = await submit(maya, 'Draco', 'weapons', 'usd', 1);
  await pickup(draco.id, `12/2/${YEAR}`, '4:15 PM');
  const bat = await submit(theo, 'Metal bat', 'weapons', 'blockspin', 3);
  const collected = await pickup(bat.id, 'Immediately', '');
  await ok(await adminApi.patch(`/api/scheduled-pickups/${collected.id}/complete`));
}

/** Each language's words for the screens below, as its catalogues write them. */
const WORDS = {
  'pt-BR': {
    username: 'Usuário',
    password: 'Senha',
    login: 'Entrar',
    submissions: /Itens enviados pelos usuários/,
    pending: /Pedidos de compra pendentes/,
    approved: /Pedidos aprovados/,
    pickups: /Retiradas agendadas/,
    back: 'Voltar ao Admin Control',
    pendingList: 'Pedidos de compra pendentes',
    approvedList: 'Pedidos aprovados',
    sort: /^Mais recentes\s+Mais antigos\s+Preço\s+Total de itens pedidos$/,
    approve: 'Aprovar',
    confirmApproval: 'Confirmar aprovação',
    scheduledOnly: 'Só agendadas',
    markCollected: 'Marcar como retirado',
    confirmCollection: 'Confirmar retirada',
    deny: 'Negar',
    confirmDenial: 'Confirmar recusa',
    no: 'Não',
    close: 'Fechar',
    dueNow: 'Para agora',
  },
  es: {
    username: 'Usuario',
    password: 'Contraseña',
    login: 'Iniciar sesión',
    submissions: /Objetos enviados por los usuarios/,
    pending: /Solicitudes de compra pendientes/,
    approved: /Solicitudes aprobadas/,
    pickups: /Recogidas programadas/,
    back: 'Volver a Admin Control',
    pendingList: 'Solicitudes de compra pendientes',
    approvedList: 'Solicitudes aprobadas',
    sort: /^Más recientes\s+Más antiguas\s+Precio\s+Total de objetos solicitados$/,
    approve: 'Aprobar',
    confirmApproval: 'Confirmar aprobación',
    scheduledOnly: 'Solo programadas',
    markCollected: 'Marcar como recogido',
    confirmCollection: 'Confirmar recogida',
    deny: 'Denegar',
    confirmDenial: 'Confirmar denegación',
    no: 'No',
    close: 'Cerrar',
    dueNow: 'Pendiente ahora',
  },
} as const;

beforeAll(async () => {
  server = await startTestServer({ staticDir: process.env.E2E_DIST ?? 'dist' });
  browser = await launchBrowser();
  await seed();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

describe.each(OTHER_LANGUAGES_AT_BOTH_SIZES)('an admin in %s at %s size', { timeout: patient(90_000) }, (locale, size, viewport) => {
  const words = WORDS[locale];
  let page: Page;

  beforeAll(async () => {
    page = await (await newContext(viewport, locale)).newPage();
    await page.goto('/login');
    await page.getByLabel(words.username, { exact: true }).fill(SUPER_ADMIN.username);
    await page.getByLabel(words.password, { exact: true }).fill(SUPER_ADMIN.password);
    await page.getByRole('button', { name: words.login, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  // What the admin sees (a modal covers the viewport), and nothing wider than the screen or its button.
  const shot = async (name: string) => {
    await screenshot(page, `admin-language-${locale}-${size}-${name}`, { fullPage: false });
    expect(await sidewaysOverflow(page), `${name} in ${locale} at ${size}`).toEqual([]);
  };
  const openMenu = async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('heading', { name: 'Admin Control' }).waitFor();
  };
  const back = () => page.getByRole('button', { name: words.back }).click();

  it('Admin Control opens in the language, its tiles and Due now named in it', async () => {
    await openMenu();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
    await page.getByRole('heading', { name: words.dueNow }).waitFor();
    for (const tile of [words.submissions, words.pending, words.approved, words.pickups])
      expect(await page.getByRole('button', { name: tile }).count()).toBe(1);
    await shot('menu');
  });

  it('pending purchase requests: sorts, the list and Confirm Approval in the language', async () => {
    await openMenu();
    await page.getByRole('button', { name: words.pending }).click();
    await page.getByRole('list', { name: words.pendingList }).waitFor();
    expect(await page.getByRole('group', { name: 'Ordenar' }).innerText()).toMatch(words.sort);
    await shot('pending');
    await page.getByRole('button', { name: words.approve, exact: true }).click();
    const approval = page.getByRole('dialog', { name: words.confirmApproval });
    await approval.waitFor();
    await shot('confirm-approval');
    await approval.getByRole('button', { name: words.close }).first().click();
    await approval.waitFor({ state: 'detached' });
    await back();
  });

  it('approved requests and the scheduled-only filter in the language', async () => {
    await openMenu();
    await page.getByRole('button', { name: words.approved }).click();
    await page.getByRole('list', { name: words.approvedList }).waitFor();
    await shot('approved');
    await page.getByRole('switch', { name: words.scheduledOnly }).click();
    expect(await page.getByRole('switch', { name: words.scheduledOnly }).getAttribute('aria-checked')).toBe('true');
    await shot('approved-scheduled-only');
    await back();
  });

  it('scheduled pickups and Confirm Collection in the language', async () => {
    await openMenu();
    await page.getByRole('button', { name: words.pickups }).click();
    await page.getByRole('listitem', { name: 'Draco' }).waitFor();
    await shot('scheduled-pickups');
    await page.getByRole('listitem', { name: 'Draco' }).getByRole('button', { name: words.markCollected }).click();
    const confirm = page.getByRole('alertdialog', { name: words.confirmCollection });
    await confirm.waitFor();
    await shot('confirm-collection');
    await confirm.getByRole('button', { name: words.no, exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await back();
  });

  it('user item submissions and Confirm Denial in the language', async () => {
    await openMenu();
    await page.getByRole('button', { name: words.submissions }).click();
    await page.getByRole('listitem', { name: 'Tactical axe' }).waitFor();
    await shot('submissions');
    await page.getByRole('listitem', { name: 'Tactical axe' }).getByRole('button', { name: words.deny }).click();
    const confirm = page.getByRole('alertdialog', { name: words.confirmDenial });
    await confirm.waitFor();
    await shot('confirm-denial');
    await confirm.getByRole('button', { name: words.no, exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await back();
  });
});

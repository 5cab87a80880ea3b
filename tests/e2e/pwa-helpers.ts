// Shared steps of the PWA and offline browser tests.
import sharp from 'sharp';
import { request, type APIRequestContext, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { SUPER_ADMIN } from '../support/server';
import { patient } from '../support/patience';

/** Signs a new player up through the gate (the session cookie lands in the browser context) and stores them as the app does. */
export async function signUpInBrowser(context: BrowserContext, page: Page, username: string, password = 'player-password-1') {
  const answer = await context.request.post('/api/marketplace/signup', { data: { username, password } });
  if (answer.status() !== 201) throw new Error(`signup answered ${answer.status()}: ${await answer.text()}`);
  const user = await answer.json();
  await page.goto('/');
  await page.evaluate((u) => {
    localStorage.setItem('currentUser', u.username);
    localStorage.setItem('userData', JSON.stringify(u));
  }, user);
  return { username, password };
}

/** Logs the browser context in again (a new session cookie). */
export async function logInInBrowser(context: BrowserContext, username: string, password = 'player-password-1') {
  const answer = await context.request.post('/api/marketplace/login', { data: { username, password } });
  if (answer.status() !== 200) throw new Error(`login answered ${answer.status()}`);
}

/** Waits until the service worker is active and controls the page (the precache is complete by then). */
export async function waitForServiceWorker(context: BrowserContext, page: Page): Promise<Worker> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: patient(60_000) });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return worker;
}

/** What a fetch of /api/health answers from the page and from inside the service worker: a status, or 'failed'. */
export async function probeNetwork(page: Page, worker: Worker) {
  const probe = () =>
    fetch(`/api/health?probe=${Math.random()}`, { cache: 'no-store' }).then(
      (r) => r.status,
      () => 'failed' as const,
    );
  return { page: await page.evaluate(probe), worker: await worker.evaluate(probe) };
}

/** A small real JPEG, as the sell screen would produce it. */
export async function makeJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 220, g: 40, b: 60 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** An API client signed in as the super admin, straight to the server (not through the gate). */
export async function adminApi(serverUrl: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: serverUrl });
  const answer = await api.post('/api/marketplace/login', { data: SUPER_ADMIN });
  if (answer.status() !== 200) throw new Error(`admin login answered ${answer.status()}`);
  return api;
}

export interface StoredOutboxItem {
  id: string;
  kind: string;
  state: string;
  error?: string;
  attempts: number;
  photoSize: number | null;
}

/** The outbox as IndexedDB holds it in the page. */
export function readOutbox(page: Page): Promise<StoredOutboxItem[]> {
  return page.evaluate(
    () =>
      new Promise<StoredOutboxItem[]>((resolve, reject) => {
        const open = indexedDB.open('blockspin-market');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(
              (all.result as Array<Record<string, unknown>>).map((r) => ({
                id: r.id as string,
                kind: r.kind as string,
                state: r.state as string,
                error: r.error as string | undefined,
                attempts: r.attempts as number,
                photoSize: r.photo instanceof Blob ? r.photo.size : null,
              })),
            );
          };
        };
      }),
  );
}

/**
 * Resolves once the page has run what it had queued: a task after the timers due now, then two frames. An absence is
 * checked after this and after whatever shows the action itself finished, never after a fixed wait.
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), 0)),
  );
}

/** On Sell: attaches a plain photo and picks Weapons & Ammo → Guns → Assault rifles → AK-47 (payout left to choose). */
export async function photoAndAk47(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Sell an Item' }).waitFor();
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
  await page.getByTestId('gallery-input').setInputFiles({ name: 'item.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('heading', { name: 'Submit My Item' }).waitFor({ timeout: patient(20_000) });
  const group = (name: string) => page.getByRole('group', { name, exact: true });
  await group('Category').getByRole('button', { name: 'Weapons & Ammo' }).click();
  await group('Type of weapon').getByRole('button', { name: 'Guns' }).click();
  await group('Kind of gun').getByRole('button', { name: 'Assault rifles' }).click();
  await group('Item').getByRole('button', { name: 'AK-47' }).click();
}

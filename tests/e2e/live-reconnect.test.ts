import type { APIRequestContext, Browser, BrowserContext, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser';
import { startTestServer, SUPER_ADMIN, type TestServer } from '../support/server';
import { ok } from '../support/ok';
import { openRequestCard } from './request-cards';
import { YEAR } from '../support/dates';
import { patient } from '../support/patience';

// Lists are never stale by time: they change with what the live socket brings. When the socket is lost (a network
// drop, a server restart, a PostgreSQL listener that reconnected and closed every socket with 1012), whatever was
// published meanwhile never arrives, so the page reads its lists again once the socket is back.

let server: TestServer;
let browser: Browser;
let adminContext: BrowserContext;
let admin: APIRequestContext;

beforeAll(async () => {
  server = await startTestServer({ staticDir: process.env.E2E_DIST ?? 'dist' });
  browser = await launchBrowser();
  adminContext = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
  admin = adminContext.request;
  await ok(await admin.post('/api/marketplace/login', { data: SUPER_ADMIN }));
});

afterAll(async () => {
  await adminContext?.close();
  await browser?.close();
  await server?.close();
});

describe('the live socket comes back', () => {
  it('when an update was published while the socket was down, then the list shows it after the reconnect', async () => {
    const context = await browser.newContext({ viewport: PHONE, baseURL: server.url, serviceWorkers: 'block' });
    try {
      const api = context.request;
      const username = `live_${Date.now()}`;
      const user = await ok<Record<string, unknown>>(
        await api.post('/api/marketplace/signup', { data: { username, password: 'secret12' } }),
      );
      const saved = await ok<Record<string, unknown>>(
        await api.put(`/api/marketplace/contact/${username}`, { data: { contactEmail: `${username}@example.com` } }),
      );
      const { id } = await ok<{ id: number }>(
        await api.post('/api/purchase-requests', {
          data: {
            requesterName: username,
            items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }],
            totalPrice: 2,
            requestedAt: new Date().toISOString(),
          },
        }),
      );
      await context.addInitScript(
        ([name, data]) => {
          localStorage.setItem('currentUser', name);
          localStorage.setItem('userData', data);
        },
        [username, JSON.stringify({ ...user, ...saved })] as const,
      );
      // Every socket of the page passes through here, so the test can cut it as a network drop would.
      const sockets: WebSocketRoute[] = [];
      const page = await context.newPage();
      await page.routeWebSocket(/\/ws$/, (ws) => {
        sockets.push(ws);
        ws.connectToServer();
      });

      await page.goto('/my-activity');
      await page.getByRole('tab', { name: /My Buy Requests/ }).click();
      const card = await openRequestCard(page, 'purchase-request', { hasText: `Request #${id}`, timeout: patient(10_000) });
      await expect.poll(() => card.getAttribute('data-status'), { timeout: patient(10_000) }).toBe('pending');
      await expect.poll(() => sockets.length).toBe(1);

      // The connection drops; the admin approves while the page has no socket.
      await sockets[0].close({ code: 1012, reason: 'restart' });
      await ok(
        await admin.patch(`/api/purchase-requests/${id}/status`, {
          data: { status: 'approved', scheduledDate: `11/30/${YEAR}`, scheduledTime: '9:00 AM', isImmediateSchedule: false },
        }),
      );
      await expect.poll(() => sockets.length, { timeout: patient(10_000) }).toBe(2);
      await expect.poll(() => card.getAttribute('data-status'), { timeout: patient(10_000) }).toBe('approved');
      expect(await card.textContent()).toContain(`Scheduled drop: 11/30/${YEAR} at 9:00 AM`);
    } finally {
      await context.close();
    }
  });
});

import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { startNetworkGate, type NetworkGate } from './offline-network';
import { readOutbox, signUpInBrowser } from './pwa-helpers';
import { patient } from '../support/patience';

// Issue 30 item 10: `online` can come before the server is reachable (a flaky network, a server restart). Nothing was
// sent 20 s after the server came back; now the page retries on a backing-off timer while anything waits. The service
// worker is blocked, as on an iPhone without Background Sync: the page alone must send it.

let server: TestServer;
let gate: NetworkGate;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ staticDir: path.resolve(process.env.E2E_DIST ?? 'dist') });
  gate = await startNetworkGate(server.port);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await gate?.close();
  await server?.close();
});

describe('the outbox after an early online event', () => {
  it('when the server is back a while after `online`, then the queued purchase is sent within 5 s of its return', async () => {
    const context = await browser.newContext({ baseURL: gate.url, viewport: PHONE, serviceWorkers: 'block' });
    // Only this try's requests: a retry of this test shares the gate, whose log still holds the first try's purchase.
    const firstLine = gate.log.length;
    const purchasesSent = () => gate.log.slice(firstLine).filter((line) => line.startsWith('POST /api/purchase-requests'));
    // A first try that failed mid-outage left the gate down.
    gate.up();
    try {
      // The drain's session check (GET /api/marketplace/me, never cached): counts those that found no server while
      // the browser said it was online.
      await context.addInitScript(() => {
        const counts = window as unknown as { __probesFailedOnline: number };
        counts.__probesFailedOnline = 0;
        const original = window.fetch.bind(window);
        window.fetch = (input, init) => {
          const url = input instanceof Request ? input.url : String(input);
          const answer = original(input, init);
          if (url.endsWith('/api/marketplace/me') && init?.cache === 'no-store') {
            answer.catch(() => {
              if (navigator.onLine) counts.__probesFailedOnline += 1;
            });
          }
          return answer;
        };
      });
      const page = await context.newPage();
      const username = `retry${Date.now() % 100000}`;
      await signUpInBrowser(context, page, username);
      expect(
        (await context.request.put(`/api/marketplace/contact/${username}`, { data: { contactEmail: `${username}@example.com` } })).status(),
      ).toBe(200);
      await page.goto('/buy');
      await page.getByRole('button', { name: /^Hacking/ }).click();
      const item = page.getByRole('button', { name: /^Ultimate Hacking Package \(1 Hour\),/ });
      await item.click();
      await item.click();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Cart, 1 item' }).click();

      // Offline: the purchase is queued.
      gate.down();
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Purchase $11.00' }).click();
      await page.getByRole('alertdialog', { name: 'Confirm Purchase Request' }).getByRole('button', { name: 'Send Request' }).click();
      await page.getByRole('dialog', { name: 'Purchase Request Queued' }).waitFor();
      expect((await readOutbox(page)).map((entry) => entry.state)).toEqual(['queued']);

      // The browser says online, but the server is still unreachable: the drain that `online` starts fails.
      await context.setOffline(false);
      // The outage outlasts the drain that `online` started: it found no server, and the purchase waits.
      const failedOnline = () => page.evaluate(() => (window as unknown as { __probesFailedOnline: number }).__probesFailedOnline);
      await expect.poll(failedOnline, { timeout: patient(15_000) }).toBeGreaterThan(0);
      expect(purchasesSent()).toEqual([]);
      expect((await readOutbox(page))[0].state).toBe('queued');

      // The server comes back: no event tells the page, yet the purchase goes out within 5 s.
      gate.up();
      const back = Date.now();
      await expect
        .poll(() => purchasesSent().length, {
          timeout: patient(8_000),
          interval: 100,
        })
        .toBe(1);
      // The page's own timers run late on a crowded machine, so the 5 s stretches with the load (tests/support/patience.ts).
      expect(Date.now() - back).toBeLessThan(patient(5_000));
      await expect.poll(async () => (await readOutbox(page)).length, { timeout: patient(5_000) }).toBe(0);
      const mine = (await (await context.request.get(`/api/user-purchase-requests/${username}`)).json()) as unknown[];
      expect(mine).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});

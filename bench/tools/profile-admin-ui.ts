// Profiles one Admin Control interaction at 4× CPU (issue 33 item 6): where its time goes when the lists hold 10
// records (the fixed cost the admin-ui part found). `node --import tsx bench/tools/profile-admin-ui.ts` on the built
// app; prints Event Timing durations and the CPU profile's heaviest functions (self time) per interaction.
import type { CDPSession, Page } from 'playwright-core';
import { ApiClient, purchaseBody, submissionBody } from '../lib/client';
import { openAdminControl } from '../lib/admin-session';
import { startOurServer } from '../lib/processes';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

async function profiled(page: Page, cdp: CDPSession, name: string, act: () => Promise<void>) {
  await page.evaluate(() => ((window as unknown as { __events: unknown[] }).__events = []));
  await cdp.send('Profiler.start');
  await act();
  await page.waitForTimeout(800);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    if (['(idle)', '(program)', '(root)'].includes(functionName)) continue;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  const events = await page.evaluate(() => (window as unknown as { __events: Array<{ name: string; duration: number }> }).__events);
  const top = [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 14);
  console.log(`\n== ${name}: events ${events.map((e) => `${e.name} ${e.duration}`).join(', ')}`);
  for (const [key, ms] of top) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${key}`);
}

const server = await startOurServer({ serveStatic: true });
try {
  const player = new ApiClient(server.url);
  await player.signup('player0');
  for (let i = 0; i < 10; i++) await player.call('POST', '/api/purchase-requests', purchaseBody('player0'));
  for (let i = 0; i < 10; i++) await player.callPatiently('POST', '/api/item-submissions', submissionBody(i));
  const { browser, context, page } = await openAdminControl(server.url);
  await page.waitForTimeout(3000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 4) });
  await page.evaluate(() => {
    const w = window as unknown as { __events: Array<{ name: string; duration: number }> };
    w.__events = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[])
        if (entry.interactionId) w.__events.push({ name: entry.name, duration: entry.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
  for (let round = 0; round < 2; round++) {
    await profiled(page, cdp, `open Pending Purchase Requests (${round})`, async () => {
      await page.getByRole('button', { name: /Pending Purchase Requests/ }).click();
      await page.getByRole('list', { name: 'Pending purchase requests' }).waitFor();
    });
    await profiled(page, cdp, 'type a letter', () => page.getByRole('searchbox').press('p'));
    await page.getByRole('searchbox').fill('');
    await profiled(page, cdp, 'change the sort', () => page.getByRole('button', { name: 'Oldest' }).click());
    await profiled(page, cdp, 'open a request', () =>
      page.getByRole('list', { name: 'Pending purchase requests' }).getByRole('button').nth(1).click(),
    );
    await profiled(page, cdp, 'back to the menu', () => page.getByRole('button', { name: 'Back to Admin Control' }).click());
    await page.getByRole('button', { name: /User Item Submissions/ }).click();
    await page.locator('[aria-label="Pending submissions"]').waitFor();
    await profiled(page, cdp, 'open a submission’s details', () =>
      page.locator('[aria-label="Pending submissions"] > li button:text-is("Contact")').first().click(),
    );
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Back to Admin Control' }).click();
  }
  await browser.close();
} finally {
  await server.stop();
}

// Traces each Admin Control interaction at 4× CPU (issue 33 item 6) with the DevTools timeline (CDP Tracing,
// `devtools.timeline`): where an interaction's time goes besides JavaScript — style recalculation (and how many
// elements it restyled), layout (how many objects), paint — and how many CSS rules styled-components inserted.
// `node --import tsx bench/tools/trace-admin-ui.ts` on the built app (`npx vite build`); COUNT=10 requests by default,
// RATE=4, ROUNDS=2. Prints, per interaction, the Event Timing durations and the main thread's time by kind.
import type { CDPSession, Page } from 'playwright-core';
import { ApiClient, pool, purchaseBody, submissionBody } from '../lib/client';
import { openAdminControl } from '../lib/admin-session';
import { scheduleAt } from '../lib/admin-seed';
import { startOurServer, SUPER_ADMIN } from '../lib/processes';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; elementCount?: number; beginData?: { dirtyObjects?: number; totalObjects?: number } };
}

/** The kinds a main-thread task's time is counted under (outermost of each kind only, so nothing counts twice). */
const KINDS: Record<string, string> = {
  UpdateLayoutTree: 'style recalc',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  FunctionCall: 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  ParseHTML: 'parse',
  MinorGC: 'gc',
  MajorGC: 'gc',
  'BlinkGC.AtomicPhase': 'gc',
};

async function traced(page: Page, cdp: CDPSession, name: string, act: () => Promise<void>) {
  const rulesBefore = await cssRules(page);
  await page.evaluate(() => ((window as unknown as { __events: unknown[] }).__events = []));
  const events: TraceEvent[] = [];
  const onData = ({ value }: { value: unknown[] }) => events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,v8',
    transferMode: 'ReportEvents',
  });
  await act();
  await page.waitForTimeout(900);
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', onData);
  const timing = await page.evaluate(() => (window as unknown as { __events: Array<{ name: string; duration: number }> }).__events);
  const rulesAfter = await cssRules(page);
  const longest = timing.reduce((max, e) => Math.max(max, e.duration), 0);
  results.set(name, [...(results.get(name) ?? []), longest]);

  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur);
  onMain.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const byKind = new Map<string, number>();
  const open: Array<{ kind: string; end: number }> = [];
  let restyled = 0;
  let laidOut = 0;
  let recalcs = 0;
  let layouts = 0;
  for (const event of onMain) {
    while (open.length && open[open.length - 1].end <= event.ts) open.pop();
    const kind = KINDS[event.name];
    if (event.name === 'UpdateLayoutTree') {
      restyled += event.args?.elementCount ?? 0;
      recalcs++;
    }
    if (event.name === 'Layout') {
      laidOut += event.args?.beginData?.dirtyObjects ?? 0;
      layouts++;
    }
    if (!kind) continue;
    // Time inside a script call counts as script unless it is style, layout or GC forced from inside it.
    const inside = open.find((o) => o.kind === kind || (o.kind !== 'script' && o.kind !== 'compile'));
    if (!inside) byKind.set(kind, (byKind.get(kind) ?? 0) + (event.dur ?? 0) / 1000);
    open.push({ kind, end: event.ts + (event.dur ?? 0) });
  }
  if (process.env.VERBOSE) timeline(events, onMain);
  // Script time that is really style/layout forced from JS is subtracted so the kinds add up.
  const tasks = onMain.filter((e) => e.name === 'RunTask').reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0);
  console.log(`\n== ${name}: Event Timing ${timing.map((e) => `${e.name} ${e.duration}`).join(', ') || '– (all < 16 ms)'}`);
  console.log(
    `   main-thread tasks ${tasks.toFixed(0)} ms; ` +
      [...byKind.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`)
        .join(', '),
  );
  console.log(
    `   ${recalcs} style recalcs (${restyled} elements), ${layouts} layouts (${laidOut} dirty objects), ` +
      `styled-components rules ${rulesBefore} → ${rulesAfter}`,
  );
}

/** VERBOSE=1: the main thread's tasks over 3 ms, their heaviest parts, and the frames presented, in order. */
function timeline(events: TraceEvent[], onMain: TraceEvent[]) {
  const t0 = onMain.find((e) => e.name === 'EventDispatch')?.ts ?? onMain[0]?.ts ?? 0;
  const ms = (us: number) => ((us - t0) / 1000).toFixed(0);
  const lines: Array<[number, string]> = [];
  for (const task of onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 3000)) {
    const end = task.ts + (task.dur ?? 0);
    const parts = onMain
      .filter((e) => e !== task && e.ts >= task.ts && e.ts < end && KINDS[e.name] && (e.dur ?? 0) > 1500)
      .slice(0, Number(process.env.PARTS ?? 8))
      .map((e) => {
        const data = (e.args as { data?: { functionName?: string; url?: string; type?: string } } | undefined)?.data;
        const what = data?.type ?? data?.functionName ?? data?.url?.split('/').pop() ?? '';
        return `${e.name}${what ? `(${what})` : ''} ${((e.dur ?? 0) / 1000).toFixed(0)}`;
      });
    lines.push([task.ts, `  ${ms(task.ts)}  task ${((task.dur ?? 0) / 1000).toFixed(0)} ms: ${parts.join(', ')}`]);
  }
  for (const e of events.filter((e) => ['EventTiming'].includes(e.name) && e.ph === 'b'))
    lines.push([e.ts, `  ${ms(e.ts)}  EventTiming begins`]);
  for (const e of events.filter((e) => e.name === 'EventTiming' && e.ph === 'e')) lines.push([e.ts, `  ${ms(e.ts)}  EventTiming ends`]);
  lines.sort((a, b) => a[0] - b[0]);
  for (const [, line] of lines) console.log(line);
}

/** How many CSS rules the page's stylesheets hold (styled-components inserts through the CSSOM). */
function cssRules(page: Page): Promise<number> {
  return page.evaluate(() =>
    [...document.styleSheets].reduce((sum, sheet) => {
      try {
        return sum + sheet.cssRules.length;
      } catch {
        return sum;
      }
    }, 0),
  );
}

/** Each interaction's longest Event Timing duration, one per round. */
const results = new Map<string, number[]>();

const COUNT = Number(process.env.COUNT ?? 10);
const server = await startOurServer({ serveStatic: true });
try {
  const player = new ApiClient(server.url);
  await player.signup('player0');
  await pool(COUNT, 8, async () => {
    await player.call('POST', '/api/purchase-requests', purchaseBody('player0'));
  });
  await pool(COUNT, 2, async (i) => {
    await player.callPatiently('POST', '/api/item-submissions', submissionBody(i));
  });
  // Scheduled pickups: the first half of the submissions, scheduled by the super admin.
  const admin = new ApiClient(server.url);
  await admin.login(SUPER_ADMIN.username, SUPER_ADMIN.password);
  const submissions = await admin.call<Array<{ id: number }>>('GET', '/api/item-submissions');
  for (const [i, { id }] of submissions.data.slice(0, Math.ceil(COUNT / 2)).entries())
    await admin.call('POST', '/api/scheduled-pickups', { submissionId: id, ...scheduleAt(i), expectedStatus: 'pending' });
  const { browser, context, page } = await openAdminControl(server.url);
  await page.waitForTimeout(3000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 4) });
  if (process.env.INJECT_CSS) await page.addStyleTag({ content: process.env.INJECT_CSS });
  await page.evaluate(() => {
    const w = window as unknown as { __events: Array<{ name: string; duration: number }> };
    w.__events = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[])
        if (entry.interactionId) w.__events.push({ name: entry.name, duration: entry.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
  for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
    await traced(page, cdp, `${round ? 'open' : 'first open'} Pending Purchase Requests`, async () => {
      await page.getByRole('button', { name: /Pending Purchase Requests/ }).click();
      await page.locator('ul[aria-label="Pending purchase requests"]').waitFor();
    });
    await traced(page, cdp, 'type a letter', () => page.getByRole('searchbox').press('p'));
    await traced(page, cdp, 'type another letter', () => page.getByRole('searchbox').press('l'));
    await page.getByRole('searchbox').fill('');
    await traced(page, cdp, 'change the sort', () => page.getByRole('button', { name: 'Oldest' }).click());
    await traced(page, cdp, 'open a request', () =>
      page.getByRole('list', { name: 'Pending purchase requests' }).getByRole('button').nth(1).click(),
    );
    await traced(page, cdp, 'back to the menu', () => page.getByRole('button', { name: 'Back to Admin Control' }).click());
    await traced(page, cdp, `${round ? 'open' : 'first open'} User Item Submissions`, async () => {
      await page.getByRole('button', { name: /User Item Submissions/ }).click();
      await page.locator('[aria-label="Pending submissions"]').waitFor();
    });
    await traced(page, cdp, 'type a letter (submissions)', () => page.getByRole('searchbox').press('p'));
    await page.getByRole('searchbox').fill('');
    await traced(page, cdp, 'open a submission’s details', () =>
      page.locator('[aria-label="Pending submissions"] > li button:text-is("Contact")').first().click(),
    );
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Back to Admin Control' }).click();
    await page.getByRole('button', { name: /Scheduled pickups/ }).click();
    await page.locator('[aria-label="Scheduled pickups"]').waitFor();
    await traced(page, cdp, 'open a pickup’s History', () =>
      page.locator('[aria-label="Scheduled pickups"] > li details:has(> summary:text-is("History")) > summary').nth(round).click(),
    );
    await page.getByRole('button', { name: 'Back to Admin Control' }).click();
    await page.waitForTimeout(500);
  }
  await browser.close();
  console.log('\nlongest Event Timing duration per interaction (ms): median [rounds]');
  for (const [name, list] of results) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(`  ${name.padEnd(40)} ${String(sorted[Math.floor(sorted.length / 2)]).padStart(5)}  [${list.join(', ')}]`);
  }
} finally {
  await server.stop();
}

// Part: Admin Control at scale in Chromium at 4× CPU slowdown (issue 33 item 6). Every Admin Control list holds
// 10,000 records (bench/lib/admin-seed.ts: pending, approved, rejected and completed purchase requests; pending and
// denied submissions; scheduled, collected and paid pickups); each interaction's latency is read as INP reads it
// (Event Timing `duration`, the longest event of the interaction): open a list, type five letters into its search,
// change its sort (where it has one), open a detail. Baseline: the same interactions on a server holding 10 of each.
import type { Page } from 'playwright-core';
import { openAdminControl } from '../lib/admin-session';
import { seedAdminLists } from '../lib/admin-seed';
import { startOurServer, type Child } from '../lib/processes';
import { median, type BenchRow } from '../lib/results';

const COUNT = Number(process.env.BENCH_LIST_COUNT ?? 10_000);
const BASELINE_COUNT = 10;
const BUDGET_MS = 100;
/** How many records of each state are made through the API before the rest are copied (bench/lib/admin-seed.ts). */
const HTTP_PER_STATE = Number(process.env.BENCH_HTTP_PER_STATE ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

type Interaction = 'open' | 'type' | 'sort' | 'detail';

/**
 * One Admin Control list: the menu button that opens it, the element that shows it is drawn, and how its sort is
 * changed and a detail opened. The lists are awaited and their rows found by CSS selector while an interaction is
 * timed: a role query makes Playwright compute the accessibility tree of the whole page in it, on the same (4×
 * slowed) main thread, 20–200 ms of the measured time.
 */
interface ListSpec {
  name: string;
  /** The menu button (a role query, resolved before the click is timed). */
  button: (page: Page) => ReturnType<Page['getByRole']>;
  /** Drawn when the list is. */
  shown: string;
  /** The sort button to tap, if the list has a sort. */
  sort?: string;
  /** What "open a detail" is on this list, and the element whose click opens it (the second record's). */
  detail: { what: string; target: string; dialog?: boolean };
}

const LISTS: ListSpec[] = [
  {
    name: 'Pending Purchase Requests',
    button: (page) => page.getByRole('button', { name: /Pending Purchase Requests/ }),
    shown: 'ul[aria-label="Pending purchase requests"]',
    sort: 'Oldest',
    detail: { what: 'open a request', target: 'ul[aria-label="Pending purchase requests"] li button' },
  },
  {
    name: 'Approved Requests',
    button: (page) => page.getByRole('button', { name: /Approved Requests/ }),
    shown: 'ul[aria-label="Approved requests"]',
    sort: 'Oldest',
    detail: { what: 'open a request', target: 'ul[aria-label="Approved requests"] li button' },
  },
  {
    name: 'Rejected Requests',
    button: (page) => page.getByRole('group', { name: 'Step 3 Rejected and Completed' }).getByRole('button', { name: /Rejected/ }),
    shown: 'ul[aria-label="Rejected requests"]',
    detail: { what: 'open a request', target: 'ul[aria-label="Rejected requests"] li button', dialog: true },
  },
  {
    name: 'Completed Requests',
    button: (page) => page.getByRole('group', { name: 'Step 3 Rejected and Completed' }).getByRole('button', { name: /Completed/ }),
    shown: 'ul[aria-label="Completed requests"]',
    detail: { what: 'open a request', target: 'ul[aria-label="Completed requests"] li button', dialog: true },
  },
  {
    name: 'User Item Submissions',
    button: (page) => page.getByRole('button', { name: /User Item Submissions/ }),
    shown: '[aria-label="Pending submissions"]',
    detail: {
      what: 'open a submission’s details',
      target: '[aria-label="Pending submissions"] > li button:text-is("Contact")',
      dialog: true,
    },
  },
  {
    name: 'Scheduled Pickups',
    button: (page) => page.getByRole('button', { name: /Scheduled pickups/ }),
    shown: '[aria-label="Scheduled pickups"]',
    detail: {
      what: 'open a card’s History',
      target: '[aria-label="Scheduled pickups"] > li details:has(> summary:text-is("History")) > summary',
    },
  },
  {
    name: 'Collected',
    button: (page) => page.getByRole('button', { name: /^Collected/ }),
    shown: '[aria-label="Collected items"]',
    detail: {
      what: 'open a card’s History',
      target: '[aria-label="Collected items"] > li details:has(> summary:text-is("History")) > summary',
    },
  },
  {
    name: 'Denied Submissions',
    button: (page) => page.getByRole('group', { name: 'Denied and Paid' }).getByRole('button', { name: /Denied/ }),
    shown: '[aria-label="Denied submissions"]',
    detail: { what: 'open a submission', target: '[aria-label="Denied submissions"] li button', dialog: true },
  },
  {
    name: 'Paid Submissions',
    button: (page) => page.getByRole('group', { name: 'Denied and Paid' }).getByRole('button', { name: /Paid/ }),
    shown: '[aria-label="Paid submissions"]',
    detail: { what: 'open a submission', target: '[aria-label="Paid submissions"] li button', dialog: true },
  },
];

/** BENCH_LISTS (names, comma-separated) measures only those lists, for a quick look at one while working on it. */
const MEASURED = process.env.BENCH_LISTS ? LISTS.filter((list) => process.env.BENCH_LISTS!.split(',').includes(list.name)) : LISTS;

/** Starts collecting Event Timing entries (every event of an interaction, as INP does). */
async function observe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __events: Array<{ id: number; duration: number }> };
    w.__events = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (entry.interactionId) w.__events.push({ id: entry.interactionId, duration: entry.duration });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
}

/** Runs `act`, waits for it to settle, and answers the longest interaction it caused (ms; 0 when every event was under 16 ms). */
async function interaction(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => ((window as unknown as { __events: unknown[] }).__events = []));
  await act();
  // Event Timing entries arrive after the next paint: give them time at 4× slowdown, and then wait for two more
  // frames, so that an interaction still running after that time (a long one, on a loaded machine) is counted here
  // rather than read as 0 and dropped when the next one starts.
  await page.waitForTimeout(600);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))),
  );
  return page.evaluate(() => {
    const events = (window as unknown as { __events: Array<{ id: number; duration: number }> }).__events;
    return events.reduce((max, event) => Math.max(max, event.duration), 0);
  });
}

/** One round: every list's interactions, in the order of LISTS. Keys are `list name|interaction`. */
type Figures = Map<string, number>;

async function measure(server: Child): Promise<Figures> {
  const { browser, context, page } = await openAdminControl(server.url);
  const figures: Figures = new Map();
  try {
    // The lists are loaded (as the home's prefetch does for an admin) before anything is timed: Due now needs the
    // requests and the pickups, the submissions badge the submissions.
    await page.getByRole('list', { name: 'Due now' }).or(page.getByText('Nothing promised')).first().waitFor({ timeout: 300_000 });
    await page.locator('[aria-label$=" pending"]').first().waitFor({ timeout: 300_000 });
    // BENCH_INJECT_CSS adds a style sheet, to try a style change without a build (as the trace tool's INJECT_CSS).
    if (process.env.BENCH_INJECT_CSS) await page.addStyleTag({ content: process.env.BENCH_INJECT_CSS });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await observe(page);

    for (const list of MEASURED) {
      const record = (what: Interaction, ms: number) => figures.set(`${list.name}|${what}`, ms);
      const button = list.button(page);
      await button.waitFor();
      record(
        'open',
        await interaction(page, async () => {
          await button.click();
          await page.locator(list.shown).waitFor();
        }),
      );
      const box = page.locator('input[type="search"]');
      const times: number[] = [];
      for (const letter of 'playe') times.push(await interaction(page, () => box.press(letter)));
      record('type', Math.max(...times));
      await box.fill('');
      await page.waitForTimeout(1000);
      if (list.sort) {
        const sort = page.getByRole('button', { name: list.sort, exact: true });
        await sort.waitFor();
        record('sort', await interaction(page, () => sort.click()));
      }
      const target = page.locator(list.detail.target).nth(1);
      await target.waitFor();
      record('detail', await interaction(page, () => target.click()));
      if (list.detail.dialog) {
        await page.locator('dialog[open] button[aria-label="Close"]').last().click();
        await page.locator('dialog[open] dialog[open]').waitFor({ state: 'detached' });
      }
      await page.getByRole('button', { name: 'Back to Admin Control' }).click();
      await page.getByRole('heading', { name: 'Admin Control' }).waitFor();
    }
    return figures;
  } finally {
    await browser.close();
  }
}

const WHAT: Record<Exclude<Interaction, 'detail'>, string> = {
  open: 'open the list',
  type: 'type a letter into its search (worst of 5)',
  sort: 'change its sort',
};

export async function runAdminUi(): Promise<BenchRow[]> {
  const figures: Record<'big' | 'small', Figures[]> = { big: [], small: [] };
  for (const [key, count] of [
    ['small', BASELINE_COUNT],
    ['big', COUNT],
  ] as const) {
    const server = await startOurServer({ serveStatic: true });
    try {
      const seeded = await seedAdminLists(server, count, { httpPerState: HTTP_PER_STATE });
      console.log(
        `admin-ui: ${count} of each state seeded, ${Object.values(seeded.http).reduce((n, state) => n + state.records, 0)} through the API in ` +
          `${(seeded.httpMs / 1000).toFixed(1)} s, ${seeded.cloned} copied in ${(seeded.cloneMs / 1000).toFixed(1)} s`,
      );
      for (let run = 0; run < ROUNDS; run++) figures[key].push(await measure(server));
    } finally {
      await server.stop();
    }
  }
  const rows: BenchRow[] = [];
  for (const list of MEASURED) {
    const interactions: Interaction[] = ['open', 'type', ...(list.sort ? (['sort'] as const) : []), 'detail'];
    for (const what of interactions) {
      const at = (runs: Figures[]) => median(runs.map((run) => run.get(`${list.name}|${what}`) ?? Number.NaN));
      const ours = at(figures.big);
      rows.push({
        part: 'admin-ui',
        figure: `${list.name}: ${what === 'detail' ? list.detail.what : WHAT[what]}, ${COUNT} records, 4× CPU (Event Timing duration, median of ${ROUNDS})`,
        ours,
        baseline: at(figures.small),
        unit: 'ms',
        budget: `≤ ${BUDGET_MS} ms`,
        pass: ours <= BUDGET_MS,
        note: `baseline: ${BASELINE_COUNT} records`,
      });
    }
  }
  return rows;
}

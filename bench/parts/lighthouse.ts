// Lighthouse (the npm package, driving the system Chromium) performance and accessibility scores of the
// signed-out pages, with its default mobile profile (simulated slow 4G, 4× CPU), from the median of 5 runs per page.
// Baseline: a bare HTML page (one run; it does not vary).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { createServer } from 'node:http';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/browser';
import { startOurServer } from '../lib/processes';
import type { BenchRow } from '../lib/results';

const FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

interface Scores {
  performance: number | null;
  accessibility: number | null;
  /** Why a score is missing (Lighthouse's runtime error, or the audits that errored). */
  problem?: string;
  /** How the score was taken, with the median run's first paint and blocking time. */
  detail?: string;
}

/** The scores before the first-screen work (the full run of 2026-11-21 10:59 UTC). */
const BEFORE: Record<string, { performance: number; accessibility: number }> = {
  '/': { performance: 93, accessibility: 99 },
  '/login': { performance: 91, accessibility: 99 },
  '/signup': { performance: 90, accessibility: 99 },
};

/** Lighthouse's advice for a score that varies from run to run: several runs, and the one nearest their median. */
const RUNS = 5;

async function resultOnce(port: number, url: string) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  return result?.lhr;
}

function scoresOf(lhr: Awaited<ReturnType<typeof resultOnce>>, runs: number): Scores {
  const score = (value: number | null | undefined) => (typeof value === 'number' ? value * 100 : null);
  const performance = score(lhr?.categories.performance?.score);
  const accessibility = score(lhr?.categories.accessibility?.score);
  const errored = Object.values(lhr?.audits ?? {})
    .filter((audit) => audit.errorMessage)
    .map((audit) => `${audit.id}: ${audit.errorMessage}`);
  const problem = lhr?.runtimeError?.message ?? (errored.length ? errored.slice(0, 3).join('; ') : undefined);
  const fcp = lhr?.audits['first-contentful-paint']?.numericValue;
  const tbt = lhr?.audits['total-blocking-time']?.numericValue;
  return {
    performance,
    accessibility,
    problem: performance === null || accessibility === null ? (problem ?? 'no score') : undefined,
    detail: `median of ${runs} runs: FCP ${Math.round(fcp ?? NaN)} ms, TBT ${Math.round(tbt ?? NaN)} ms`,
  };
}

/**
 * The run nearest the median FCP and time to interactive of RUNS runs (Lighthouse's own computeMedianRun). A run with
 * no score is a failed run, not a 0: when none has one, the row says Lighthouse's reason.
 */
async function scores(port: number, url: string, runs = RUNS): Promise<Scores> {
  const results = [];
  for (let run = 0; run < runs; run++) results.push(await resultOnce(port, url));
  const valid = filterToValidRuns(results.filter((lhr) => lhr !== undefined));
  if (!valid.length) return scoresOf(results.at(-1), runs);
  return scoresOf(computeMedianRun(valid), valid.length);
}

export async function runLighthouse(): Promise<BenchRow[]> {
  const server = await startOurServer({ serveStatic: true });
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(
      '<!doctype html><html lang="en"><meta name=viewport content="width=device-width"><title>Bare</title><h1>Blockspin Market</h1><p>Buy and sell.</p></html>',
    );
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS });
  try {
    const base = await scores(chrome.port, `http://127.0.0.1:${(bare.address() as { port: number }).port}/`, 1);
    const rows: BenchRow[] = [];
    for (const path of ['/', '/login', '/signup']) {
      const ours = await scores(chrome.port, `${server.url}${path}`);
      const row = (category: 'performance' | 'accessibility', budget: string, meets: (score: number) => boolean): BenchRow => ({
        part: 'lighthouse',
        figure: `'${path}' ${category} score`,
        before: BEFORE[path]?.[category],
        ours: ours[category] ?? Number.NaN,
        baseline: base[category],
        unit: '/100',
        budget,
        pass: ours[category] !== null && meets(ours[category]),
        note: ours.problem ? `not measured: ${ours.problem}` : category === 'performance' ? ours.detail : undefined,
      });
      rows.push(
        row('performance', '100', (score) => score >= 100),
        row('accessibility', '≥ 99', (score) => score >= 99),
      );
    }
    return rows;
  } finally {
    chrome.kill();
    bare.close();
    await server.stop();
  }
}

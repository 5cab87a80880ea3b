// Lighthouse (the npm package, driving the system Chromium) performance and accessibility scores of the
// signed-out pages, with its default mobile profile (simulated slow 4G, 4× CPU). Baseline: a bare HTML page.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createServer } from 'node:http';
import { CHROMIUM_PATH } from '../../tests/support/browser';
import { startOurServer } from '../lib/processes';
import type { BenchRow } from '../lib/results';

const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

interface Scores {
  performance: number | null;
  accessibility: number | null;
  /** Why a score is missing (Lighthouse's runtime error, or the audits that errored). */
  problem?: string;
}

async function scoresOnce(port: number, url: string): Promise<Scores> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  const lhr = result?.lhr;
  const score = (value: number | null | undefined) => (typeof value === 'number' ? value * 100 : null);
  const performance = score(lhr?.categories.performance?.score);
  const accessibility = score(lhr?.categories.accessibility?.score);
  const errored = Object.values(lhr?.audits ?? {})
    .filter((audit) => audit.errorMessage)
    .map((audit) => `${audit.id}: ${audit.errorMessage}`);
  const problem = lhr?.runtimeError?.message ?? (errored.length ? errored.slice(0, 3).join('; ') : undefined);
  return { performance, accessibility, problem: performance === null || accessibility === null ? (problem ?? 'no score') : undefined };
}

/** A missing score is a failed run, not a 0: it is tried once more, then reported with Lighthouse's reason. */
async function scores(port: number, url: string): Promise<Scores> {
  const first = await scoresOnce(port, url);
  return first.problem ? scoresOnce(port, url) : first;
}

export async function runLighthouse(): Promise<BenchRow[]> {
  const server = await startOurServer({ serveStatic: true });
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><html lang="en"><meta name=viewport content="width=device-width"><title>Bare</title><h1>Blockspin Market</h1><p>Buy and sell.</p></html>');
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS });
  try {
    const base = await scores(chrome.port, `http://127.0.0.1:${(bare.address() as { port: number }).port}/`);
    const rows: BenchRow[] = [];
    for (const path of ['/', '/login', '/signup']) {
      const ours = await scores(chrome.port, `${server.url}${path}`);
      const note = ours.problem ? `not measured: ${ours.problem}` : undefined;
      const row = (category: 'performance' | 'accessibility', budget: string, meets: (score: number) => boolean): BenchRow => ({
        part: 'lighthouse',
        figure: `'${path}' ${category} score`,
        ours: ours[category] ?? Number.NaN,
        baseline: base[category],
        unit: '/100',
        budget,
        pass: ours[category] !== null && meets(ours[category]),
        note,
      });
      rows.push(row('performance', '100', (score) => score >= 100), row('accessibility', '≥ 99', (score) => score >= 99));
    }
    return rows;
  } finally {
    chrome.kill();
    bare.close();
    await server.stop();
  }
}

// Lighthouse (the npm package, driving the system Chromium) performance and accessibility scores of the
// signed-out pages, with its default mobile profile (simulated slow 4G, 4× CPU). Baseline: a bare HTML page.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createServer } from 'node:http';
import { CHROMIUM_PATH } from '../../tests/support/browser';
import { startOurServer } from '../lib/processes';
import type { BenchRow } from '../lib/results';

const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

async function scores(port: number, url: string): Promise<{ performance: number; accessibility: number }> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  const categories = result?.lhr.categories;
  return { performance: (categories?.performance?.score ?? 0) * 100, accessibility: (categories?.accessibility?.score ?? 0) * 100 };
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
      rows.push(
        { part: 'lighthouse', figure: `'${path}' performance score`, ours: ours.performance, baseline: base.performance, unit: '/100', budget: '– (reported)', pass: true },
        { part: 'lighthouse', figure: `'${path}' accessibility score`, ours: ours.accessibility, baseline: base.accessibility, unit: '/100', budget: '≥ 90', pass: ours.accessibility >= 90 },
      );
    }
    return rows;
  } finally {
    chrome.kill();
    bare.close();
    await server.stop();
  }
}

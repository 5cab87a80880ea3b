// Diagnostic, run by hand after `npx vite build`: `node --import tsx bench/lighthouse-detail.ts [/,/login,/signup]` — one
// Lighthouse run per path with its metric values, the main thread's long tasks and the script boot-up per file.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/browser';
import { startOurServer } from './lib/processes';

const FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const server = await startOurServer({ serveStatic: true });
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS });
try {
  for (const path of (process.argv[2] ?? '/,/login,/signup').split(',')) {
    const result = await lighthouse(`${server.url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const a = result!.lhr.audits;
    console.log(path, 'score', result!.lhr.categories.performance.score);
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
      'interactive',
    ])
      console.log('  ', id, a[id].numericValue?.toFixed(0), a[id].score);
    // Lighthouse scores simulated times (4× CPU, slow 4G computed from the trace); what the run itself saw:
    const observed = (a.metrics.details as any)?.items?.[0] ?? {};
    console.log(
      '   observed FCP',
      observed.observedFirstContentfulPaint,
      'LCP',
      observed.observedLargestContentfulPaint,
      'load',
      observed.observedLoad,
    );
    const lt = (a['long-tasks'].details as any)?.items ?? [];
    for (const t of lt) console.log('   long task', t.url, t.startTime?.toFixed(0), t.duration?.toFixed(0));
    const boot = (a['bootup-time'].details as any)?.items ?? [];
    for (const t of boot)
      console.log(
        '   bootup',
        t.url,
        'total',
        t.total?.toFixed(0),
        'script',
        t.scripting?.toFixed(0),
        'parse',
        t.scriptParseCompile?.toFixed(0),
      );
    const mw = (a['mainthread-work-breakdown'].details as any)?.items ?? [];
    for (const t of mw) console.log('   work', t.groupLabel, t.duration?.toFixed(0));
    const rb = (a['render-blocking-resources']?.details as any)?.items ?? [];
    for (const t of rb) console.log('   render-blocking', t.url, t.wastedMs);
    const lcpEl = (a['largest-contentful-paint-element']?.details as any)?.items?.[0]?.items?.[0]?.node?.snippet;
    console.log('   lcp element', lcpEl);
  }
} finally {
  chrome.kill();
  await server.stop();
}

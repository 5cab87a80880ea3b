// Part 1: API throughput and latency against the bare node:http + better-sqlite3 baseline, loopback.
//
// Throughput: autocannon, 50 connections in a closed loop (each sends its next request when the last one answers), so the
// servers run flat out. Latency: p99 at 50 connections under a steady load — half the baseline's throughput, so the same
// share of this machine whatever its speed — sent open-loop (bench/lib/open-loop.ts). The closed loop's p99 is reported
// too, but it does not measure the server: at saturation 50 requests are always waiting, so the mean latency is
// 50 ÷ throughput (Little's law), and on this 2-core machine even Express's hello world on `app.listen`, measured in the
// same run, sits at the 25 ms line. The same hello world on our server (createAppServer) shows what Express 5's
// per-request prototype switch costs: ~4,700 against ~13,000 req/s here.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { ApiClient, pool, purchaseBody } from '../lib/client';
import { openLoopInWorker, type OpenLoopResult } from '../lib/open-loop';
import { startNode, startOurServer, type Child } from '../lib/processes';
import { median, type BenchRow } from '../lib/results';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
/** The steady load, as a share of the baseline's saturated throughput. */
const STEADY_SHARE = 0.5;
/** Steady runs per server, alternating ours and the baseline; the figure is the median run's p99. */
const STEADY_RUNS = 3;
const STEADY_DURATION_S = Number(process.env.BENCH_STEADY_DURATION ?? 5);
const P99_BUDGET_MS = 25;

interface Target {
  url: string;
  cookie: string;
}

interface Saturated {
  rps: number;
  p99: number;
  non2xx: number;
}

function requestOf(target: Target, method: 'GET' | 'POST', body: string) {
  const path = method === 'GET' ? '/api/user-purchase-requests/bench' : '/api/purchase-requests';
  return {
    url: `${target.url}${path}`,
    method,
    body: method === 'POST' ? body : undefined,
    headers: { cookie: target.cookie, 'content-type': 'application/json', origin: target.url },
  };
}

async function saturate(target: Target, method: 'GET' | 'POST', body: string, durationS = DURATION_S): Promise<Saturated> {
  const request = requestOf(target, method, body);
  // A short warm-up so JIT and SQLite caches are hot on both sides.
  await autocannon({ ...request, connections: 10, duration: 1 });
  const result = await autocannon({ ...request, connections: CONNECTIONS, duration: durationS });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

function steady(target: Target, method: 'GET' | 'POST', body: string, rate: number): Promise<OpenLoopResult> {
  return openLoopInWorker({ ...requestOf(target, method, body), rate, durationS: STEADY_DURATION_S, connections: CONNECTIONS });
}

/** The run whose p99 is the median of the runs. */
function medianRun(runs: OpenLoopResult[]): OpenLoopResult {
  const p99 = median(runs.map((run) => run.p99));
  return runs.find((run) => run.p99 === p99)!;
}

export async function runApi(): Promise<BenchRow[]> {
  const body = JSON.stringify(purchaseBody('bench'));
  const rows: BenchRow[] = [];

  // Ours: a real user with a real session and 50 requests stored.
  const ours = await startOurServer();
  let base: Child | null = null;
  let hello: Child | null = null;
  try {
    const client = new ApiClient(ours.url);
    await client.signup('bench');
    await pool(50, 8, async () => {
      const res = await client.call('POST', '/api/purchase-requests', JSON.parse(body));
      if (res.status !== 201) throw new Error(`seed: ${res.status} ${JSON.stringify(res.data)}`);
    });

    const token = randomBytes(32).toString('base64url');
    base = await startNode('bench/baseline/server.ts', { BENCH_TOKEN: token, SEED: '50', SEED_BODY: body });
    const oursTarget = { url: ours.url, cookie: client.cookie };
    const baseTarget = { url: base.url, cookie: `bm_session=${token}` };

    // GET first: the POST runs add thousands of requests to the same user's list.
    for (const [method, name] of [
      ['GET', 'GET /api/user-purchase-requests/{user} (50 stored)'],
      ['POST', 'POST /api/purchase-requests'],
    ] as const) {
      const o = await saturate(oursTarget, method, body);
      const b = await saturate(baseTarget, method, body);
      const rate = Math.round(STEADY_SHARE * b.rps);
      const oursRuns: OpenLoopResult[] = [];
      const baseRuns: OpenLoopResult[] = [];
      for (let run = 0; run < STEADY_RUNS; run++) {
        oursRuns.push(await steady(oursTarget, method, body, rate));
        baseRuns.push(await steady(baseTarget, method, body, rate));
      }
      const os = medianRun(oursRuns);
      const bs = medianRun(baseRuns);

      rows.push({
        part: 'api',
        figure: `${name} throughput (${CONNECTIONS} connections, saturated)`,
        ours: o.rps,
        baseline: b.rps,
        unit: 'req/s',
        budget: '≥ 0.4× baseline',
        pass: o.rps >= 0.4 * b.rps && o.non2xx === 0,
        note: o.non2xx ? `${o.non2xx} non-2xx answers` : undefined,
      });
      const failed = oursRuns.reduce((sum, run) => sum + run.non2xx + run.errors + (run.sent - run.completed), 0);
      rows.push({
        part: 'api',
        figure: `${name} p99 at ${CONNECTIONS} connections, steady ${rate.toLocaleString('en-US')} req/s (½ the baseline's throughput; median of ${STEADY_RUNS} runs)`,
        ours: os.p99,
        baseline: bs.p99,
        unit: 'ms',
        budget: `< ${P99_BUDGET_MS} ms`,
        pass: os.p99 < P99_BUDGET_MS && failed === 0,
        note: [
          `runs ${oursRuns.map((run) => run.p99.toFixed(1)).join(' / ')} ms, baseline ${baseRuns.map((run) => run.p99.toFixed(1)).join(' / ')} ms`,
          `p50 ${os.p50.toFixed(1)} ms, max ${os.max.toFixed(1)} ms`,
          `load generator late by ${os.lagP99.toFixed(1)} ms at p99`,
          ...(failed ? [`${failed} failed`] : []),
        ].join('; '),
      });
      rows.push({
        part: 'api',
        figure: `${name} p99 at ${CONNECTIONS} connections, saturated`,
        ours: o.p99,
        baseline: b.p99,
        unit: 'ms',
        budget: '– (reported: queueing, 50 ÷ throughput)',
        pass: true,
      });
    }

    // What this machine gives any Express app at saturation: an empty handler behind 50 closed-loop connections, on a plain
    // node:http server and on ours (whose requests carry the app's prototypes from the start).
    for (const [appServer, label] of [
      [false, 'app.listen'],
      [true, 'createAppServer'],
    ] as const) {
      hello = await startNode('bench/baseline/express-hello.ts', { APP_SERVER: String(appServer) });
      const h = await saturate({ url: hello.url, cookie: '' }, 'GET', body, 5);
      await hello.stop();
      hello = null;
      rows.push({
        part: 'api',
        figure: `calibration: Express 5 hello world (${label}), ${CONNECTIONS} connections saturated`,
        ours: h.p99,
        baseline: null,
        unit: 'ms',
        budget: '– (reported)',
        pass: true,
        note: `${Math.round(h.rps).toLocaleString('en-US')} req/s`,
      });
    }
  } finally {
    await ours.stop();
    await base?.stop();
    await hello?.stop();
  }
  return rows;
}

// Part: a flood of correct logins (issue 29.3) — 20 loops logging in to one account for 5 s while another player reads
// their list. Baseline: the same server in the same run with hashing bounded only by libuv's thread pool
// (HASH_CONCURRENCY=4, as before the hashing queue). Per-account caps are off (RATE_LIMIT=false) so the queue alone acts.
import { measureLoginFlood, percentile } from '../../tests/support/login-flood';
import { startNode } from '../lib/processes';
import type { BenchRow } from '../lib/results';

async function measure(env: Record<string, string>) {
  const server = await startNode('server/index.ts', env);
  try {
    const result = await measureLoginFlood(server.url, { ms: 5_000 });
    return {
      loginsPerSecond: result.loginsPerSecond,
      loginP50: result.loginP50,
      otherP50: percentile(result.during.times, 50),
      otherP99: percentile(result.during.times, 99),
      otherCalls: result.during.times.length,
      busy: result.flood.filter((answer) => answer.status === 503).length,
    };
  } finally {
    await server.stop();
  }
}

export async function runLoginFlood(): Promise<BenchRow[]> {
  const ours = await measure({});
  const unbounded = await measure({ HASH_CONCURRENCY: '4' });
  return [
    {
      part: 'login-flood',
      figure: 'correct logins served per second (20 loops, one account)',
      ours: Math.round(ours.loginsPerSecond * 10) / 10,
      baseline: Math.round(unbounded.loginsPerSecond * 10) / 10,
      unit: '/s',
      budget: 'reported (bounded on purpose)',
      pass: ours.loginsPerSecond > 0,
      note: `${ours.busy}×503 Retry-After (baseline ${unbounded.busy}); login p50 ${Math.round(ours.loginP50)} ms`,
    },
    {
      part: 'login-flood',
      figure: "another player's list p99 during the flood",
      ours: Math.round(ours.otherP99),
      baseline: Math.round(unbounded.otherP99),
      unit: 'ms',
      budget: '< a flood login p50 (not starved)',
      pass: ours.otherP99 < ours.loginP50,
      note: `p50 ${Math.round(ours.otherP50)} ms over ${ours.otherCalls} calls (baseline p50 ${Math.round(unbounded.otherP50)} ms over ${unbounded.otherCalls})`,
    },
  ];
}

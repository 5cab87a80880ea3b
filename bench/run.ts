// `npm run bench [part…]`: runs the benchmark parts on the built app and writes bench/RESULTS.md.
// Parts: api, admin-lists, admin-ui, socket, bundle, page-load, photo, upload-memory, login-flood, lighthouse. Each figure is a ratio against a baseline in the same run.
import { execSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runAdminLists } from './parts/admin-lists';
import { runAdminUi } from './parts/admin-ui';
import { runApi } from './parts/api';
import { runBundle } from './parts/bundle';
import { runEngines } from './parts/engines';
import { runLighthouse } from './parts/lighthouse';
import { runLoginFlood } from './parts/login-flood';
import { runPageLoad } from './parts/page-load';
import { runPhoto } from './parts/photo';
import { runSocket } from './parts/socket';
import { runUploadMemory } from './parts/upload-memory';
import { ROOT } from './lib/processes';
import { fmt, ratio, type BenchRow } from './lib/results';

const PARTS: Record<string, () => Promise<BenchRow[]>> = {
  api: runApi,
  'admin-lists': runAdminLists,
  'admin-ui': runAdminUi,
  engines: runEngines,
  socket: runSocket,
  bundle: runBundle,
  'page-load': runPageLoad,
  photo: runPhoto,
  'upload-memory': runUploadMemory,
  'login-flood': runLoginFlood,
  lighthouse: runLighthouse,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((name) => !(name in PARTS));
if (unknown.length) {
  console.error(`Unknown part(s): ${unknown.join(', ')}. Parts: ${Object.keys(PARTS).join(', ')}`);
  process.exit(2);
}
const names = wanted.length ? wanted : Object.keys(PARTS);

if (!existsSync(path.join(ROOT, 'dist/.vite/manifest.json')) || process.argv.includes('--build')) {
  console.log('Building the app…');
  execSync('npx vite build', { cwd: ROOT, stdio: 'inherit' });
}

/** The full run the "before" figures come from (bench/RESULTS.md as committed in 65d540b). */
const BEFORE_RUN = '`npm run bench`, 2026-11-21 10:59 UTC, same machine';

const rows: BenchRow[] = [];
const failures: string[] = [];
// What else ran meanwhile: the latency rows hold only on a quiet machine (the CPU-time rows much less depend on it).
const loads: number[] = [];
const sampleLoad = () => void loads.push(os.loadavg()[0]!);
sampleLoad();
const loadTimer = setInterval(sampleLoad, 30_000);
loadTimer.unref();
for (const name of names) {
  console.log(`▶ ${name}`);
  const started = Date.now();
  try {
    const result = await PARTS[name]();
    rows.push(...result);
    for (const row of result)
      console.log(
        `  ${row.pass ? '✓' : '✗'} ${row.figure}: ${fmt(row.ours, row.unit)} (baseline ${row.baseline === null ? '–' : fmt(row.baseline, row.unit)}, budget ${row.budget})`,
      );
  } catch (error) {
    failures.push(`${name}: ${(error as Error).message}`);
    console.error(`  ✗ ${name} failed:`, error);
  }
  console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

clearInterval(loadTimer);
sampleLoad();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const lines = [
  '# Benchmark results',
  '',
  `Run ${new Date().toISOString()} with \`npm run bench${wanted.length ? ` ${wanted.join(' ')}` : ''}\`.`,
  '',
  `Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}.`,
  '',
  `Load average (1 minute) during the run, the bench's own work included: median ${median(loads).toFixed(1)}, highest ${Math.max(...loads).toFixed(1)} ` +
    `(${os.cpus().length} cores; above that, other work was running and the latency rows read high).`,
  '',
  `"before": the figure before the first-screen work (${BEFORE_RUN}), where that work moved its budget.`,
  '',
  '| part | figure | before | ours | baseline | ratio | budget | result |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| ${row.part} | ${row.figure} | ${row.before === undefined ? '–' : fmt(row.before, row.unit)} | ${fmt(row.ours, row.unit)} | ${row.baseline === null ? '–' : fmt(row.baseline, row.unit)} | ${ratio(row)} | ${row.budget} | ${row.pass ? 'pass' : 'FAIL'}${row.note ? ` (${row.note})` : ''} |`,
  ),
  '',
  ...(failures.length ? ['## Parts that could not run', '', ...failures.map((f) => `- ${f}`), ''] : []),
];
const out = path.join(ROOT, 'bench', wanted.length ? `RESULTS-${wanted.join('-')}.md` : 'RESULTS.md');
writeFileSync(out, lines.join('\n'));
console.log(`Wrote ${path.relative(ROOT, out)}`);
process.exit(failures.length || rows.some((r) => !r.pass) ? 1 : 0);

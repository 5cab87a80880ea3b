// `node --import tsx bench/tools/profile-purchase.ts [sqlite|postgres]`: a CPU profile of the server while it takes
// purchases one engine at a time (issue 46): the server runs with --cpu-prof, and the top functions by self time are
// printed. Not part of `npm run bench`.
import { readdirSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ApiClient, pool, purchaseBody } from '../lib/client';
import { startNode } from '../lib/processes';
import { startEmbeddedPostgres } from '../../tests/support/embedded-postgres';

const engine = process.argv[2] ?? 'postgres';
const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 3000);
const dir = '/tmp/prof/' + engine;
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const postgres = engine === 'postgres' ? await startEmbeddedPostgres('blockspin-prof-') : null;
process.env.BENCH_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;
const server = await startNode('server/index.ts', postgres ? { DATABASE_URL: postgres.url } : {});
try {
  const client = new ApiClient(server.url);
  await client.signup('bench');
  const body = purchaseBody('bench');
  await pool(REQUESTS, 10, async () => {
    const res = await client.call('POST', '/api/purchase-requests', body);
    if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.data)}`);
  });
} finally {
  await server.stop();
  await postgres?.stop();
}
await new Promise((r) => setTimeout(r, 1000));
const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile');
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}
const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const self = new Map<string, number>();
const total = profile.samples.length;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const counts = new Map<number, number>();
for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
for (const [id, count] of counts) {
  const n = byId.get(id)!;
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, '~/').replace(/.*\/work\/main\//, '')}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + count);
}
// Per package / folder
const byPkg = new Map<string, number>();
for (const [key, count] of self) {
  const url = key.split(' ')[1] ?? '';
  const pkg = url.startsWith('~/')
    ? url
        .split('/')
        .slice(0, url.startsWith('~/@') ? 3 : 2)
        .join('/')
    : url.startsWith('node:')
      ? 'node:' + url.slice(5).split(':')[0]
      : url.split('/').slice(0, 2).join('/') || '(native)';
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + count);
}
console.log(`${engine}: ${total} samples`);
for (const [k, c] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${((100 * c) / total).toFixed(1).padStart(5)}%  ${k}`);
console.log('---');
for (const [k, c] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
  console.log(`${((100 * c) / total).toFixed(1).padStart(5)}%  ${k}`);

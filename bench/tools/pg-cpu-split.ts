// `node --import tsx bench/tools/pg-cpu-split.ts [processes]`: where PostgreSQL's CPU goes while one or two server
// processes take purchases (issue 46): per kind of PostgreSQL process (the backends answering queries, each
// process's LISTEN backend, the WAL writer, the checkpointer, autovacuum, the postmaster and what it reaped), from
// /proc, per purchase. Not part of `npm run bench`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ApiClient, pool, purchaseBody } from '../lib/client';
import { startNode, type Child } from '../lib/processes';
import { findPostmaster, processCpuMs } from '../lib/proc-cpu';
import { startEmbeddedPostgres } from '../../tests/support/embedded-postgres';

const PROCESSES = Number(process.argv[2] ?? 1);
const REQUESTS = Number(process.env.SPLIT_REQUESTS ?? 3000);
const postgres = await startEmbeddedPostgres('blockspin-split-');
const postmaster = findPostmaster(path.join(postgres.dir, 'data'));
const servers: Child[] = [];
for (let i = 0; i < PROCESSES; i++) servers.push(await startNode('server/index.ts', { DATABASE_URL: postgres.url }));
const admin = new pg.Client({ connectionString: postgres.url });
await admin.connect();

function ticks(pid: number): { own: number; reaped: number; ppid: number; title: string } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    const own =
      process.env.SPLIT_TIME === 'user'
        ? Number(fields[11])
        : process.env.SPLIT_TIME === 'system'
          ? Number(fields[12])
          : Number(fields[11]) + Number(fields[12]);
    return { ppid: Number(fields[1]), own, reaped: Number(fields[13]) + Number(fields[14]), title };
  } catch {
    return null;
  }
}
async function snapshot(): Promise<Map<string, number>> {
  const listeners = new Set(
    (await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = 'blockspin_live_listener'`)).rows.map(
      (row) => row.pid,
    ),
  );
  const byKind = new Map<string, number>();
  const add = (kind: string, n: number) => byKind.set(kind, (byKind.get(kind) ?? 0) + n);
  const root = ticks(postmaster)!;
  add('postmaster', root.own);
  add('reaped (ended backends, autovacuum workers)', root.reaped);
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    const pid = Number(name);
    const t = pid === postmaster ? null : ticks(pid);
    if (!t || t.ppid !== postmaster) continue;
    const kind = listeners.has(pid)
      ? 'LISTEN backends'
      : /postgres: postgres postgres/.test(t.title)
        ? 'query backends'
        : t.title.replace(/^postgres: /, '').replace(/ launcher$/, '');
    add(kind, t.own);
  }
  return byKind;
}
try {
  const clients = servers.map((server) => new ApiClient(server.url));
  for (const client of clients) await client.signup(`split${clients.indexOf(client)}`);
  const bodies = clients.map((_, i) => purchaseBody(`split${i}`));
  const run = () =>
    pool(REQUESTS, 10, async (i) => {
      const at = i % clients.length;
      const res = await clients[at].call('POST', '/api/purchase-requests', bodies[at]);
      if (res.status !== 201) throw new Error(`${res.status}`);
    });
  await run(); // warm
  const serverCpu = () => servers.map((server) => processCpuMs([server.process.pid!]));
  const serversBefore = serverCpu();
  const before = await snapshot();
  await run();
  const after = await snapshot();
  const serversAfter = serverCpu();
  for (const [i, ms] of serversAfter.entries())
    console.log(`${(((ms - serversBefore[i]) * 1_000) / REQUESTS).toFixed(0).padStart(6)} µs  server process ${i + 1}`);
  let total = 0;
  const rows = [...after].map(([kind, n]) => [kind, ((n - (before.get(kind) ?? 0)) * 10_000) / REQUESTS] as const);
  for (const [kind, us] of rows.sort((a, b) => b[1] - a[1])) {
    total += us;
    console.log(`${us.toFixed(0).padStart(6)} µs  ${kind}`);
  }
  console.log(`${total.toFixed(0).padStart(6)} µs  PostgreSQL per purchase, ${PROCESSES} process(es)`);
} finally {
  await admin.end();
  for (const server of servers) await server.stop();
  await postgres.stop();
}

// `node --import tsx bench/tools/pg-hear.ts`: what a server process spends hearing the notes of purchases made on
// another (issue 46). Two processes on an embedded PostgreSQL; purchases go to the first only; the second's CPU per
// note heard is read from /proc (user and system apart). HEAR_PERF=1 records the second with `perf record -g` into
// /tmp/hear.data (run with BENCH_NODE_ARGS=--perf-basic-prof to name its JavaScript). Not part of `npm run bench`.
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { ApiClient, pool, purchaseBody } from '../lib/client';
import { startNode, type Child } from '../lib/processes';
import { startEmbeddedPostgres } from '../../tests/support/embedded-postgres';

const NOTES = Number(process.env.HEAR_NOTES ?? 4000);
const WARM = Number(process.env.HEAR_WARM ?? 6000);
const postgres = await startEmbeddedPostgres('blockspin-hear-');
const servers: Child[] = [];
try {
  for (let i = 0; i < 2; i++) servers.push(await startNode('server/index.ts', { DATABASE_URL: postgres.url }));
  const client = new ApiClient(servers[0].url);
  await client.signup('hear');
  const body = purchaseBody('hear');
  const run = (n: number) =>
    pool(n, 10, async () => {
      const res = await client.call('POST', '/api/purchase-requests', body);
      if (res.status !== 201) throw new Error(`${res.status}`);
    });
  // Until the listener's code is optimised: the first thousands of notes are heard by code still being compiled.
  await run(WARM);
  const listener = servers[1].process.pid!;
  const ticks = () => {
    const fields = readFileSync(`/proc/${listener}/stat`, 'utf8').split(') ')[1].split(' ');
    return { user: Number(fields[11]), system: Number(fields[12]) };
  };
  const perf = process.env.HEAR_PERF
    ? spawn('perf', ['record', '-F', '4999', '-g', '-p', String(listener), '-o', '/tmp/hear.data'], { stdio: 'inherit' })
    : null;
  if (perf) await new Promise((resolve) => setTimeout(resolve, 500));
  const before = ticks();
  await run(NOTES);
  const after = ticks();
  if (perf) {
    perf.kill('SIGINT');
    await new Promise((resolve) => perf.on('exit', resolve));
  }
  const per = (n: number) => ((n * 10_000) / NOTES).toFixed(0);
  console.log(`the process hearing: user ${per(after.user - before.user)} µs, system ${per(after.system - before.system)} µs per note`);
} finally {
  for (const server of servers) await server.stop();
  await postgres.stop();
}

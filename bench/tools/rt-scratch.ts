import pg from 'pg';
import { startEmbeddedPostgres } from '/work/main/tests/support/embedded-postgres';
import { findPostmaster, postgresCpuMs } from '/work/main/bench/lib/proc-cpu';
import path from 'node:path';
const p = await startEmbeddedPostgres('rt-');
const pm = findPostmaster(path.join(p.dir, 'data'));
const c = new pg.Client({ connectionString: p.url });
await c.connect();
const N = 5000;
for (const label of ['select1', 'select1', 'select1']) {
  const u0 = process.cpuUsage(); const d0 = postgresCpuMs(pm);
  for (let i = 0; i < N; i++) await c.query({ name: 's1', text: 'SELECT $1::int AS x', values: [i] });
  const u = process.cpuUsage(u0); const d = postgresCpuMs(pm) - d0;
  console.log(label, 'node µs/q', ((u.user + u.system) / N).toFixed(1), '(sys', (u.system / N).toFixed(1), ') pg µs/q', (d * 1000 / N).toFixed(1));
}
await c.end(); await p.stop();

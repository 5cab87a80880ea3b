// `node --import tsx bench/tools/list-build.ts [sqlite|postgres] [count]`: what one list read costs the server with
// `count` purchase requests stored (10,000 by default, made through the API, each with purchaseBody's three lines):
// GET /api/purchase-requests (every request) and GET /api/user-purchase-requests/{player} (one of 8 players', 1/8 of
// them), each read right after a write (the list built again) and unchanged (from the read cache). Figures: the
// median time to the last byte, and the CPU per read of the server process (and on PostgreSQL of its backends), the
// mean over the runs, so that a busy machine moves them less than the times. Written for issue 34 item 1 (an order's
// lines as rows), to compare the JSON column with the rows on the same machine in the same minutes.
import path from 'node:path';
import { ApiClient, pool, purchaseBody } from '../lib/client';
import { startNode, SUPER_ADMIN, type Child } from '../lib/processes';
import { findPostmaster, postgresCpuMs, processCpuMs } from '../lib/proc-cpu';
import { median } from '../lib/results';
import { startEmbeddedPostgres, type RunningPostgres } from '../../tests/support/embedded-postgres';

const engine = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const COUNT = Number(process.argv[3] ?? 10_000);
const PLAYERS = 8;
const RUNS = 9;

let postgres: RunningPostgres | null = null;
let server: Child | null = null;
try {
  if (engine === 'postgres') postgres = await startEmbeddedPostgres('list-build-');
  server = await startNode('server/index.ts', postgres ? { DATABASE_URL: postgres.url } : {});
  const postmaster = postgres ? findPostmaster(path.join(postgres.dir, 'data')) : null;
  const cpu = () => processCpuMs([server!.process.pid!]) + (postmaster === null ? 0 : postgresCpuMs(postmaster));

  const players = await Promise.all(
    Array.from({ length: PLAYERS }, async (_, i) => {
      const client = new ApiClient(server!.url);
      await client.signup(`player${i}`);
      return client;
    }),
  );
  const seedStarted = performance.now();
  await pool(COUNT, 8, async (i) => {
    const post = () => players[i % PLAYERS].call('POST', '/api/purchase-requests', purchaseBody(`player${i % PLAYERS}`));
    // On a busy machine the server may close a keep-alive socket as the next call goes out on it: sent again.
    const res = await post()
      .catch(post)
      .catch(post)
      .catch((error: unknown) => {
        throw new Error(`seed ${i}: ${String(error)} (server exit code ${server!.process.exitCode})`, { cause: error });
      });
    if (res.status !== 201) throw new Error(`seed: ${res.status} ${JSON.stringify(res.data).slice(0, 200)}`);
  });
  console.log(`${engine}: ${COUNT} requests seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  const admin = new ApiClient(server.url);
  await admin.login(SUPER_ADMIN.username, SUPER_ADMIN.password);

  const read = async (client: ApiClient, path: string) => {
    const started = performance.now();
    const res = await client.call<unknown[]>('GET', path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return { ms: performance.now() - started, rows: res.data.length };
  };
  for (const [reader, path] of [
    [admin, '/api/purchase-requests'],
    [players[0], '/api/user-purchase-requests/player0'],
  ] as const) {
    await read(reader, path); // warm-up
    for (const rebuilt of [true, false]) {
      const times: number[] = [];
      let cpuMs = 0;
      let rows = 0;
      for (let run = 0; run < RUNS; run++) {
        if (rebuilt) {
          const res = await players[0].call('POST', '/api/purchase-requests', purchaseBody('player0'));
          if (res.status !== 201) throw new Error(`write before a read: ${res.status}`);
        }
        const before = cpu();
        const result = await read(reader, path);
        cpuMs += cpu() - before;
        times.push(result.ms);
        rows = result.rows;
      }
      console.log(
        `${engine}: GET ${path} (${rows} rows) ${rebuilt ? 'right after a write' : 'unchanged'}: ${median(times).toFixed(1)} ms median, ` +
          `${(cpuMs / RUNS).toFixed(1)} ms CPU per read (runs ${times.map((ms) => ms.toFixed(0)).join(' / ')} ms)`,
      );
    }
  }
} finally {
  await server?.stop();
  await postgres?.stop();
}

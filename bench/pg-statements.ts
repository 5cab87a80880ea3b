// `node --import tsx bench/pg-statements.ts`: what one API call costs PostgreSQL, statement by statement (issue 32).
// One server process on an embedded PostgreSQL with pg_stat_statements loaded; after seeding, the counters are reset,
// a fixed number of GETs of one player's list (50 stored) and of purchase POSTs are made one after the other, and
// every statement PostgreSQL ran meanwhile is printed with its calls per request and its planning and execution time
// per call. Not part of `npm run bench`: pg_stat_statements adds its own cost to every statement.
import pg from 'pg';
import { ApiClient, pool, purchaseBody } from './lib/client';
import { startNode } from './lib/processes';
import { startEmbeddedPostgres } from '../tests/support/embedded-postgres';

const REQUESTS = Number(process.env.BENCH_STATEMENT_REQUESTS ?? 500);

interface StatementRow {
  query: string;
  calls: number;
  plans: number;
  plan_ms: number;
  exec_ms: number;
}

const postgres = await startEmbeddedPostgres('blockspin-bench-statements-');
try {
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'`);
  await admin.query(`ALTER SYSTEM SET pg_stat_statements.track = 'all'`);
  await admin.query(`ALTER SYSTEM SET pg_stat_statements.track_planning = on`);
  await admin.query('CREATE DATABASE bench_statements');
  await admin.end();
  // shared_preload_libraries is read at start only.
  await postgres.halt();
  await postgres.resume();
  const url = postgres.url.replace(/\/postgres$/, '/bench_statements');
  const stats = new pg.Client({ connectionString: url });
  await stats.connect();
  await stats.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const server = await startNode('server/index.ts', { DATABASE_URL: url });
  try {
    const client = new ApiClient(server.url);
    await client.signup('bench');
    const body = purchaseBody('bench');
    await pool(50, 8, async () => {
      const res = await client.call('POST', '/api/purchase-requests', body);
      if (res.status !== 201) throw new Error(`seed: ${res.status} ${JSON.stringify(res.data)}`);
    });
    const calls: Array<[string, () => Promise<number>]> = [
      ['GET one player list (50 stored)', async () => (await client.call('GET', '/api/user-purchase-requests/bench')).status],
      ['POST a purchase request', async () => (await client.call('POST', '/api/purchase-requests', body)).status],
    ];
    for (const [label, call] of calls) {
      // Warm every pooled connection's prepared statements first, as a running server has.
      await pool(REQUESTS, 10, async () => void (await call()));
      await stats.query('SELECT pg_stat_statements_reset()');
      await pool(REQUESTS, 10, async () => {
        const status = await call();
        if (status >= 300) throw new Error(`${label}: ${status}`);
      });
      const { rows } = await stats.query<StatementRow>(
        `SELECT query, calls::int, plans::int, total_plan_time AS plan_ms, total_exec_time AS exec_ms
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND query NOT LIKE '%pg_stat_statements%' ORDER BY calls DESC, total_exec_time DESC`,
      );
      const perRequest = rows.reduce((sum, row) => sum + row.calls, 0) / REQUESTS;
      console.log(`\n${label}: ${perRequest.toFixed(2)} statements per request (${REQUESTS} requests)`);
      console.log('calls/req  plans/call  plan µs/call  exec µs/call  statement');
      for (const row of rows) {
        const text = row.query.replace(/\s+/g, ' ').slice(0, 110);
        console.log(
          `${(row.calls / REQUESTS).toFixed(2).padStart(8)}  ${(row.plans / row.calls).toFixed(2).padStart(10)}  ${((row.plan_ms * 1000) / Math.max(1, row.plans)).toFixed(1).padStart(12)}  ${((row.exec_ms * 1000) / row.calls).toFixed(1).padStart(12)}  ${text}`,
        );
      }
    }
  } finally {
    await stats.end();
    await server.stop();
  }
} finally {
  await postgres.stop();
}

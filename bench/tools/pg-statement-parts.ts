// `node --import tsx bench/tools/pg-statement-parts.ts`: what a purchase's one statement costs its PostgreSQL backend,
// and what each part of it costs (issue 46). The server runs in this process on an embedded PostgreSQL; a purchase's
// statement is captured as sent, then run again and again on one connection (nothing else running), whole and with
// parts taken out, and the backend's CPU read from /proc. Not part of `npm run bench`.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { start } from '../../server/start';
import { ApiClient, purchaseBody } from '../lib/client';
import { startEmbeddedPostgres } from '../../tests/support/embedded-postgres';

const N = Number(process.env.PARTS_RUNS ?? 2000);
const postgres = await startEmbeddedPostgres('blockspin-parts-');
const server = await start({
  port: 0,
  host: '127.0.0.1',
  dataDir: mkdtempSync(path.join(tmpdir(), 'blockspin-parts-data-')),
  superAdminUsername: 'admin',
  superAdminPassword: 'super-admin-password-1',
  logLevel: 'silent',
  staticDir: null,
  rateLimit: false,
  adminSecondFactor: 'optional',
  databaseUrl: postgres.url,
} as Parameters<typeof start>[0]);
const captured: Array<{ text: string; values: unknown[] }> = [];
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  if (config && typeof config === 'object' && 'text' in config) captured.push(config as { text: string; values: unknown[] });
  return (original as (...args: unknown[]) => unknown).call(this, config, ...rest);
} as typeof original;
const client = new ApiClient(server.url);
await client.signup('parts');
const res = await client.call('POST', '/api/purchase-requests', purchaseBody('parts'));
if (res.status !== 201) throw new Error(`${res.status}`);
pg.Client.prototype.query = original;
const statement = captured.find((query) => query.text.includes('INSERT INTO purchase_requests'))!;
const db = new pg.Client({ connectionString: postgres.url });
await db.connect();
const pid = (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
const cpu = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000; // µs
};
async function measure(label: string, text: string, values: unknown[]) {
  const name = `parts_${label.replace(/\W+/g, '_')}`;
  for (let i = 0; i < 200; i++) await db.query({ name, text, values });
  const before = cpu();
  for (let i = 0; i < N; i++) await db.query({ name, text, values });
  console.log(`${((cpu() - before) / N).toFixed(0).padStart(5)} µs  ${label}`);
}
const { text, values } = statement;
if (process.env.PARTS_PERF) {
  // A long run of the whole statement on ten connections, for \`perf record\` from outside.
  const clients = await Promise.all(
    Array.from({ length: 10 }, async () => {
      const c = new pg.Client({ connectionString: postgres.url });
      await c.connect();
      return c;
    }),
  );
  console.log('running');
  const until = Date.now() + Number(process.env.PARTS_PERF) * 1000;
  await Promise.all(
    clients.map(async (c) => {
      while (Date.now() < until) await c.query({ name: 'perf', text, values });
    }),
  );
  for (const c of clients) await c.end();
}
await measure('SELECT 1 (a round trip)', 'SELECT $1::int', [1]);
await measure('the whole statement', text, values);
await db.query('CREATE TABLE parts_scratch (id serial PRIMARY KEY, x integer)');
await measure('a one-row insert (its commit)', 'INSERT INTO parts_scratch (x) VALUES ($1)', [1]);
await measure('without pg_notify', text.replace(/count\(pg_notify\(([^,]+), /, 'count(length($1 || '), values);
await db.query('SET synchronous_commit = off');
await measure('a one-row insert, no wait for the WAL flush', 'INSERT INTO parts_scratch (x) VALUES ($1)', [1]);
await measure('the whole statement, no wait for the WAL flush', text, values);
await db.query('SET synchronous_commit = on');
// Ten connections at once, as the bench's ten purchases in flight: the same statement, the same requester and items.
const many = await Promise.all(
  Array.from({ length: 10 }, async () => {
    const c = new pg.Client({ connectionString: postgres.url });
    await c.connect();
    const backend = (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    return { c, backend };
  }),
);
const cpuOf = (backend: number) => {
  const fields = readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
};
const runAll = (count: number, sql = text, name = 'parts_many') =>
  Promise.all(
    many.map(({ c }) =>
      (async () => {
        for (let i = 0; i < count; i++) await c.query({ name, text: sql, values });
      })(),
    ),
  );
async function measureMany(label: string, sql: string) {
  const name = `many_${label.replace(/\W+/g, '_')}`;
  await runAll(50, sql, name);
  const before = many.reduce((sum, { backend }) => sum + cpuOf(backend), 0);
  await runAll(N / 10, sql, name);
  const after = many.reduce((sum, { backend }) => sum + cpuOf(backend), 0);
  console.log(`${((after - before) / N).toFixed(0).padStart(5)} µs  ${label}, 10 connections at once`);
}
const withoutNotify = text.replace(/count\(pg_notify\(([^,]+), /, 'count(length($1 || ');
const withoutCatalogued = text.replace(/\), catalogued AS \([\s\S]*?\), keyed AS \(/, '), keyed AS (');
await measureMany('the whole statement', text);
await measureMany('without pg_notify', withoutNotify);
await measureMany('without the catalogue lines', withoutCatalogued);
await measureMany('the whole statement again', text);
if (process.env.PARTS_NO_FKS) {
  // What the statement's foreign keys cost: each checked row runs a query of its own (SPI) in the backend.
  await db.query(`DO $$ DECLARE c record; BEGIN
    FOR c IN SELECT conrelid::regclass AS t, conname FROM pg_constraint WHERE contype = 'f'
      AND conrelid::regclass::text IN ('purchase_requests', 'purchase_request_lines', 'purchase_catalogue_lines') LOOP
      EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', c.t, c.conname);
    END LOOP; END $$`);
  await measure('without foreign keys', text, values);
  await measureMany('without foreign keys', text);
}
for (const { c } of many) await c.end();
await server.stop();
await db.end();
await postgres.stop();
console.log(text);

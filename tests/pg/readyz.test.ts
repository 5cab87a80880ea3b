import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type RunningPostgres } from '../support/embedded-postgres';
import { sample, scrape } from '../support/metrics';
import { startTestServer, type TestServer } from '../support/server';

const probe = async (server: TestServer, path: string) => {
  const answer = await fetch(`${server.url}${path}`);
  return { status: answer.status, body: await answer.json() };
};

// Issue 51. A PostgreSQL of its own: stopping the run's shared one would fail every other test file.
describe('GET /readyz when PostgreSQL stops and starts again', () => {
  let postgres: RunningPostgres;
  let server: TestServer;
  beforeAll(async () => {
    postgres = await startEmbeddedPostgres('blockspin-readyz-pg-');
    server = await startTestServer({ databaseUrl: postgres.url });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await postgres?.stop();
  });

  it('when PostgreSQL is stopped, then /readyz answers 503 and /healthz 200; when it is back, /readyz 200 again', async () => {
    expect(await probe(server, '/readyz')).toMatchObject({ status: 200, body: { ok: true, status: 'ready', engine: 'postgres' } });
    await postgres.halt();
    expect(await probe(server, '/readyz')).toMatchObject({ status: 503, body: { ok: false, status: 'database-unreachable' } });
    // The process itself runs: a supervisor must not restart it for its database.
    expect(await probe(server, '/healthz')).toMatchObject({ status: 200, body: { ok: true } });
    await postgres.resume();
    // The pool replaces the connections the stop closed: the first answers after the restart may still fail.
    await expect.poll(async () => (await probe(server, '/readyz')).status, { timeout: 10_000, interval: 100 }).toBe(200);
  }, 60_000);

  it('when /metrics is read, then the pool is reported: connections by state and queries waiting', async () => {
    const text = await scrape(server.url);
    expect(sample(text, 'blockspin_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(text).toMatch(/^blockspin_db_pool_connections\{state="idle"\} \d+$/m);
    expect(text).toMatch(/^blockspin_db_pool_waiting \d+$/m);
  });
});

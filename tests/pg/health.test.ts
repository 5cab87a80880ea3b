import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type RunningPostgres } from '../support/embedded-postgres';
import { startTestServer, type TestServer } from '../support/server';

const health = async (server: TestServer) => {
  const answer = await fetch(`${server.url}/api/health`);
  return { status: answer.status, body: await answer.json() };
};

// A PostgreSQL of its own: stopping the run's shared one would fail every other test file.
describe('GET /api/health when PostgreSQL stops and starts again', () => {
  let postgres: RunningPostgres;
  let server: TestServer;
  beforeAll(async () => {
    postgres = await startEmbeddedPostgres('blockspin-health-pg-');
    server = await startTestServer({ databaseUrl: postgres.url });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await postgres?.stop();
  });

  it('when PostgreSQL is stopped, then health answers 503; when it is back, 200 again without a restart', async () => {
    expect(await health(server)).toMatchObject({ status: 200, body: { ok: true, database: 'ok', engine: 'postgres' } });
    await postgres.halt();
    const down = await health(server);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ ok: false, database: 'unreachable', engine: 'postgres', build: { version: '1.0.0' } });
    await postgres.resume();
    // The pool replaces the connections the stop closed: the first answers after the restart may still fail.
    const until = Date.now() + 10_000;
    let up = await health(server);
    while (up.status !== 200 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      up = await health(server);
    }
    expect(up).toMatchObject({ status: 200, body: { ok: true, database: 'ok' } });
  }, 60_000);
});

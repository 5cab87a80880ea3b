import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../support/server';

// PostgreSQL stopped under a running server is in tests/pg/health.test.ts (it needs a PostgreSQL of its own to stop).
describe.skipIf(onPostgres())('GET /api/health when the SQLite handle fails', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('when the database cannot answer, then health answers 503 and still reports the build and uptime', async () => {
    const before = await fetch(`${server.url}/api/health`);
    expect(before.status).toBe(200);
    expect((await before.json()).database).toBe('ok');
    // What a lost disk or a broken file looks like to the process: every query on the handle throws.
    server.engine.sqlite!.close();
    const after = await fetch(`${server.url}/api/health`);
    expect(after.status).toBe(503);
    expect(after.headers.get('cache-control')).toBe('no-store');
    const body = await after.json();
    expect(body).toMatchObject({ ok: false, database: 'unreachable', engine: 'sqlite', build: { version: '1.0.0' } });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });
});

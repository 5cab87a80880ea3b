import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/lib/logger';
import { createProbes } from '../../server/modules/ops/probes';
import { startTestServer, type TestServer } from '../support/server';
import { labelValues, sample, scrape } from '../support/metrics';
import { CART, createPurchase, signUp, useServerWithCast } from './helpers';

// Issue 51 (DESIGN.md §16): what an operator's load balancer and Prometheus read.

// A stand-in for the built client: the probes must never be answered with its page.
const dist = mkdtempSync(path.join(tmpdir(), 'blockspin-dist-'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const { server, cast } = useServerWithCast({ staticDir: dist });

describe('GET /healthz and GET /readyz', () => {
  it('when the server runs, then /healthz answers 200 JSON, never the app page, and never cached', async () => {
    const answer = await fetch(`${server.url}/healthz`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toMatchObject({ ok: true, state: 'ready' });
  });

  it('when the database answers and every migration is applied, then /readyz answers 200 JSON', async () => {
    const answer = await fetch(`${server.url}/readyz`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toMatchObject({ ok: true, status: 'ready' });
  });

  it('when a page of the app is asked, then the app page still answers it (the probes took only their own paths)', async () => {
    const answer = await fetch(`${server.url}/my-activity`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<div id="root">');
  });
});

describe('GET /readyz through the life of a process', () => {
  it('when the process is starting, ready, then draining, then /readyz answers 503, 200, then 503 (and /healthz 200 throughout)', async () => {
    // The probes over the test server's database, in an app of their own whose life the test steps through.
    const probes = createProbes(server.engine, createLogger('silent'));
    const app = express().use(probes.router);
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    const read = async (path: string) => {
      const answer = await fetch(`${base}${path}`);
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };
    try {
      expect(await read('/readyz')).toMatchObject({ status: 503, body: { ok: false, status: 'starting' } });
      expect(await read('/healthz')).toMatchObject({ status: 200, body: { state: 'starting' } });
      probes.ready();
      expect(await read('/readyz')).toMatchObject({ status: 200, body: { ok: true, status: 'ready' } });
      probes.draining();
      expect(await read('/readyz')).toMatchObject({ status: 503, body: { ok: false, status: 'draining' } });
      expect(await read('/healthz')).toMatchObject({ status: 200, body: { state: 'draining' } });
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});

describe('GET /readyz when a migration is missing', () => {
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer();
  });
  afterAll(() => own.close());

  it('when a migration on disk is not recorded as applied, then /readyz answers 503 migrations-pending', async () => {
    // As after a deploy whose new code found its migration not applied: the record of the newest one is gone.
    if (own.engine.sqlite) own.engine.sqlite.prepare("DELETE FROM schema_migrations WHERE name = '030-alert-log.sql'").run();
    else await own.engine.pool!.query("DELETE FROM schema_migrations WHERE name = '030-alert-log.sql'");
    const answer = await fetch(`${own.url}/readyz`);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ ok: false, status: 'migrations-pending' });
    expect((await fetch(`${own.url}/healthz`)).status).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('when asked from loopback without METRICS_TOKEN, then it answers Prometheus text', async () => {
    const answer = await fetch(`${server.url}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'blockspin_http_request_duration_seconds_bucket',
      'blockspin_http_open_connections',
      'blockspin_live_sockets',
      'blockspin_push_messages_total',
      'blockspin_idempotent_replays_total',
    ])
      expect(text).toContain(name);
  });

  it('when a proxy on this machine forwards the call and no token is set, then it answers 403', async () => {
    const answer = await fetch(`${server.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ message: 'Metrics are answered only on this machine unless METRICS_TOKEN is set' });
  });

  it('when calls were made, then durations are labelled by route pattern, never by a URL with an id or by a user', async () => {
    const request = await createPurchase(cast.alice);
    expect((await cast.alice.get(`/api/purchase-requests/${request.id}/history`)).status).toBeLessThan(500);
    await cast.alice.get('/no/such/page/12345');
    const text = await scrape(server.url);
    expect(
      sample(text, 'blockspin_http_request_duration_seconds_count', { method: 'POST', route: '/api/purchase-requests' }),
    ).toBeGreaterThan(0);
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]!));
    for (const route of routes) expect(route, route).not.toMatch(/\/\d+(\/|$)/);
    expect(routes).not.toContain('/no/such/page/12345');
    for (const value of labelValues(text)) {
      expect(value).not.toContain('alice');
      expect(value).not.toContain('@');
    }
  });

  // Debian's prometheus package ships promtool; .ci/run installs it.
  const promtool = '/usr/bin/promtool';
  it.skipIf(!existsSync(promtool))(
    'when promtool checks the output, then it finds no problem (skipped without /usr/bin/promtool)',
    async () => {
      await signUp(server, 'metrics-reader');
      await cast.alice.post('/api/purchase-requests', CART, { 'Idempotency-Key': 'promtool-1' });
      const text = await scrape(server.url);
      const checked = spawnSync(promtool, ['check', 'metrics'], { input: text, encoding: 'utf8' });
      expect(checked.stdout + checked.stderr).toBe('');
      expect(checked.status).toBe(0);
    },
  );
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer({ metricsToken: 'scrape-secret-1' });
  });
  afterAll(() => own.close());

  it('when the bearer token is missing or wrong, then 401; when it is right, then the metrics', async () => {
    expect((await fetch(`${own.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${own.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const text = await scrape(own.url, 'scrape-secret-1');
    expect(text).toContain('blockspin_http_request_duration_seconds');
  });
});

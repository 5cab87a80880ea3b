import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { startWebhookSink, type WebhookSink } from '../support/webhook-sink';
import { sample, scrape } from '../support/metrics';
import { createCast, createPurchase, submitItem, type Cast } from './helpers';

// Issue 51: admin alerts where admins already are, to a Discord-compatible webhook over https (a local sink with its own
// certificate). Each event is posted once, 5xx and no answer are retried with backoff, a 4xx is not.

let sink: WebhookSink;
let server: TestServer;
/** The first server, stopped by the restart test: closed last, it drops the database and the data folder both used. */
let first: TestServer | null = null;
let cast: Cast;
/** The first server's data folder (and PostgreSQL database): every later server of this file opens the same. */
let database: { dataDir: string; databaseUrl?: string };
const config = () => ({
  alertWebhookUrl: sink.url,
  alertWebhookHosts: ['127.0.0.1'],
  alertWebhookCa: sink.ca,
  alertRetryBaseMs: 20,
  testClock: true,
  immediateWindowMs: 60 * 60_000,
  promiseGraceMs: 15 * 60_000,
  // The scan runs when a test asks (runAlertScan), not on its own.
  promiseCheckIntervalMs: 3600_000,
});
beforeAll(async () => {
  sink = await startWebhookSink();
  server = await startTestServer(config());
  database = { dataDir: server.dataDir, ...(server.databaseUrl ? { databaseUrl: server.databaseUrl } : {}) };
  cast = await createCast(server);
});
afterAll(async () => {
  await server?.close();
  await first?.close();
  await sink?.close();
});

const settled = () => server.ops.alertsSettled();
const moveClock = async (advanceMs: number) => expect((await cast.admin.post('/api/test/clock', { advanceMs })).status).toBe(200);

describe('alerts to ALERT_WEBHOOK_URL', () => {
  it('when a player makes a purchase request, then the webhook gets it once, with a link into the app and no mention', async () => {
    const request = await createPurchase(cast.alice);
    await settled();
    const posts = sink.about(`Request #${request.id}:`);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      content: `**New purchase request**: Request #${request.id}: 3 items, $6.99.`,
      embeds: [
        { title: 'New purchase request', description: `Request #${request.id}: 3 items, $6.99.`, url: `${server.url}/admin/pending` },
      ],
      allowed_mentions: { parse: [] },
    });
    // The player is not named: the channel may be seen by more people than the app.
    expect(JSON.stringify(posts[0]!.body)).not.toContain('alice');
  });

  it('when a player submits an item, then the webhook gets it once', async () => {
    const submission = await submitItem(cast.bob);
    await settled();
    expect(sink.about(`Submission #${submission.id}:`).map((post) => post.body.embeds?.[0]?.url)).toEqual([
      `${server.url}/admin/submissions`,
    ]);
  });

  it('when the webhook answers 503 twice, then the alert is tried again with backoff and arrives once', async () => {
    sink.plan(503, 503);
    const request = await createPurchase(cast.bob);
    await settled();
    expect(sink.about(`Request #${request.id}:`).map((post) => post.status)).toEqual([503, 503, 204]);
  });

  it('when the webhook answers 400, then the alert is not tried again', async () => {
    sink.plan(400);
    const text = await scrape(server.url);
    const dropped = sample(text, 'blockspin_alerts_total', { event: 'purchase-request', result: 'dropped' });
    const request = await createPurchase(cast.bob);
    await settled();
    expect(sink.about(`Request #${request.id}:`).map((post) => post.status)).toEqual([400]);
    expect(sample(await scrape(server.url), 'blockspin_alerts_total', { event: 'purchase-request', result: 'dropped' })).toBe(dropped + 1);
  });

  it('when the webhook does not answer, then the purchase is answered all the same, and the alert arrives once it does', async () => {
    sink.hang();
    let request: { id: number };
    try {
      const started = Date.now();
      request = await createPurchase(cast.alice);
      expect(Date.now() - started).toBeLessThan(2_000);
      await expect.poll(() => sink.about(`Request #${request.id}:`).length).toBe(1);
    } finally {
      // The hung connection is cut: the sender retries it.
      sink.hang(false);
    }
    await settled();
    expect(sink.about(`Request #${request.id}:`).map((post) => post.status)).toEqual(['hung', 204]);
  });

  it('when a promised drop time is 15 minutes away, then missed, then the webhook gets each once, also across a restart', async () => {
    const request = await createPurchase(cast.alice);
    const approved = await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, {
      status: 'approved',
      isImmediateSchedule: true,
    });
    expect(approved.status).toBe(200);
    const drop = `Purchase request #${request.id}: promised for`;
    // Promised within the hour: 50 minutes on, it is 10 minutes away.
    await moveClock(50 * 60_000);
    expect(await server.ops.runAlertScan()).toBe(1);
    expect(await server.ops.runAlertScan()).toBe(0);
    await settled();
    expect(sink.about(drop).map((post) => post.body.embeds?.[0]?.title)).toEqual(['A promised drop time is due']);

    await moveClock(60 * 60_000);
    expect(await server.runPromiseJob()).toBe(1);
    expect(await server.ops.runAlertScan()).toBe(1);
    await settled();
    expect(sink.about(drop).map((post) => post.body.embeds?.[0]?.title)).toEqual([
      'A promised drop time is due',
      'A promised drop time was missed',
    ]);

    // A restart on the same database scans at once: what was told is not told again.
    first = server;
    await server.stop();
    const again = await startTestServer({ ...config(), ...database });
    try {
      expect(await again.ops.runAlertScan()).toBe(0);
      await again.ops.alertsSettled();
      expect(sink.about(drop)).toHaveLength(2);
    } finally {
      await again.stop();
    }
    server = await startTestServer({ ...config(), ...database });
    cast = await createCast(server, 'r-');
  });

  it('when two processes on one database scan at once, then one of them posts each alert', async () => {
    const second = await startTestServer({
      ...config(),
      ...database,
    });
    try {
      const request = await createPurchase(cast.bob);
      expect(
        (await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, { status: 'approved', isImmediateSchedule: true })).status,
      ).toBe(200);
      await moveClock(50 * 60_000);
      const posted = await Promise.all([server.ops.runAlertScan(), second.ops.runAlertScan(), server.ops.runAlertScan()]);
      // At most one of these scans posts it: a process's own periodic scan may have claimed it first (a busy machine
      // did once). What counts is below: the webhook got it exactly once.
      expect(posted.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(1);
      await Promise.all([settled(), second.ops.alertsSettled()]);
      expect(sink.about(`Purchase request #${request.id}: promised for`)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('when a player disputes a no-show, then the webhook gets the dispute once', async () => {
    const request = await createPurchase(cast.alice);
    expect(
      (await cast.admin.patch(`/api/purchase-requests/${request.id}/status`, { status: 'approved', isImmediateSchedule: true })).status,
    ).toBe(200);
    await moveClock(61 * 60_000);
    const noShow = await cast.admin.patch(`/api/purchase-requests/${request.id}/no-show`, { expectedStatus: 'approved' });
    expect(noShow.status, JSON.stringify(noShow.body)).toBe(200);
    const dispute = await cast.alice.post('/api/disputes', {
      subjectType: 'purchase-request',
      subjectId: request.id,
      reason: 'I was there',
    });
    expect(dispute.status, JSON.stringify(dispute.body)).toBe(201);
    expect(await server.ops.runAlertScan()).toBe(1);
    expect(await server.ops.runAlertScan()).toBe(0);
    await settled();
    const posts = sink.about(`Purchase request #${request.id}: the player disputes`);
    expect(posts.map((post) => post.body.embeds?.[0]?.url)).toEqual([`${server.url}/admin`]);
  });
});

import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (DESIGN.md §16). One registry per process: every counter counts what this process
 * did since it started, and a scraper reads each process (each sums itself). No label holds a user, an email or a
 * record's id: labels are route patterns, record kinds, statuses and results, a small fixed set each.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });
// Gauges named like counters, which promtool's lint refuses; their per-type siblings (nodejs_active_handles{type}) stay.
for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
  registry.removeSingleMetric(name);

const registers = [registry];

/** What a running server lends the gauges read at scrape time (tests run several servers in one process: they add up). */
export interface GaugeSource {
  /** Open HTTP connections (keep-alive and upgraded ones included). */
  connections(): Promise<number>;
  /** Open live-update sockets (/ws). */
  liveSockets(): number;
  /** The PostgreSQL pool, when the server runs on PostgreSQL. */
  pool: Pool | null;
}
const sources = new Set<GaugeSource>();

/** Adds a server's gauges until the returned function removes them. */
export function addGaugeSource(source: GaugeSource): () => void {
  sources.add(source);
  return () => void sources.delete(source);
}

export const requestDuration = new Histogram({
  name: 'blockspin_http_request_duration_seconds',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

new Gauge({
  name: 'blockspin_http_open_connections',
  help: 'HTTP connections open to this process (keep-alive and upgraded ones included)',
  registers,
  async collect() {
    let total = 0;
    for (const source of sources) total += await source.connections();
    this.set(total);
  },
});

new Gauge({
  name: 'blockspin_live_sockets',
  help: 'Live-update sockets (/ws) open on this process',
  registers,
  collect() {
    let total = 0;
    for (const source of sources) total += source.liveSockets();
    this.set(total);
  },
});

new Gauge({
  name: 'blockspin_db_pool_connections',
  help: "PostgreSQL connections this process's pool holds, by state (total, idle); absent on SQLite",
  labelNames: ['state'] as const,
  registers,
  collect() {
    const pools = [...sources].flatMap((source) => (source.pool ? [source.pool] : []));
    this.reset();
    if (pools.length === 0) return;
    this.set(
      { state: 'total' },
      pools.reduce((sum, pool) => sum + pool.totalCount, 0),
    );
    this.set(
      { state: 'idle' },
      pools.reduce((sum, pool) => sum + pool.idleCount, 0),
    );
  },
});

new Gauge({
  name: 'blockspin_db_pool_waiting',
  help: 'Queries waiting for a PostgreSQL connection from the pool; absent on SQLite',
  registers,
  collect() {
    const pools = [...sources].flatMap((source) => (source.pool ? [source.pool] : []));
    this.reset();
    if (pools.length > 0) this.set(pools.reduce((sum, pool) => sum + pool.waitingCount, 0));
  },
});

/** Purchase requests, submissions, sell requests and pickups: `created`, then each status they moved to (committed). */
export const recordOutcomes = new Counter({
  name: 'blockspin_records_total',
  help: 'Records created (outcome="created") and moved to a status (outcome=the status), by record kind',
  labelNames: ['kind', 'outcome'] as const,
  registers,
});

export const promisesClosed = new Counter({
  name: 'blockspin_promises_closed_total',
  help: 'Promised drop and pickup times closed, by outcome (kept, missed, no-show, rescheduled, withdrawn)',
  labelNames: ['outcome'] as const,
  registers,
});

export const creditGranted = new Counter({
  name: 'blockspin_credit_granted_cents_total',
  help: 'Store credit granted, in cents, by ledger kind (missed-drop, missed-pickup, adjustment, …)',
  labelNames: ['kind'] as const,
  registers,
});

export const pushes = new Counter({
  name: 'blockspin_push_messages_total',
  help: 'Web Push messages posted to a push service, one per try, by result (sent; gone: the device was deleted; failed)',
  labelNames: ['result'] as const,
  registers,
});

export const idempotentReplays = new Counter({
  name: 'blockspin_idempotent_replays_total',
  help: 'State-changing calls answered from an earlier answer stored under their Idempotency-Key (a client retry)',
  registers,
});

export const alerts = new Counter({
  name: 'blockspin_alerts_total',
  help: 'Admin alerts posted to ALERT_WEBHOOK_URL, by event and result (sent, failed: one per try, dropped: queue full or given up)',
  labelNames: ['event', 'result'] as const,
  registers,
});

/** Every counter starts at 0 for each label set it will carry, so a rate() sees its first increase. */
for (const result of ['sent', 'gone', 'failed']) pushes.inc({ result }, 0);
idempotentReplays.inc(0);

/** The metrics as Prometheus text (with its content type). */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}

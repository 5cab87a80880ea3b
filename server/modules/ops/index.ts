import type { Server } from 'node:http';
import express, { type RequestHandler, type Router } from 'express';
import type { SocketMessageJson as SocketMessage } from '../../../src/domain/socket-messages';
import type { Config } from '../../config';
import type { Engine } from '../../db/engine';
import type { Logger } from '../../lib/logger';
import { now as clockNow, nowIso } from '../../lib/time';
import type { Hub } from '../../realtime/hub';
import { alertLog } from './alerts/alert-log';
import { alertForMessage, alertsDue, webhookBody, type Alert } from './alerts/events';
import { createWebhookSender } from './alerts/webhook';
import { addGaugeSource, recordOutcomes } from './metrics';
import { metricsRoute } from './metrics-route';
import { createProbes } from './probes';
import { measureRequests } from './request-metrics';

/** Alert claims are kept this long; every scan looks back far less. */
const ALERT_LOG_KEEP_MS = 30 * 24 * 3600_000;

/** The record kind each creating message counts under (blockspin_records_total{outcome="created"}). */
const CREATED: Partial<Record<SocketMessage['type'], string>> = {
  NEW_PURCHASE_REQUEST: 'purchase-request',
  NEW_ITEM_SUBMISSION: 'submission',
  NEW_SELL_REQUEST: 'sell-request',
  NEW_SCHEDULED_PICKUP: 'pickup',
};

export interface OpsDeps {
  engine: Engine;
  config: Config;
  logger: Logger;
  /** The app's address for links in alerts: PUBLIC_ORIGIN, else where the server listens. */
  origin: () => string;
}

/** `hub`, with every message it publishes handed to `observe` once it commits (never for a rollback). */
function observed(hub: Hub, observe: (message: SocketMessage) => void): Hub {
  return {
    ...hub,
    publish(message, audience, ownerMessage, within) {
      hub.publish(message, audience, ownerMessage, within);
      if (within) within.afterCommit(() => observe(message));
      else observe(message);
    },
  };
}

/**
 * Runs `runAlertScan` every `intervalMs` (and once now), one scan at a time across the processes (`exclusive`); the
 * first also prunes the alert log of what is older than it keeps. Answers how to stop.
 */
function startAlertScan(
  { engine, logger }: Pick<OpsDeps, 'engine' | 'logger'>,
  runAlertScan: () => Promise<number>,
  intervalMs: number,
  exclusive: (run: () => Promise<unknown>) => Promise<unknown>,
): () => void {
  let running = false;
  let pruned = false;
  const run = () => {
    if (running) return;
    running = true;
    exclusive(async () => {
      if (!pruned) await alertLog.prune(engine.tx, new Date(clockNow().getTime() - ALERT_LOG_KEEP_MS).toISOString());
      pruned = true;
      await runAlertScan();
    })
      .catch((error: unknown) => logger.error({ err: error }, 'the alert scan failed; it runs again shortly'))
      .finally(() => (running = false));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Operating the server (issue 51, DESIGN.md §16): the probes, /metrics, the request timer, and admin alerts to
 * ALERT_WEBHOOK_URL. Alerts are claimed in alert_log before they are posted, so one event is posted once by one
 * process; a process that stops between the claim and the post loses that alert (at most once, never twice).
 */
export function createOps({ engine, config, logger, origin }: OpsDeps) {
  const probes = createProbes(engine, logger);
  const sender = config.alertWebhookUrl
    ? createWebhookSender({ url: config.alertWebhookUrl, logger, ca: config.alertWebhookCa, retryBaseMs: config.alertRetryBaseMs })
    : null;
  let stopGauges = () => {};
  /** Claims under way (tests wait for them before they wait for the webhook). */
  const claiming = new Set<Promise<unknown>>();

  const routes: Router = express.Router();
  routes.use(probes.router);
  routes.get('/metrics', metricsRoute(config.metricsToken));

  /** Claims the alert and queues it; answers whether this process is the one that posts it. */
  async function offer(alert: Alert): Promise<boolean> {
    if (!sender || !(await alertLog.claim(engine.tx, alert.key, alert.event, nowIso()))) return false;
    sender.enqueue(alert.event, webhookBody(alert, origin()));
    return true;
  }

  /** A committed change as the sockets are told of it: counted, and told to the admins' channel when it is new work. */
  function observe(message: SocketMessage) {
    const kind = CREATED[message.type];
    if (kind) recordOutcomes.inc({ kind, outcome: 'created' });
    const alert = sender ? alertForMessage(message) : null;
    if (!alert) return;
    const claim: Promise<unknown> = offer(alert)
      .catch((error: unknown) => logger.error({ err: error, event: alert.event }, 'an alert could not be claimed'))
      .finally(() => claiming.delete(claim));
    claiming.add(claim);
  }

  async function runAlertScan(now = clockNow()): Promise<number> {
    if (!sender) return 0;
    let posted = 0;
    for (const alert of await alertsDue(engine.tx, now, config.storeTimeZone)) if (await offer(alert)) posted += 1;
    return posted;
  }

  return {
    /** /healthz, /readyz and /metrics: mounted before the API, the static files and the request log. */
    routes,
    /** Times every request (blockspin_http_request_duration_seconds). */
    measure: measureRequests() as RequestHandler,
    /** The hub the services publish to, observed once each change commits (never for a rollback). */
    watch: (hub: Hub): Hub => observed(hub, observe),
    /** Posts what is due now (promises due or missed, disputes); answers how many this process posted. */
    runAlertScan,
    /** Scans every `intervalMs` (and once now) while ALERT_WEBHOOK_URL is set; answers how to stop. */
    startAlertScan: (intervalMs: number, exclusive: (run: () => Promise<unknown>) => Promise<unknown>): (() => void) =>
      sender ? startAlertScan({ engine, logger }, runAlertScan, intervalMs, exclusive) : () => {},
    /** The listener is open: /readyz may answer 200, and the gauges read this server. */
    listening(server: Server, liveSockets: () => number) {
      stopGauges = addGaugeSource({
        connections: () => new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count))),
        liveSockets,
        pool: engine.pool ?? null,
      });
      probes.ready();
    },
    /** Stopping: /readyz answers 503 from now on. */
    draining: () => probes.draining(),
    /** Alerts waiting to be posted are dropped; the gauges forget this server. */
    close() {
      sender?.close();
      stopGauges();
    },
    /** Resolves once no alert waits (tests). */
    async alertsSettled() {
      while (claiming.size > 0) await Promise.all(claiming);
      await sender?.settled();
    },
  };
}
export type Ops = ReturnType<typeof createOps>;

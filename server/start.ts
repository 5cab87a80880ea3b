import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type CreatedApp } from './app';
import type { Ops } from './modules/ops';
import { DEFAULT_CONFIG, type Config } from './config';
import { openDatabase } from './db/connection';
import { createDurability, type Durability } from './db/durability';
import { postgresEngine } from './db/postgres';
import { sqliteEngine } from './db/sqlite';
import type { Engine } from './db/engine';
import { migrate, migratePostgres } from './db/migrate';
import { createAppServer } from './lib/http-server';
import { createLogger, type Logger } from './lib/logger';
import type { Hub } from './realtime/hub';
import { createSocketHub } from './wiring/socket-hub';
import { startBackgroundJobs } from './wiring/background-jobs';
import { idempotencyRepository } from './modules/idempotency/repository';

export interface RunningServer {
  url: string;
  port: number;
  /** The one-time link that sets the super admin's password, when the account has none yet (else null). */
  setupLink: string | null;
  /** The database this process runs on (tests make it fail, the backup reads it). */
  engine: Engine;
  /** Runs the missed-promise job once as if it were `now` (tests: time passes without waiting for it). */
  runPromiseJob(now?: Date): Promise<number>;
  /** Probes, metrics and admin alerts (tests run the alert scan and wait for the webhook through it). */
  ops: Ops;
  stop(): Promise<void>;
}

/** How long open requests get to finish on stop before their connections are cut. */
const STOP_GRACE_MS = 5_000;

/** Every commit on PostgreSQL is durable when it returns: nothing to wait for before answering. */
const COMMITTED: Durability = { flush: async () => {}, close: async () => {} };

/** PostgreSQL when DATABASE_URL names one, else the SQLite file in DATA_DIR; migrated either way. */
async function openEngine(config: Config, logger: Logger): Promise<{ engine: Engine; durability: Durability }> {
  if (config.databaseUrl) {
    const engine = postgresEngine(config.databaseUrl, config.databasePoolSize, (error) =>
      logger.warn({ err: error }, 'PostgreSQL closed an idle connection; the next query opens another'),
    );
    try {
      const applied = await migratePostgres(engine.pool!);
      if (applied.length > 0) logger.info({ applied }, 'database migrated');
    } catch (error) {
      await engine.close();
      throw error;
    }
    return { engine, durability: COMMITTED };
  }
  const db = openDatabase(config.dataDir);
  const applied = migrate(db);
  if (applied.length > 0) logger.info({ applied }, 'database migrated');
  return { engine: sqliteEngine(db), durability: createDurability(db) };
}

/** Listens on the configured host and port; the address to print (a wildcard host shown as localhost). */
async function listenOn(server: Server, config: Config): Promise<{ url: string; port: number }> {
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return { url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`, port };
}

/** The one-time link that sets the super admin's password, when the account has none yet (else null). */
function setupLinkFor(setup: { token: string; username: string } | null, config: Config, url: string, logger: Logger): string | null {
  if (!setup) return null;
  const origin = config.publicOrigin?.replace(/\/$/, '') ?? url;
  logger.warn({ username: setup.username }, 'the super admin has no password yet: open the one-time link printed on stdout');
  return `${origin}/change-password?token=${encodeURIComponent(setup.token)}&username=${encodeURIComponent(setup.username)}`;
}

/** What a stop closes, in order. */
interface Running {
  config: Config;
  logger: Logger;
  server: Server;
  hub: Hub;
  engine: Engine;
  durability: Durability;
  app: CreatedApp;
  stopJobs: () => void;
}

/** Drains, stops accepting, lets open requests finish (briefly), closes sockets, then the database. */
async function stopServer({ config, logger, server, hub, engine, durability, app, stopJobs }: Running): Promise<void> {
  // A balancer reads /readyz 503 and stops sending before the listener closes (SHUTDOWN_DRAIN_SECONDS, issue 51).
  app.ops.draining();
  if (config.shutdownDrainMs > 0) await new Promise((done) => setTimeout(done, config.shutdownDrainMs));
  stopJobs();
  app.ops.close();
  const closed = new Promise<void>((done) => server.close(() => done()));
  hub.close();
  app.stopPush();
  app.closeMail();
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
  await closed;
  clearTimeout(timer);
  await app.bus?.close();
  await hub.delivered();
  await durability.close();
  await engine.close();
  engine.sqlite?.close();
  logger.info('stopped');
}

/** Opens the database, migrates, ensures the super admin, and serves app + API + socket. */
export async function start(overrides: Partial<Config> = {}): Promise<RunningServer> {
  const config: Config = { ...DEFAULT_CONFIG, ...overrides };
  const logger = createLogger(config.logLevel);
  const { engine, durability } = await openEngine(config, logger);
  const { hub, bindSessions } = createSocketHub(config, logger, engine, durability);
  const app = createApp({ engine, durability, config, hub, logger });
  bindSessions(app.authService, app.secondFactor);

  await app.authService.deleteExpiredSessions();
  // Idempotency records only need to outlive a client's retries (an offline outbox may wait days).
  await idempotencyRepository.deleteOlderThan(engine.tx, new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString());
  const setup = await app.authService.ensureSuperAdmin(config.superAdminUsername, config.superAdminPassword);
  // The catalogue from the specification, on the first start only (issue 49).
  if (await app.catalogueService.seedIfEmpty()) logger.info('catalogue seeded from the specification');
  await durability.flush();
  const stopJobs = await startBackgroundJobs(engine, config, logger, app);

  await app.bus?.ready();
  const server: Server = createAppServer(app.app);
  hub.attach(server);
  const { url, port } = await listenOn(server, config);
  const setupLink = setupLinkFor(setup, config, url, logger);
  app.setLinkOrigin(url);
  app.ops.listening(server, () => hub.clientCount());
  logger.info({ url }, 'listening');

  let stopping: Promise<void> | null = null;
  return {
    url,
    port,
    setupLink,
    engine,
    runPromiseJob: (now) => app.promisesService.runDue(now),
    ops: app.ops,
    stop: () => (stopping ??= stopServer({ config, logger, server, hub, engine, durability, app, stopJobs })),
  };
}

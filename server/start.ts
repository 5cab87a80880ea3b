import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import type { Ops } from './modules/ops';
import { DEFAULT_CONFIG, type Config } from './config';
import { openDatabase } from './db/connection';
import { createDurability, type Durability } from './db/durability';
import { postgresEngine, runExclusive } from './db/postgres';
import { sqliteEngine } from './db/sqlite';
import type { Engine } from './db/engine';
import { migrate, migratePostgres } from './db/migrate';
import { createAppServer } from './lib/http-server';
import { createLogger, type Logger } from './lib/logger';
import { scheduleBackups } from './backup';
import { startPromiseJob } from './modules/promises/job';
import { readCookie, SESSION_COOKIE } from './modules/auth/session-cookie';
import { createUsersRepository, toAuthUser } from './modules/users/repository';
import { createHub } from './realtime/hub';
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

/** Opens the database, migrates, ensures the super admin, and serves app + API + socket. */
export async function start(overrides: Partial<Config> = {}): Promise<RunningServer> {
  const config: Config = { ...DEFAULT_CONFIG, ...overrides };
  const logger = createLogger(config.logLevel);
  const { engine, durability } = await openEngine(config, logger);

  const users = createUsersRepository();
  // The hub needs the auth service and the app needs the hub: the hub resolves sessions through a late binding.
  let resolve: (token: string | undefined) => Promise<{ user: { id: number; isAdmin: boolean }; sessionHash: string } | null> = async () =>
    null;
  let isSessionLive: (sessionHash: string) => Promise<boolean> = async () => true;
  let isAdminSession: (sessionHash: string) => Promise<boolean> = async () => false;
  const hub = createHub({
    logger,
    publicOrigin: config.publicOrigin,
    durable: () => durability.flush(),
    isSessionLive: (sessionHash) => isSessionLive(sessionHash),
    isAdminSession: (sessionHash) => isAdminSession(sessionHash),
    maxSocketsPerSession: config.maxSocketsPerSession,
    sessionCheckMs: config.socketSessionCheckMs,
    authenticate: async (req) => {
      const session = await resolve(readCookie(req.headers.cookie, SESSION_COOKIE));
      if (!session) return null;
      // An admin's session opens as an admin's only once it passed the second factor (issue 29.9).
      const isAdmin = session.user.isAdmin && (await isAdminSession(session.sessionHash));
      return { userId: session.user.id, sessionHash: session.sessionHash, isAdmin };
    },
    isAdmin: async (userId) => {
      const row = await users.findById(engine.tx, userId);
      return !!row && toAuthUser(row).isAdmin;
    },
  });
  const {
    app,
    authService,
    sweepOrphanImages,
    promisesService,
    stopPush,
    bus,
    secondFactor,
    setLinkOrigin,
    closeMail,
    ops,
    catalogueService,
  } = createApp({
    engine,
    durability,
    config,
    hub,
    logger,
  });
  resolve = (token) => authService.resolve(token);
  isSessionLive = (sessionHash) => authService.isSessionLive(sessionHash, { stored: true });
  isAdminSession = (sessionHash) => secondFactor.sessionMayAdmin(sessionHash);

  await authService.deleteExpiredSessions();
  // Idempotency records only need to outlive a client's retries (an offline outbox may wait days).
  await idempotencyRepository.deleteOlderThan(engine.tx, new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString());
  const setup = await authService.ensureSuperAdmin(config.superAdminUsername, config.superAdminPassword);
  // The catalogue from the specification, on the first start only (issue 49).
  if (await catalogueService.seedIfEmpty()) logger.info('catalogue seeded from the specification');
  await durability.flush();

  // Photos written by an upload that a crash cut off before its row was committed: nobody can see or delete them.
  // On PostgreSQL every process runs the same timers; one at a time does the work.
  const exclusive =
    (name: string) =>
    <T>(run: () => Promise<T>): Promise<T | null> =>
      engine.pool ? runExclusive(engine.pool, `blockspin:${name}`, run) : run();
  const sweep = async () => {
    try {
      const deleted = (await exclusive('orphan-sweep')(sweepOrphanImages)) ?? [];
      if (deleted.length > 0) logger.info({ deleted }, 'deleted stored photos that no record names');
    } catch (error) {
      logger.error({ err: error }, 'the sweep of unnamed photos failed');
    }
  };
  await sweep();
  const sweeper = setInterval(sweep, config.orphanSweepIntervalMs);
  sweeper.unref();
  // Missed promises are credited by the server itself: once now (those missed while it was down), then continually.
  const stopPromiseJob = startPromiseJob(promisesService, config.promiseCheckIntervalMs, logger, exclusive('promise-job'));
  const stopBackups =
    config.backupIntervalMs > 0
      ? scheduleBackups(engine, config.dataDir, { ...config, intervalMs: config.backupIntervalMs }, logger, exclusive('backup'))
      : () => {};
  // Admin alerts of promises due or missed and of disputes (issue 51), at the missed-promise job's pace.
  const stopAlertScan = ops.startAlertScan(config.promiseCheckIntervalMs, exclusive('alert-scan'));

  await bus?.ready();
  const server: Server = createAppServer(app);
  hub.attach(server);
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;

  let setupLink: string | null = null;
  if (setup) {
    const origin = config.publicOrigin?.replace(/\/$/, '') ?? url;
    setupLink = `${origin}/change-password?token=${encodeURIComponent(setup.token)}&username=${encodeURIComponent(setup.username)}`;
    logger.warn({ username: setup.username }, 'the super admin has no password yet: open the one-time link printed on stdout');
  }
  setLinkOrigin(url);
  ops.listening(server, () => hub.clientCount());
  logger.info({ url }, 'listening');

  let stopping: Promise<void> | null = null;
  return {
    url,
    port,
    setupLink,
    engine,
    runPromiseJob: (now) => promisesService.runDue(now),
    ops,
    stop() {
      stopping ??= (async () => {
        // A balancer reads /readyz 503 and stops sending before the listener closes (SHUTDOWN_DRAIN_SECONDS, issue 51).
        ops.draining();
        if (config.shutdownDrainMs > 0) await new Promise((done) => setTimeout(done, config.shutdownDrainMs));
        // Stop accepting, let open requests finish (briefly), close sockets, then the database.
        clearInterval(sweeper);
        stopPromiseJob();
        stopBackups();
        stopAlertScan();
        ops.close();
        const closed = new Promise<void>((done) => server.close(() => done()));
        hub.close();
        stopPush();
        closeMail();
        server.closeIdleConnections();
        const timer = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
        await closed;
        clearTimeout(timer);
        await bus?.close();
        await hub.delivered();
        await durability.close();
        await engine.close();
        engine.sqlite?.close();
        logger.info('stopped');
      })();
      return stopping;
    },
  };
}

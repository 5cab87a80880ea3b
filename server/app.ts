import compression from 'compression';
import express, { type Express, type Router } from 'express';
import type { Config } from './config';
import type { Engine } from './db/engine';
import { answerWhenDurable, type Durability } from './db/durability';
import { apiNotFound, errorHandler } from './lib/error-handler';
import { answerInReadersLanguage } from './lib/i18n/answer-in-language';
import type { Logger } from './lib/logger';
import { healthCheck } from './lib/health';
import { honourIdempotencyKeys } from './modules/idempotency/keys';
import { refuseDeepJson, MAX_JSON_DEPTH } from './lib/json-depth';
import { requestLogger } from './lib/request-id';
import { refuseCrossSite } from './lib/same-origin';
import { serveApp } from './lib/static';
import { databaseRateLimitStore } from './modules/auth/rate-limit-store';
import { authRoutes } from './modules/auth/routes';
import { createDeviceCookies } from './modules/auth/device-cookie';
import type { AuthService } from './modules/auth/service';
import { readCookie, SESSION_COOKIE } from './modules/auth/session-cookie';
import { conversationRoutes } from './modules/conversations/routes';
import { creditRoutes } from './modules/credit/routes';
import type { PromisesService } from './modules/promises/service';
import { historyRoutes } from './modules/history/routes';
import { imageRoutes } from './modules/images/routes';
import { pickupRoutes } from './modules/pickups/routes';
import { calendarRoutes } from './modules/calendar/routes';
import { purchaseRoutes } from './modules/purchases/routes';
import { submissionRoutes } from './modules/submissions/routes';
import { signinAdminRoutes, signinRoutes } from './modules/signin/routes';
import type { SecondFactorService } from './modules/signin/second-factor';
import { adminRoutes, contactRoutes } from './modules/users/routes';
import { businessRoutes, storeRoutes } from './modules/business/routes';
import type { Ops } from './modules/ops';
import { inboxRoutes } from './modules/inbox/routes';
import { testClockRoutes } from './modules/clock/routes';
import { dealRoutes } from './modules/deals/routes';
import type { CatalogueService } from './modules/catalogue/service';
import { catalogueRoutes } from './modules/catalogue/routes';
import type { Hub } from './realtime/hub';
import type { Bus } from './realtime/bus';
import { readBodies } from './wiring/bodies';
import { securityHeaders } from './wiring/security-headers';
import { createServices } from './wiring/services';
import { resolveSession } from './wiring/session';

export interface AppDeps {
  engine: Engine;
  /** Group commit: answers to writes wait for it. */
  durability: Durability;
  config: Config;
  hub: Hub;
  logger: Logger;
}

/** Builds the Express app: security headers, JSON, sessions, every API call, errors, and the built client. */
export interface CreatedApp {
  app: Express;
  authService: AuthService;
  catalogueService: CatalogueService;
  /** Deletes stored photos no record names once they are old enough (see ImageStore.sweepOrphans). */
  sweepOrphanImages(): Promise<string[]>;
  /** The promise rules; the server runs its missed-promise job. */
  promisesService: PromisesService;
  /** Stops the push queue (messages still waiting are dropped). */
  stopPush(): void;
  /** Live notes to every process's sockets (PostgreSQL's NOTIFY, or within this process on SQLite). */
  bus: Bus;
  /** Whether an admin's session may act as an admin (the second factor); the socket hub asks it. */
  secondFactor: SecondFactorService;
  /** Where mailed links point when PUBLIC_ORIGIN is not set: the address the server listens on. */
  setLinkOrigin(origin: string): void;
  /** Closes the SMTP connections. */
  closeMail(): void;
  /** Probes, metrics and admin alerts (issue 51): start.ts tells it when the server listens and when it drains. */
  ops: Ops;
}

export function createApp(deps: AppDeps): CreatedApp {
  const { config, logger } = deps;
  const services = createServices(deps);
  const { ops, images, imagesService, push, link } = services;
  const app = express();
  app.disable('x-powered-by');
  // API answers are no-store, so a per-response ETag (a SHA-1 over megabyte lists) buys nothing; static files keep theirs.
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  app.use(ops.measure);
  // The probes and /metrics answer JSON or Prometheus text, never the app's page, and stay out of the request log.
  app.use(ops.routes);
  app.use(requestLogger(logger));
  // Lists of thousands of requests are mostly repeated keys: level 3 gzip makes 6.5 MB about 60 kB in ~10 ms (bench/RESULTS.md).
  // Only reads are compressed: an answer to a write is one small record, so the middleware's wrapping is pure cost there.
  const compress = compression({ level: 3, threshold: 1024 });
  app.use((req, res, next) => (req.method === 'GET' ? compress(req, res, next) : next()));
  app.use(securityHeaders());
  app.use('/api', apiRouter(deps, services));

  if (config.staticDir) app.use(serveApp(config.staticDir, (req) => readCookie(req.headers.cookie, SESSION_COOKIE) !== undefined));
  app.use((_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  app.use(errorHandler(logger));
  const sweepOrphanImages = () => images.sweepOrphans(imagesService.isReferenced, config.orphanImageMinAgeMs);
  const setLinkOrigin = (origin: string) => {
    if (!config.publicOrigin) link.origin = origin;
  };
  return {
    app,
    authService: services.authService,
    sweepOrphanImages,
    promisesService: services.promisesService,
    stopPush: push.close,
    bus: services.bus,
    secondFactor: services.secondFactor,
    setLinkOrigin,
    closeMail: services.mailer.close,
    ops,
    catalogueService: services.catalogueService,
  };
}

/** /api: the reader's language, same-origin, health, the session, the body, durability and keys, then every module's routes. */
function apiRouter({ engine, durability, config, logger }: AppDeps, s: ReturnType<typeof createServices>): Router {
  const { tx } = engine;
  const api = express.Router();
  // Its errors in the reader's language (the session user's, else Accept-Language): first, so every answer passes it.
  api.use(answerInReadersLanguage());
  api.use(refuseCrossSite(config.publicOrigin));
  // Before the session and the body: a load balancer's probe carries neither, and must not wait behind them.
  api.get('/health', healthCheck(engine, logger));
  // The session is known before any body is read, so a photo call without one is refused before it costs memory.
  api.use(resolveSession(s.authService, s.secondFactor));
  api.use(readBodies(config));
  api.use(refuseDeepJson(MAX_JSON_DEPTH));
  api.use(answerWhenDurable(durability, logger));
  api.use(honourIdempotencyKeys(tx, logger));
  // Several processes share one PostgreSQL: their login and signup counters must be shared too.
  const limitStores = engine.name === 'postgres' ? (name: string) => databaseRateLimitStore(tx, name) : null;
  api.use('/marketplace', authRoutes(s.authService, config, createDeviceCookies(tx, s.users), limitStores));
  api.use('/marketplace', signinRoutes({ secondFactor: s.secondFactor, passkeys: s.passkeys, reset: s.reset }, config, limitStores));
  api.use(
    '/marketplace',
    contactRoutes(s.usersService, (userId, asked) => void s.reset.sendVerification(userId, false, asked).catch(() => false)),
  );
  // Before the /admin routers: their guards are the super admin's, and admins change a catalogue item's stock and status.
  api.use(catalogueRoutes(s.catalogueService, s.catalogueCsv));
  api.use(
    '/admin',
    signinAdminRoutes({
      reset: s.reset,
      secondFactor: s.secondFactor,
      endSessions: async (userId, reason) => void (await s.authService.endUserSessions(userId, reason)),
      logger,
    }),
  );
  api.use('/admin', adminRoutes(s.usersService));
  api.use('/admin', businessRoutes(s.businessService));
  api.use('/store', storeRoutes(config));
  api.use(purchaseRoutes(s.purchaseDeps));
  api.use(submissionRoutes(s.submissionsService));
  api.use(pickupRoutes(s.pickupsService));
  api.use(calendarRoutes(s.calendarService));
  api.use(dealRoutes(s.proposalsService, s.disputesService));
  api.use(historyRoutes(s.historyService));
  api.use(creditRoutes(s.creditService));
  api.use(conversationRoutes(s.conversationsService));
  api.use(s.push.routes);
  api.use(inboxRoutes(tx, s.inbox));
  api.use(imageRoutes(s.images, s.imagesService));
  if (config.testClock) api.use(testClockRoutes());
  api.use(apiNotFound);
  return api;
}

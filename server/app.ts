import compression from 'compression';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Config } from './config';
import type { Engine } from './db/engine';
import { noReadCache, postgresReadCache, readCache } from './db/read-cache';
import { answerWhenDurable, type Durability } from './db/durability';
import { apiNotFound, errorHandler } from './lib/error-handler';
import { answerInReadersLanguage } from './lib/i18n/answer-in-language';
import type { Logger } from './lib/logger';
import { healthCheck } from './lib/health';
import { honourIdempotencyKeys } from './modules/idempotency/keys';
import { INLINE_SCRIPT_HASHES } from './lib/inline-scripts';
import { refuseDeepJson, MAX_JSON_DEPTH } from './lib/json-depth';
import { photoGate } from './lib/photo-gate';
import { requestLogger } from './lib/request-id';
import { refuseCrossSite } from './lib/same-origin';
import { serveApp } from './lib/static';
import { createAuthRepository } from './modules/auth/repository';
import { databaseRateLimitStore } from './modules/auth/rate-limit-store';
import { authRoutes } from './modules/auth/routes';
import { createDeviceCookies } from './modules/auth/device-cookie';
import { createHashQueue } from './modules/auth/hash-queue';
import { createAuthService, type AuthService } from './modules/auth/service';
import { readCookie, SESSION_COOKIE } from './modules/auth/session-cookie';
import { createConversationsRepository } from './modules/conversations/repository';
import { conversationRoutes } from './modules/conversations/routes';
import { createConversationsService } from './modules/conversations/service';
import { createCreditRepository } from './modules/credit/repository';
import { creditRoutes } from './modules/credit/routes';
import { createCreditService } from './modules/credit/service';
import { createPromisesRepository } from './modules/promises/repository';
import { createPromisesService, type PromisesService } from './modules/promises/service';
import { createHistoryRepository } from './modules/history/repository';
import { historyRoutes } from './modules/history/routes';
import { createHistoryService } from './modules/history/service';
import { imageRoutes } from './modules/images/routes';
import { createImagesService } from './modules/images/service';
import { createDatabaseImageStore, createImageStore } from './modules/images/store';
import { createPickupsRepository } from './modules/pickups/repository';
import { pickupRoutes } from './modules/pickups/routes';
import { createPickupsService } from './modules/pickups/service';
import { calendarRoutes } from './modules/calendar/routes';
import { createCalendarService } from './modules/calendar/service';
import { createPurchasesRepository } from './modules/purchases/repository';
import { purchaseRoutes } from './modules/purchases/routes';
import { createPurchasesService } from './modules/purchases/service';
import { createSubmissionsRepository } from './modules/submissions/repository';
import { submissionRoutes } from './modules/submissions/routes';
import { createSubmissionsService } from './modules/submissions/service';
import { createUsersRepository, toAuthUser } from './modules/users/repository';
import { createSigninRepository } from './modules/signin/repository';
import { signinAdminRoutes, signinRoutes } from './modules/signin/routes';
import { createMailer } from './modules/signin/mail';
import { createResetService } from './modules/signin/reset';
import { createPasskeysService } from './modules/signin/passkeys';
import { createSecondFactorService, type SecondFactorService } from './modules/signin/second-factor';
import { adminRoutes, contactRoutes } from './modules/users/routes';
import { createUsersService } from './modules/users/service';
import { createBusinessRepository } from './modules/business/repository';
import { businessRoutes, storeRoutes } from './modules/business/routes';
import { createBusinessService } from './modules/business/service';
import { createPush, withPush } from './modules/push';
import { createOps, type Ops } from './modules/ops';
import { createInboxRepository } from './modules/inbox/repository';
import { inboxRoutes } from './modules/inbox/routes';
import { nowIso } from './lib/time';
import { testClockRoutes } from './modules/clock/routes';
import { createDealsRepository } from './modules/deals/repository';
import { dealRoutes } from './modules/deals/routes';
import { createDisputesService } from './modules/deals/disputes-service';
import { createProposalsService } from './modules/promises/proposals-service';
import { createDealSubjects } from './modules/deals/subjects';
import { createCatalogueService, type CatalogueService } from './modules/catalogue/service';
import { createCatalogueCsv } from './modules/catalogue/csv';
import { catalogueRoutes } from './modules/catalogue/routes';
import type { Hub } from './realtime/hub';
import { createLocalBus, createPostgresBus, type Bus, type Carried } from './realtime/bus';
import { listen, withBus, type RecordNote } from './realtime/live';
import { fromCents } from '../src/domain/money';

export interface AppDeps {
  engine: Engine;
  /** Group commit: answers to writes wait for it. */
  durability: Durability;
  config: Config;
  hub: Hub;
  logger: Logger;
}

/** Calls whose body may carry a photo (a sell photo, a handover's proof) go through the photo gate. */
const PHOTO_CALLS: Array<[method: string, path: RegExp]> = [
  ['POST', /^\/api\/(item-submissions|user-sell-requests)\/?$/],
  ['PATCH', /^\/api\/scheduled-pickups\/[^/]+\/complete\/?$/],
  ['PUT', /^\/api\/purchase-requests\/[^/]+\/complete\/?$/],
  ['POST', /^\/api\/conversations\/[^/]+\/[^/]+\/messages\/?$/],
  ['PATCH', /^\/api\/(scheduled-pickups|purchase-requests)\/[^/]+\/no-show\/?$/],
  // A catalogue item's photo (issue 49), and a catalogue's CSV import (up to 2 MB of text).
  ['POST', /^\/api\/admin\/catalogue\/(items|import)\/?$/],
  ['PATCH', /^\/api\/admin\/catalogue\/items\/[^/]+\/?$/],
];
/** The photo calls only admins may make (a handover's proof, a no-show's): a player is refused before taking a photo slot. */
const ADMIN_PHOTO_CALL = /^\/api\/(scheduled-pickups|purchase-requests|admin\/catalogue)\//;
/** A conversation message is mostly text: a small one never waits for a photo slot (the rule for the calls above). */
const MESSAGE_CALL = /^\/api\/conversations\/[^/]+\/[^/]+\/messages\/?$/;
/** Bodies this small go the ordinary way even on a photo call: a handover without a photo takes no photo slot. */
const SMALL_BODY_BYTES = 100 * 1024;
const isPhotoCall = (method: string, url: string) => {
  const pathname = url.split('?')[0];
  return PHOTO_CALLS.some(([m, pattern]) => m === method && pattern.test(pathname));
};
const SMALL_BODY = express.json({ limit: SMALL_BODY_BYTES });
/** A 6 MB photo as a data URL (8 M characters) plus the form's fields. */
const PHOTO_BODY_BYTES = 9 * 1024 * 1024;

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

export function createApp({ engine, durability, config, hub: liveHub, logger }: AppDeps): CreatedApp {
  const { tx } = engine;
  // Lists are kept until the database changes: SQLite's change counter, PostgreSQL's snapshot (any process's commit).
  const cache = engine.sqlite ? readCache(engine.sqlite) : engine.pool ? postgresReadCache(engine.pool) : noReadCache;
  const users = createUsersRepository();
  const inbox = createInboxRepository();
  const push = createPush({
    tx,
    config,
    logger,
    durable: () => durability.flush(),
    isAdmin: async (userId, sessionHash) => {
      const row = await users.findById(tx, userId);
      return !!row && toAuthUser(row).isAdmin && (await secondFactor.sessionMayAdmin(sessionHash));
    },
    isSessionLive: (sessionHash) => authService.isSessionLive(sessionHash),
    recordForPlayer: async (userId, payload) => {
      await inbox.record(tx, userId, payload, nowIso());
    },
    origin: () => linkOrigin,
    // A player's icon counts their unread messages (src/lib/app-badge.ts); an admin's also what is due: left to the app.
    badgeOf: async (userId) => {
      const row = await users.findById(tx, userId);
      const user = row ? toAuthUser(row) : null;
      return user && !user.isAdmin ? (await conversationsService.unread(user)).total : undefined;
    },
  });
  // Every publish and session change is a note heard by every process, this one included (DESIGN.md §12, issue 46):
  // PostgreSQL's NOTIFY when there may be several, else within this process.
  const bus = engine.pool ? createPostgresBus({ url: config.databaseUrl!, pool: engine.pool, logger }) : createLocalBus();
  listen(bus, liveHub, (note) => loadNote(note), logger);
  // Issue 51: each committed change is also counted, and new work told to the admins' webhook (by this process only).
  const ops = createOps({ engine, config, logger, origin: () => linkOrigin });
  const hub = ops.watch(withPush(withBus(liveHub, bus), push.service));
  const auth = createAuthRepository();
  const purchases = createPurchasesRepository(cache);
  const submissions = createSubmissionsRepository(cache);
  const pickups = createPickupsRepository();
  // Every process must serve every photo: on PostgreSQL they are kept in the database itself.
  const images = engine.name === 'postgres' ? createDatabaseImageStore(tx) : createImageStore(config.dataDir);
  const history = createHistoryRepository();

  const hashing = createHashQueue({ concurrency: config.hashConcurrency, maxWaitMs: config.hashWaitMs });
  const authService = createAuthService({ tx, users, auth, hub, logger, hashing });
  const signin = createSigninRepository();
  const secondFactor = createSecondFactorService({
    tx,
    users,
    signin,
    mode: config.adminSecondFactor,
    onPassed: (sessionHash) => hub.refreshSession(sessionHash),
  });
  const passkeys = createPasskeysService({
    tx,
    users,
    auth,
    signin,
    secondFactor,
    logger,
    sessionEnded: (sessionHash) => hub.disconnectSession(sessionHash),
  });
  const mailer = createMailer(config.smtpUrl, config.mailFrom, logger);
  // Links in mail point at PUBLIC_ORIGIN, else at the address the server listens on (set once it does).
  let linkOrigin = config.publicOrigin?.replace(/\/$/, '') ?? '';
  const reset = createResetService({ tx, users, mailer, logger, origin: () => linkOrigin });
  const credit = createCreditRepository();
  const creditService = createCreditService({ tx, credit, users, hub });
  const promises = createPromisesRepository();
  const promisesService = createPromisesService({ tx, promises, credit: creditService, logger, settings: config, tell: push.service.tell });
  const usersService = createUsersService({
    tx,
    users,
    authService,
    hub,
    promiseStats: async () => ({ ...(await promisesService.stats()), ...(await creditService.stats()) }),
    endPromisesOf: (within, userId, actor) => promisesService.endPromisesOf(within, userId, actor),
  });
  const businessService = createBusinessService({ tx, business: createBusinessRepository(), storeTimeZone: config.storeTimeZone });
  const catalogueService = createCatalogueService({ tx, hub, images, timeZone: config.storeTimeZone });
  const catalogueCsv = createCatalogueCsv({ tx, catalogue: catalogueService });
  const purchasesService = createPurchasesService({
    tx,
    purchases,
    users,
    images,
    hub,
    promisesService,
    creditService,
    catalogue: catalogueService,
  });
  const submissionsService = createSubmissionsService({ tx, submissions, users, images, hub, storeTimeZone: config.storeTimeZone });
  const calendarService = createCalendarService({ tx, purchases, pickups, submissions, publicOrigin: config.publicOrigin });
  const pickupsService = createPickupsService({
    tx,
    pickups,
    submissions,
    submissionsService,
    images,
    hub,
    promisesService,
    creditService,
    catalogue: catalogueService,
  });
  const deals = createDealsRepository();
  const dealSubjects = createDealSubjects({ purchases, pickups, submissions, hub });
  const proposalsService = createProposalsService({ tx, promises, subjects: dealSubjects, promisesService, creditService, hub });
  const disputesService = createDisputesService({ tx, deals, subjects: dealSubjects, promisesService, creditService });
  const historyService = createHistoryService({ tx, history, purchases, submissions, pickups });
  const conversationsService = createConversationsService({ tx, conversations: createConversationsRepository(), images, hub });
  /**
   * Who may see a stored photo: a sell photo's submitter, the owner of the record a handover photo proves, or the
   * owner of the deal whose conversation it was sent in.
   */
  const ownerOfImage = async (file: string): Promise<{ ownerId: number | null; everyone?: boolean } | undefined> => {
    const sellPhoto = await submissions.ownerOfImage(tx, file);
    if (sellPhoto) return { ownerId: sellPhoto.submitterId };
    // A catalogue item's photo: everyone signed in sees it (issue 49).
    if (await catalogueService.namesPhoto(file)) return { ownerId: null, everyone: true };
    return (await historyService.ownerOfProof(file)) ?? (await conversationsService.ownerOfPhoto(file));
  };
  const imagesService = createImagesService(ownerOfImage);

  /** A message rebuilt from a note that does not carry it: the record as stored now, to the same audience. */
  async function loadNote(note: RecordNote): Promise<Carried | null> {
    switch (note.type) {
      case 'NEW_PURCHASE_REQUEST':
      case 'PURCHASE_REQUEST_STATUS_UPDATE': {
        const stored = await purchases.find(tx, note.id);
        return stored ? { message: { type: note.type, payload: stored.request }, audience: { ownerId: stored.requesterId } } : null;
      }
      case 'NEW_ITEM_SUBMISSION':
      case 'ITEM_SUBMISSION_STATUS_UPDATE': {
        const stored = await submissions.findSubmission(tx, note.id);
        return stored ? { message: { type: note.type, payload: stored.submission }, audience: { ownerId: stored.submitterId } } : null;
      }
      case 'NEW_SELL_REQUEST':
      case 'SELL_REQUEST_STATUS_UPDATE': {
        const stored = await submissions.findSellRequest(tx, note.id);
        return stored ? { message: { type: note.type, payload: stored.request }, audience: { ownerId: stored.userId } } : null;
      }
      case 'NEW_SCHEDULED_PICKUP':
      case 'PICKUP_STATUS_UPDATE': {
        const pickup = await pickups.find(tx, note.id);
        if (!pickup) return null;
        const stored = await submissions.findSubmission(tx, pickup.submissionId);
        // Admins get the submission object; its owner gets the pickup alone.
        return {
          message: { type: note.type, payload: { ...pickup, submission: stored?.submission ?? null } },
          audience: { ownerId: stored?.submitterId ?? null },
          ownerMessage: { type: note.type, payload: pickup },
        };
      }
      case 'PROPOSAL_UPDATE': {
        const loaded = await proposalsService.loadForBus(note.id);
        if (!loaded) return null;
        return {
          message: { type: 'PROPOSAL_UPDATE', payload: loaded.proposal },
          audience: { ownerId: loaded.ownerId },
          ownerMessage: { type: 'PROPOSAL_UPDATE', payload: loaded.ownerView },
        };
      }
      case 'CREDIT_UPDATE': {
        const user = await users.findById(tx, note.id);
        if (!user) return null;
        const balance = fromCents(await credit.balanceCents(tx, user.id));
        return { message: { type: 'CREDIT_UPDATE', payload: { username: user.username, balance } }, audience: { ownerId: user.id } };
      }
      case 'NEW_MESSAGE':
        return await conversationsService.loadLive(note.id);
      case 'CATALOGUE_UPDATE':
        // The note's id is the catalogue's version: the message is rebuilt from it, to every signed-in socket.
        return { message: { type: 'CATALOGUE_UPDATE', payload: { version: note.id } }, audience: { ownerId: null, everyone: true } };
    }
  }

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
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // Inline, only the appearance script and the drawn pages' after-paint loader, by their hashes.
          scriptSrc: ["'self'", ...INLINE_SCRIPT_HASHES],
          // styled-components injects <style> elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // 'self' covers the same-origin socket (ws/wss) too; no other origin is ever contacted.
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // Sent only over HTTPS (below): on plain HTTP it means nothing, and on localhost it would pin the name to HTTPS.
      strictTransportSecurity: false,
    }),
  );
  app.use((req, res, next) => {
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  });

  const photos = photoGate({
    concurrency: config.photoConcurrency,
    maxBytes: PHOTO_BODY_BYTES,
    bodyTimeoutMs: config.photoBodyTimeoutMs,
    allowed: (req) => !!req.user?.isAdmin || !ADMIN_PHOTO_CALL.test(req.originalUrl),
  });
  const api = express.Router();
  // Its errors in the reader's language (the session user's, else Accept-Language): first, so every answer passes it.
  api.use(answerInReadersLanguage());
  api.use(refuseCrossSite(config.publicOrigin));
  // Before the session and the body: a load balancer's probe carries neither, and must not wait behind them.
  api.get('/health', healthCheck(engine, logger));
  // The session is known before any body is read, so a photo call without one is refused before it costs memory.
  api.use(async (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    const session = await authService.resolve(token);
    if (session) {
      req.user = session.user;
      req.sessionHash = session.sessionHash;
      // An admin's session acts as a player until it passes the second factor; admin calls then say what to do.
      if (session.user.isAdmin && !(await secondFactor.sessionMayAdmin(session.sessionHash))) {
        req.user = { ...session.user, isAdmin: false, isSuperAdmin: false };
        req.secondFactorPending = true;
      }
    } else if (token) {
      const ended = await authService.endedReason(token);
      if (ended) req.sessionEnded = ended;
    }
    next();
  });
  api.use((req, res, next) => {
    const declared = Number(req.headers['content-length']);
    const small =
      Number.isFinite(declared) &&
      declared <= SMALL_BODY_BYTES &&
      (req.method !== 'POST' || MESSAGE_CALL.test(req.originalUrl.split('?')[0]));
    return (isPhotoCall(req.method, req.originalUrl) && !small ? photos.handler : SMALL_BODY)(req, res, next);
  });
  api.use(refuseDeepJson(MAX_JSON_DEPTH));
  api.use(answerWhenDurable(durability, logger));
  api.use(honourIdempotencyKeys(tx, logger));
  // Several processes share one PostgreSQL: their login and signup counters must be shared too.
  const limitStores = engine.name === 'postgres' ? (name: string) => databaseRateLimitStore(tx, name) : null;
  api.use('/marketplace', authRoutes(authService, config, createDeviceCookies(tx, users), limitStores));
  api.use('/marketplace', signinRoutes({ secondFactor, passkeys, reset }, config, limitStores));
  api.use(
    '/marketplace',
    contactRoutes(usersService, (userId, asked) => void reset.sendVerification(userId, false, asked).catch(() => false)),
  );
  // Before the /admin routers: their guards are the super admin's, and admins change a catalogue item's stock and status.
  api.use(catalogueRoutes(catalogueService, catalogueCsv));
  api.use(
    '/admin',
    signinAdminRoutes({
      reset,
      secondFactor,
      endSessions: async (userId, reason) => void (await authService.endUserSessions(userId, reason)),
      logger,
    }),
  );
  api.use('/admin', adminRoutes(usersService));
  api.use('/admin', businessRoutes(businessService));
  api.use('/store', storeRoutes(config));
  api.use(purchaseRoutes(purchasesService));
  api.use(submissionRoutes(submissionsService));
  api.use(pickupRoutes(pickupsService));
  api.use(calendarRoutes(calendarService));
  api.use(dealRoutes(proposalsService, disputesService));
  api.use(historyRoutes(historyService));
  api.use(creditRoutes(creditService));
  api.use(conversationRoutes(conversationsService));
  api.use(push.routes);
  api.use(inboxRoutes(tx, inbox));
  api.use(imageRoutes(images, imagesService));
  if (config.testClock) api.use(testClockRoutes());
  api.use(apiNotFound);
  app.use('/api', api);

  if (config.staticDir) app.use(serveApp(config.staticDir, (req) => readCookie(req.headers.cookie, SESSION_COOKIE) !== undefined));
  app.use((_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  app.use(errorHandler(logger));
  const sweepOrphanImages = () => images.sweepOrphans(imagesService.isReferenced, config.orphanImageMinAgeMs);
  const setLinkOrigin = (origin: string) => {
    if (!config.publicOrigin) linkOrigin = origin;
  };
  return {
    app,
    authService,
    sweepOrphanImages,
    promisesService,
    stopPush: push.close,
    bus,
    secondFactor,
    setLinkOrigin,
    closeMail: mailer.close,
    ops,
    catalogueService,
  };
}

import type { AppDeps } from '../app';
import { noReadCache, postgresReadCache, readCache } from '../db/read-cache';
import type { Engine } from '../db/engine';
import type { Tx } from '../db/scope';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import { nowIso } from '../lib/time';
import { createAuthRepository } from '../modules/auth/repository';
import { createHashQueue } from '../modules/auth/hash-queue';
import { createAuthService, type AuthService } from '../modules/auth/service';
import { createBusinessRepository } from '../modules/business/repository';
import { createBusinessService } from '../modules/business/service';
import { createCalendarService } from '../modules/calendar/service';
import { createCatalogueCsv } from '../modules/catalogue/csv';
import { createCatalogueService, type CatalogueService } from '../modules/catalogue/service';
import { createConversationsRepository } from '../modules/conversations/repository';
import { createConversationsService, type ConversationsService } from '../modules/conversations/service';
import { createCreditRepository } from '../modules/credit/repository';
import { createCreditService, type CreditService } from '../modules/credit/service';
import { createDisputesService } from '../modules/deals/disputes-service';
import { createDealsRepository } from '../modules/deals/repository';
import { createDealSubjects } from '../modules/deals/subjects';
import { createHistoryRepository } from '../modules/history/repository';
import { createHistoryService } from '../modules/history/service';
import { createImagesService } from '../modules/images/service';
import { createDatabaseImageStore, createImageStore } from '../modules/images/store';
import { createInboxRepository } from '../modules/inbox/repository';
import { createOps } from '../modules/ops';
import { createPickupsRepository } from '../modules/pickups/repository';
import { createPickupsService } from '../modules/pickups/service';
import { createProposalsService, type ProposalsService } from '../modules/promises/proposals-service';
import { createPromisesRepository } from '../modules/promises/repository';
import { createPromisesService, type PromisesService } from '../modules/promises/service';
import { createPurchasesRepository } from '../modules/purchases/repository';
import type { PurchaseDeps } from '../modules/purchases/deps';
import { createPush, withPush, type PushDeps } from '../modules/push';
import { createMailer } from '../modules/signin/mail';
import { createPasskeysService } from '../modules/signin/passkeys';
import { createSigninRepository } from '../modules/signin/repository';
import { createResetService } from '../modules/signin/reset';
import { createSecondFactorService, type SecondFactorService } from '../modules/signin/second-factor';
import { createSubmissionsRepository } from '../modules/submissions/repository';
import { createSubmissionsService } from '../modules/submissions/service';
import { createUsersRepository, toAuthUser } from '../modules/users/repository';
import { createUsersService } from '../modules/users/service';
import { createLocalBus, createPostgresBus } from '../realtime/bus';
import type { Hub } from '../realtime/hub';
import { listen, withBus } from '../realtime/live';
import { loadNote } from './live-notes';

/** Where mailed links point: PUBLIC_ORIGIN, else the address the server listens on (set once it does). */
export interface LinkOrigin {
  origin: string;
}

/** The services the push and the bus need only once they send (made after them): filled in by `createServices`. */
interface Later {
  authService: AuthService;
  secondFactor: SecondFactorService;
  conversationsService: ConversationsService;
  proposalsService: ProposalsService;
}

/** Every repository and service of the app, made once; `createApp` mounts their routes. */
export function createServices({ engine, durability, config, hub: liveHub, logger }: AppDeps) {
  const { tx } = engine;
  const repos = createRepositories(engine, config);
  // Links in mail point at PUBLIC_ORIGIN, else at the address the server listens on (set once it does).
  const link: LinkOrigin = { origin: config.publicOrigin?.replace(/\/$/, '') ?? '' };
  const later = {} as Later;
  const push = createPushFor({ tx, config, logger, repos, durable: () => durability.flush(), link, later });
  // Every publish and session change is a note heard by every process, this one included (DESIGN.md §12, issue 46):
  // PostgreSQL's NOTIFY when there may be several, else within this process.
  const bus = engine.pool ? createPostgresBus({ url: config.databaseUrl!, pool: engine.pool, logger }) : createLocalBus();
  listen(bus, liveHub, (note) => loadNote({ tx, ...repos, ...later }, note), logger);
  // Issue 51: each committed change is also counted, and new work told to the admins' webhook (by this process only).
  const ops = createOps({ engine, config, logger, origin: () => link.origin });
  const hub = ops.watch(withPush(withBus(liveHub, bus), push.service));
  const accounts = createAccountServices({ tx, config, logger, hub, repos, link });
  const trade = createTradeServices({ tx, config, logger, hub, repos, tell: push.service.tell, authService: accounts.authService });
  Object.assign(later, { ...accounts, ...trade });
  return { ...repos, ...accounts, ...trade, push, bus, ops, hub, link };
}

type Repositories = ReturnType<typeof createRepositories>;

function createRepositories(engine: Engine, config: Config) {
  const { tx } = engine;
  // Lists are kept until the database changes: SQLite's change counter, PostgreSQL's snapshot (any process's commit).
  const cache = engine.sqlite ? readCache(engine.sqlite) : engine.pool ? postgresReadCache(engine.pool) : noReadCache;
  return {
    users: createUsersRepository(),
    inbox: createInboxRepository(),
    auth: createAuthRepository(),
    purchases: createPurchasesRepository(cache),
    submissions: createSubmissionsRepository(cache),
    pickups: createPickupsRepository(),
    // Every process must serve every photo: on PostgreSQL they are kept in the database itself.
    images: engine.name === 'postgres' ? createDatabaseImageStore(tx) : createImageStore(config.dataDir),
    history: createHistoryRepository(),
    signin: createSigninRepository(),
    credit: createCreditRepository(),
    promises: createPromisesRepository(),
  };
}

function createPushFor({
  tx,
  config,
  logger,
  repos: { users, inbox },
  durable,
  link,
  later,
}: {
  tx: Tx;
  config: Config;
  logger: Logger;
  repos: Repositories;
  durable: PushDeps['durable'];
  link: LinkOrigin;
  later: Later;
}) {
  return createPush({
    tx,
    config,
    logger,
    durable,
    isAdmin: async (userId, sessionHash) => {
      const row = await users.findById(tx, userId);
      return !!row && toAuthUser(row).isAdmin && (await later.secondFactor.sessionMayAdmin(sessionHash));
    },
    isSessionLive: (sessionHash) => later.authService.isSessionLive(sessionHash),
    recordForPlayer: async (userId, payload) => {
      await inbox.record(tx, userId, payload, nowIso());
    },
    origin: () => link.origin,
    // A player's icon counts their unread messages (src/lib/app-badge.ts); an admin's also what is due: left to the app.
    badgeOf: async (userId) => {
      const row = await users.findById(tx, userId);
      const user = row ? toAuthUser(row) : null;
      return user && !user.isAdmin ? (await later.conversationsService.unread(user)).total : undefined;
    },
  });
}

/** Accounts: sessions and passwords, the second factor, passkeys, and mailed links. */
function createAccountServices({
  tx,
  config,
  logger,
  hub,
  repos: { users, auth, signin },
  link,
}: {
  tx: Tx;
  config: Config;
  logger: Logger;
  hub: Hub;
  repos: Repositories;
  link: LinkOrigin;
}) {
  const hashing = createHashQueue({ concurrency: config.hashConcurrency, maxWaitMs: config.hashWaitMs });
  const authService = createAuthService({ tx, users, auth, hub, logger, hashing });
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
  const reset = createResetService({ tx, users, mailer, logger, origin: () => link.origin });
  return { authService, secondFactor, passkeys, mailer, reset };
}

/** The trade: credit, promises, the catalogue, purchases, sales and pickups, deals, history, conversations, photos. */
function createTradeServices({
  tx,
  config,
  logger,
  hub,
  repos,
  tell,
  authService,
}: {
  tx: Tx;
  config: Config;
  logger: Logger;
  hub: Hub;
  repos: Repositories;
  tell: Parameters<typeof createPromisesService>[0]['tell'];
  authService: AuthService;
}) {
  const { users, purchases, submissions, pickups, images, credit, promises } = repos;
  const creditService = createCreditService({ tx, credit, users, hub });
  const promisesService = createPromisesService({ tx, promises, credit: creditService, logger, settings: config, tell });
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
  // The purchase routes call each use case with these (route → use case → repository).
  const purchaseDeps: PurchaseDeps = {
    tx,
    purchases,
    users,
    images,
    hub,
    promisesService,
    creditService,
    catalogue: catalogueService,
  };
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
  return {
    creditService,
    promisesService,
    usersService,
    businessService,
    catalogueService,
    catalogueCsv,
    purchaseDeps,
    submissionsService,
    calendarService,
    pickupsService,
    ...createDealServices(tx, hub, repos, { promisesService, creditService, catalogueService }),
  };
}

/** Proposals and disputes of a drop or pickup, the timelines, conversations, and who may see a stored photo. */
function createDealServices(
  tx: Tx,
  hub: Hub,
  { purchases, submissions, pickups, promises, history, images }: Repositories,
  {
    promisesService,
    creditService,
    catalogueService,
  }: { promisesService: PromisesService; creditService: CreditService; catalogueService: CatalogueService },
) {
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
  return { proposalsService, disputesService, historyService, conversationsService, imagesService };
}

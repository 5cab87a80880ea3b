import compression from 'compression';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Config } from './config';
import type { Db } from './db/connection';
import { answerWhenDurable, type Durability } from './db/durability';
import { apiNotFound, errorHandler } from './lib/error-handler';
import type { Logger } from './lib/logger';
import { requestLogger } from './lib/request-id';
import { refuseCrossSite } from './lib/same-origin';
import { serveApp } from './lib/static';
import { createAuthRepository } from './modules/auth/repository';
import { authRoutes } from './modules/auth/routes';
import { createAuthService, type AuthService } from './modules/auth/service';
import { readCookie, SESSION_COOKIE } from './modules/auth/session-cookie';
import { imageRoutes } from './modules/images/routes';
import { createImageStore } from './modules/images/store';
import { createPickupsRepository } from './modules/pickups/repository';
import { pickupRoutes } from './modules/pickups/routes';
import { createPickupsService } from './modules/pickups/service';
import { createPurchasesRepository } from './modules/purchases/repository';
import { purchaseRoutes } from './modules/purchases/routes';
import { createPurchasesService } from './modules/purchases/service';
import { createSubmissionsRepository } from './modules/submissions/repository';
import { submissionRoutes } from './modules/submissions/routes';
import { createSubmissionsService } from './modules/submissions/service';
import { createUsersRepository } from './modules/users/repository';
import { adminRoutes, contactRoutes } from './modules/users/routes';
import { createUsersService } from './modules/users/service';
import type { Hub } from './realtime/hub';

export interface AppDeps {
  db: Db;
  /** Group commit: answers to writes wait for it. */
  durability: Durability;
  config: Config;
  hub: Hub;
  logger: Logger;
}

/** Calls whose body carries a photo get a larger JSON limit; everything else stays small. */
const PHOTO_CALLS = new Set(['/api/item-submissions', '/api/user-sell-requests']);
const SMALL_BODY = express.json({ limit: '100kb' });
const PHOTO_BODY = express.json({ limit: '10mb' });

/** Builds the Express app: security headers, JSON, sessions, every API call, errors, and the built client. */
export function createApp({ db, durability, config, hub, logger }: AppDeps): { app: Express; authService: AuthService } {
  const users = createUsersRepository(db);
  const auth = createAuthRepository(db);
  const purchases = createPurchasesRepository(db);
  const submissions = createSubmissionsRepository(db);
  const pickups = createPickupsRepository(db);
  const images = createImageStore(config.dataDir);

  const authService = createAuthService({ db, users, auth, hub, logger });
  const usersService = createUsersService({ db, users, authService });
  const purchasesService = createPurchasesService({ db, purchases, users, hub });
  const submissionsService = createSubmissionsService({ db, submissions, users, images, hub });
  const pickupsService = createPickupsService({ db, pickups, submissions, submissionsService, hub });

  const app = express();
  app.disable('x-powered-by');
  // API answers are no-store, so a per-response ETag (a SHA-1 over megabyte lists) buys nothing; static files keep theirs.
  app.set('etag', false);
  app.set('trust proxy', 'loopback');
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
          scriptSrc: ["'self'"],
          // styled-components injects <style> elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
    }),
  );

  const api = express.Router();
  api.use((req, res, next) => (PHOTO_CALLS.has(req.originalUrl.split('?')[0]) && req.method === 'POST' ? PHOTO_BODY : SMALL_BODY)(req, res, next));
  api.use(refuseCrossSite(config.publicOrigin));
  api.use(answerWhenDurable(durability, logger));
  api.use((req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    const session = authService.resolve(readCookie(req.headers.cookie, SESSION_COOKIE));
    if (session) {
      req.user = session.user;
      req.sessionHash = session.sessionHash;
    }
    next();
  });
  api.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  api.use('/marketplace', authRoutes(authService, users, config));
  api.use('/marketplace', contactRoutes(usersService));
  api.use('/admin', adminRoutes(usersService));
  api.use(purchaseRoutes(purchasesService));
  api.use(submissionRoutes(submissionsService));
  api.use(pickupRoutes(pickupsService));
  api.use(imageRoutes(images, submissions));
  api.use(apiNotFound);
  app.use('/api', api);

  if (config.staticDir) app.use(serveApp(config.staticDir));
  app.use((_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });
  app.use(errorHandler(logger));
  return { app, authService };
}

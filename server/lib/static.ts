import path from 'node:path';
import express, { type Request, type RequestHandler } from 'express';
import { isLocale, type Locale } from '../../src/domain/locale';
import { createShell } from './route-preload';
import { localeOf } from './i18n/messages';

/** The language chosen on the visitor's device (the app keeps it in the `lang` cookie too), else Accept-Language's. */
function pageLocale(req: Request): Locale {
  const chosen = /(?:^|;\s*)lang=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
  const decoded = chosen === undefined ? undefined : decodeURIComponent(chosen);
  return isLocale(decoded) ? decoded : localeOf(req);
}

/**
 * Serves the built PWA: hashed /assets/* cached for good, everything else (index.html, sw.js, the manifest)
 * revalidated every time, and the app shell for client routes (with the route's screen preloaded) — never for /api
 * or /ws. `hasSession` tells whether a request carries a session cookie (the auth module knows its name).
 */
export function serveApp(staticDir: string, hasSession: (req: Request) => boolean): RequestHandler[] {
  const root = path.resolve(staticDir);
  const shellFor = createShell(root);
  const files = express.static(root, {
    index: false,
    setHeaders(res, filePath) {
      const relative = path.relative(root, filePath).split(path.sep).join('/');
      res.setHeader('Cache-Control', relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const shell: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/api' || req.path.startsWith('/api/') || req.path === '/ws') return next();
    // A missing hashed asset is a 404, not the shell (the browser would parse HTML as a script).
    if (req.path.startsWith('/assets/')) return next();
    // Only a hint for which screen to preload: a stale or forged cookie costs the sender one wasted preload. A screen
    // drawn ahead is drawn in the visitor's language, so no other language flashes before the app takes over.
    const html = shellFor(req.path, hasSession(req), pageLocale(req));
    if (html === null) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Language, Cookie');
    res.type('html').send(html);
  };
  // A share the service worker did not answer (its storage was cleared while the app stayed installed): the photo
  // cannot be kept here, but the player lands on Sell rather than on an error (the worker keeps it: src/sw.ts).
  const shareTarget: RequestHandler = (req, res, next) => {
    if (req.method !== 'POST' || req.path !== '/share-target') return next();
    req.resume();
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, '/sell');
  };
  return [shareTarget, files, shell];
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';

/**
 * Serves the built PWA: hashed /assets/* cached for good, everything else (index.html, sw.js, the manifest)
 * revalidated every time, and the app shell for client routes — never for /api or /ws.
 */
export function serveApp(staticDir: string): RequestHandler[] {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
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
    if (req.path.startsWith('/assets/') || !existsSync(indexFile)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  };
  return [files, shell];
}

import type { RequestHandler } from 'express';
import { forbidden } from './app-error';

/** Whether an Origin header names this server: the Host the request came to, or the configured public origin. */
export function isSameOrigin(origin: string | undefined, host: string | undefined, publicOrigin?: string): boolean {
  if (origin === undefined) return true;
  if (publicOrigin && origin === publicOrigin.replace(/\/$/, '')) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses state-changing calls made from another site: Sec-Fetch-Site cross-site or a foreign Origin. */
export function refuseCrossSite(publicOrigin?: string): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.headers['sec-fetch-site'];
    if (site === 'cross-site' || !isSameOrigin(req.headers.origin, req.headers.host, publicOrigin)) {
      throw forbidden('Requests from another site are not allowed');
    }
    next();
  };
}

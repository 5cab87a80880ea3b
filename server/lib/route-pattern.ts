import type { Request } from 'express';

/** A path segment that names one record (a number, a UUID, a long token) is never a label: it becomes ':id'. */
const RECORD_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f-]{27}|[A-Za-z0-9_-]{24,})$/i;

/**
 * The route a request matched, as its pattern (`/api/purchase-requests/:id/status`), never its URL. Requests no route
 * matched fall in one of two buckets: the built client's files and pages (`static`), and everything else (`unmatched`),
 * so a scan of made-up URLs cannot grow the label set.
 */
export function routePattern(req: Request): string {
  const route = req.route as { path?: unknown } | undefined;
  if (route && typeof route.path === 'string') {
    const base = req.baseUrl
      .split('/')
      .map((segment) => (RECORD_SEGMENT.test(segment) ? ':id' : segment))
      .join('/');
    return `${base}${route.path}` || '/';
  }
  return req.method === 'GET' && !req.originalUrl.startsWith('/api/') ? 'static' : 'unmatched';
}

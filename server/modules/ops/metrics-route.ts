import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { metricsText } from './metrics';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether the request comes from this machine itself, and not through a proxy on it: a reverse proxy on the same host
 * connects from 127.0.0.1 too, but says whom it forwards for.
 */
function fromLoopback(req: Request): boolean {
  return LOOPBACK.has(req.socket.remoteAddress ?? '') && !req.headers['x-forwarded-for'] && !req.headers.forwarded;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics: the Prometheus text, to `Authorization: Bearer $METRICS_TOKEN` when a token is set (401 otherwise), or,
 * without one, to loopback only (403 otherwise).
 */
export function metricsRoute(token: string | undefined): RequestHandler {
  const expected = token ? digest(token) : null;
  return async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (expected) {
      const sent = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
      // Compared as digests: equal lengths, and the time taken says nothing about the token.
      if (!sent || !timingSafeEqual(digest(sent), expected)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
        return void res.status(401).json({ message: 'Metrics need the bearer token (METRICS_TOKEN)' });
      }
    } else if (!fromLoopback(req)) {
      return void res.status(403).json({ message: 'Metrics are answered only on this machine unless METRICS_TOKEN is set' });
    }
    const { contentType, body } = await metricsText();
    res.setHeader('Content-Type', contentType);
    res.send(body);
  };
}

import type { RequestHandler } from 'express';
import { routePattern } from '../../lib/route-pattern';
import { requestDuration } from './metrics';

/** Times every request from arrival to its answer's last byte, by method, route pattern and status. */
export function measureRequests(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      requestDuration.observe({ method: req.method, route: routePattern(req), status: String(res.statusCode) }, seconds);
    });
    next();
  };
}

import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from './logger';
import { routePattern } from './route-pattern';

declare module 'express-serve-static-core' {
  interface Request {
    /** Request id, also answered as X-Request-Id and written in every log line about the request. */
    id: string;
  }
}

/** Gives each request an id and logs one line when it finishes (pino-http's job, in a few lines). */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    req.id = randomUUID();
    res.setHeader('X-Request-Id', req.id);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? 'error' : 'info';
      logger[level](
        {
          requestId: req.id,
          userId: req.user?.id ?? null,
          method: req.method,
          route: routePattern(req),
          url: req.originalUrl.split('?')[0],
          status: res.statusCode,
          ms: Math.round(ms),
        },
        'request',
      );
    });
    next();
  };
}

import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface AnsweredLogin {
  status: number;
  /** The delay express-slow-down put on this login before it went on (ms); undefined when it never ran. */
  delayMs: number | undefined;
}

/**
 * Records, for every POST /api/marketplace/login answered by an in-process test server, the delay the slow-down
 * limiter decided on (it leaves it on the request as `req.slowDown.delay`). What a test then checks is the delay the
 * server chose, not how long the machine took: the same on a quiet laptop and a loaded CI runner.
 */
export function observeLoginDelays(): { answered: AnsweredLogin[]; stop(): void } {
  const answered: AnsweredLogin[] = [];
  const onFinish = (message: unknown) => {
    const { request, response } = message as {
      request: IncomingMessage & { originalUrl?: string; slowDown?: { delay?: number } };
      response: ServerResponse;
    };
    const url = request.originalUrl ?? request.url ?? '';
    if (request.method !== 'POST' || !url.startsWith('/api/marketplace/login')) return;
    answered.push({ status: response.statusCode, delayMs: request.slowDown?.delay });
  };
  subscribe('http.server.response.finish', onFinish);
  return { answered, stop: () => unsubscribe('http.server.response.finish', onFinish) };
}

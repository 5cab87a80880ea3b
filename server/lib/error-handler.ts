import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError } from './app-error';
import type { Logger } from './logger';

/** Errors body-parser raises, by their `type`, answered as the client's fault. */
const BODY_ERRORS: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'The request body is not valid JSON'],
  'entity.too.large': [413, 'The request body is too large'],
  'encoding.unsupported': [415, 'The request body encoding is not supported'],
  'charset.unsupported': [415, 'The request body charset is not supported'],
  'entity.verify.failed': [400, 'The request body could not be read'],
  'request.aborted': [400, 'The request was aborted'],
  'request.size.invalid': [400, 'The request body length does not match its header'],
  'stream.encoding.set': [500, 'Something went wrong on our side'],
  'stream.not.readable': [400, 'The request body could not be read'],
  'parameters.too.many': [413, 'The request has too many parameters'],
};

/** Error codes that mean the disk is full: SQLite's, PostgreSQL's (53100 disk_full) and the file system's. */
const DISK_FULL_CODES = new Set(['SQLITE_FULL', '53100', 'ENOSPC', 'EDQUOT']);

/** PostgreSQL refuses text holding a NUL character (SQLite stores it): the request's text, not the server, is at fault. */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

/**
 * Errors that say the database is overloaded or briefly away, not that the request or the code is wrong: PostgreSQL's
 * serialization failures and deadlocks still failing after the transaction's retries (server/db/postgres.ts),
 * too_many_connections, a lock not available, a server starting or shutting down, a connection lost; SQLite's busy
 * and locked. It answers 503 with Retry-After, which the client's outbox retries, instead of "Something went wrong".
 * The call almost always changed nothing; a connection lost during its COMMIT leaves that unknown, and the retry with
 * the same Idempotency-Key is safe either way. Seen once as a 500 in a login flood on PostgreSQL on a machine at load
 * 17 (issue 34, the busy-machine run), and for every call a crash of PostgreSQL cut short (tests/pg/durability.test.ts:
 * `57P02`, or the socket's own ECONNRESET when the backend's socket closed before its message was read).
 */
const DATABASE_BUSY_CODES = new Set([
  '40001',
  '40P01',
  '53300',
  '55P03',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  // The database's connection reset or refused under a query (a crashed backend's socket closed before its FATAL
  // message was read; PostgreSQL restarting): the same as node-postgres's "Connection terminated" below.
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
]);
/** node-postgres's own messages for a connection that ended under a query (they carry no SQLSTATE). */
const CONNECTION_LOST = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

export const DATABASE_BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/** Whether an error (or the error it wraps) says the database is overloaded or briefly unreachable. */
export function isDatabaseBusy(error: unknown): boolean {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && (DATABASE_BUSY_CODES.has(e.code) || e.code.startsWith('SQLITE_BUSY'))) return true;
    if (typeof e.message === 'string' && CONNECTION_LOST.test(e.message)) return true;
  }
  return false;
}

/** The answer when nothing could be saved because the server's disk is full: the request changed nothing. */
export const STORAGE_FULL_MESSAGE =
  "The server's storage is full, so nothing was saved. Please try again later; if it keeps happening, tell an admin.";

/** An error and the errors it wraps (`cause`), five deep at most. */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  )
    yield e;
}

/** Whether an error (or the error it wraps) says the disk is full. */
export function isDiskFull(error: unknown): boolean {
  for (const e of causes(error)) if (typeof e.code === 'string' && DISK_FULL_CODES.has(e.code)) return true;
  return false;
}

/** JSON 404 for API paths nothing answered. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `There is no API call ${req.method} ${req.originalUrl.split('?')[0]}` });
};

/** The one error middleware: AppError as-is, body-parser errors by type, anything else a logged 500 without details. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (error instanceof AppError) {
      if (error.headers) res.set(error.headers);
      res.status(error.status).json({ message: error.message, ...(error.issues ? { issues: error.issues } : {}), ...error.extra });
      return;
    }
    if (isDiskFull(error)) {
      logger.error({ err: error, requestId: req.id, method: req.method, url: req.originalUrl }, 'the disk is full');
      res.status(507).json({ message: STORAGE_FULL_MESSAGE });
      return;
    }
    if (isDatabaseBusy(error)) {
      logger.warn({ err: error, requestId: req.id, method: req.method, url: req.originalUrl }, 'the database is busy');
      res.set('Retry-After', '2').status(503).json({ message: DATABASE_BUSY_MESSAGE });
      return;
    }
    if (typeof error?.code === 'string' && UNSTORABLE_TEXT_CODES.has(error.code)) {
      res.status(400).json({ message: 'Text must not contain NUL characters' });
      return;
    }
    const bodyError = typeof error?.type === 'string' ? BODY_ERRORS[error.type] : undefined;
    if (bodyError && bodyError[0] < 500) {
      res.status(bodyError[0]).json({ message: bodyError[1] });
      return;
    }
    // Other client errors from Express and body-parser (a malformed path escape, a bad compressed body) carry their status.
    const status = Number(error?.status ?? error?.statusCode);
    if (Number.isInteger(status) && status >= 400 && status < 500) {
      res
        .status(status)
        .json({ message: error?.expose && typeof error.message === 'string' ? error.message : 'The request could not be understood' });
      return;
    }
    logger.error({ err: error, requestId: req.id, method: req.method, url: req.originalUrl }, 'unhandled error');
    res.status(500).json({ message: `Something went wrong on our side. Please try again (request ${req.id}).` });
  };
}

import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { statement, type Db } from '../db/connection';
import { AppError, badRequest } from './app-error';
import { nowIso } from './time';

export interface IdempotencyContext {
  userId: number;
  key: string;
  requestHash: string;
}

export interface Created<T> {
  status: number;
  body: T;
  /** True when the answer is the stored one of an earlier request with the same key. */
  replayed: boolean;
}

/** Reads the Idempotency-Key of a state-changing call; null when the client sent none. */
export function idempotencyContext(req: Request, userId: number): IdempotencyContext | null {
  const key = req.get('Idempotency-Key');
  if (key === undefined) return null;
  if (key.length < 1 || key.length > 200) throw badRequest('The Idempotency-Key header must be 1 to 200 characters');
  const requestHash = createHash('sha256')
    .update(`${req.method} ${req.originalUrl.split('?')[0]}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex');
  return { userId, key, requestHash };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every state-changing call of a signed-in user honours `Idempotency-Key`: a repeat answers the first call's stored
 * answer and changes nothing; the same key with another request answers 422. Calls that create a record store their
 * answer in the transaction that creates it (`createOnce`); for every other call the 2xx answer is stored here, just
 * before it is sent — so a transition an admin queued offline and sent twice moves the record once.
 */
export function honourIdempotencyKeys(db: Db): RequestHandler {
  const insert = statement<[number, string, string, number, string, string]>(
    db,
    'INSERT OR IGNORE INTO idempotency_keys (user_id, key, request_hash, status, response, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  return (req, res, next) => {
    if (!STATE_CHANGING.has(req.method) || !req.user) return next();
    const context = idempotencyContext(req, req.user.id);
    if (!context) return next();
    const stored = findReplay(db, context);
    if (stored) {
      res.setHeader('Idempotent-Replayed', 'true');
      if (stored.body === null) return void res.status(stored.status).end();
      return void res.status(stored.status).json(stored.body);
    }
    const save = (body: unknown) => {
      if (res.statusCode >= 200 && res.statusCode < 300) {
        insert.run(context.userId, context.key, context.requestHash, res.statusCode, JSON.stringify(body ?? null), nowIso());
      }
    };
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      save(body);
      return json(body);
    };
    // A 204 answers no body: stored as null.
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.end = ((...args: unknown[]) => {
      if (res.statusCode === 204) save(null);
      return end(...args);
    }) as typeof res.end;
    next();
  };
}

/**
 * Runs `create` in one transaction with the key's record: a repeat answers the stored result and creates nothing,
 * the same key with a different request answers 422.
 */
export function createOnce<T>(db: Db, context: IdempotencyContext | null, status: number, create: () => T): Created<T> {
  return db.transaction((): Created<T> => {
    if (context) {
      const stored = statement<[number, string], { request_hash: string; status: number; response: string }>(
        db,
        'SELECT request_hash, status, response FROM idempotency_keys WHERE user_id = ? AND key = ?',
      ).get(context.userId, context.key);
      if (stored) {
        if (stored.request_hash !== context.requestHash) {
          throw new AppError(422, 'This Idempotency-Key was already used for a different request');
        }
        return {
          status: stored.status,
          body: JSON.parse(stored.response) as T,
          replayed: true,
        };
      }
    }
    const body = create();
    if (context) {
      statement(
        db,
        'INSERT INTO idempotency_keys (user_id, key, request_hash, status, response, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(context.userId, context.key, context.requestHash, status, JSON.stringify(body), nowIso());
    }
    return { status, body, replayed: false };
  })();
}

/** The stored answer for a key, checked before expensive work (photos); null when the key is new. */
export function findReplay(db: Db, context: IdempotencyContext | null): { status: number; body: unknown } | null {
  if (!context) return null;
  const stored = statement<[number, string], { request_hash: string; status: number; response: string }>(
    db,
    'SELECT request_hash, status, response FROM idempotency_keys WHERE user_id = ? AND key = ?',
  ).get(context.userId, context.key);
  if (!stored) return null;
  if (stored.request_hash !== context.requestHash) throw new AppError(422, 'This Idempotency-Key was already used for a different request');
  return { status: stored.status, body: JSON.parse(stored.response) };
}

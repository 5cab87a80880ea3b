import { createHash } from 'node:crypto';
import type { Request } from 'express';
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

/** Reads the Idempotency-Key of a creating POST (DESIGN §9); null when the client sent none. */
export function idempotencyContext(req: Request, userId: number): IdempotencyContext | null {
  const key = req.get('Idempotency-Key');
  if (key === undefined) return null;
  if (key.length < 1 || key.length > 200) throw badRequest('The Idempotency-Key header must be 1 to 200 characters');
  const requestHash = createHash('sha256')
    .update(`${req.method} ${req.baseUrl}${req.path}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex');
  return { userId, key, requestHash };
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

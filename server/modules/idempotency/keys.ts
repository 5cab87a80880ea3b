import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Tx } from '../../db/scope';
import { AppError, badRequest } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { idempotencyRepository } from './repository';
import { nowIso } from '../../lib/time';
import { idempotentReplays } from '../ops/metrics';

export interface IdempotencyContext {
  userId: number;
  key: string;
  requestHash: string;
  /** Set once the answer is stored under the key (by `createOnce`, in its transaction): the response hook then stores nothing. */
  stored: boolean;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The call's Idempotency-Key, read and hashed once by `honourIdempotencyKeys`; absent when the call sent none. */
    idempotency?: IdempotencyContext;
  }
}

export interface Created<T> {
  status: number;
  body: T;
  /** True when the answer is the stored one of an earlier request with the same key. */
  replayed: boolean;
}

/** Reads the Idempotency-Key of a state-changing call; null when the client sent none. */
function idempotencyContext(req: Request, userId: number): IdempotencyContext | null {
  const key = req.get('Idempotency-Key');
  if (key === undefined) return null;
  if (key.length < 1 || key.length > 200) throw badRequest('The Idempotency-Key header must be 1 to 200 characters');
  const requestHash = createHash('sha256')
    .update(`${req.method} ${req.originalUrl.split('?')[0]}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex');
  return { userId, key, requestHash, stored: false };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every state-changing call of a signed-in user honours `Idempotency-Key`: a repeat answers the first call's stored
 * answer and changes nothing; the same key with another request answers 422. Calls that create a record store their
 * answer in the transaction that creates it (`createOnce`, given `req.idempotency`); for every other call the 2xx answer
 * is stored here, just before it is sent — so a transition an admin queued offline and sent twice moves the record once.
 */
export function honourIdempotencyKeys(tx: Tx, logger: Logger): RequestHandler {
  // Not async itself: a read, or a call without a key, passes straight on without a promise (it runs on every call).
  return (req, res, next) => {
    if (!STATE_CHANGING.has(req.method) || !req.user) return next();
    const context = idempotencyContext(req, req.user.id);
    if (!context) return next();
    req.idempotency = context;
    return withKey(req, res, next, context);
  };

  async function withKey(req: Request, res: Response, next: NextFunction, context: IdempotencyContext): Promise<void> {
    const stored = await findReplay(tx, context);
    if (stored) {
      res.setHeader('Idempotent-Replayed', 'true');
      idempotentReplays.inc();
      if (stored.body === null) return void res.status(stored.status).end();
      return void res.status(stored.status).json(stored.body);
    }
    // The answer waits for its key to be stored, so a retry that arrives after it finds the key.
    let saving: Promise<unknown> | null = null;
    const save = (body: unknown) => {
      if (!context.stored && res.statusCode >= 200 && res.statusCode < 300) {
        saving = idempotencyRepository.insertUnlessStored(tx, {
          userId: context.userId,
          key: context.key,
          requestHash: context.requestHash,
          status: res.statusCode,
          response: JSON.stringify(body ?? null),
          createdAt: nowIso(),
        });
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
      if (res.statusCode === 204 && !saving) save(null);
      const stored = saving;
      if (!stored) return end(...args);
      saving = null;
      stored.then(
        () => end(...args),
        (error: unknown) => {
          // The change itself is committed; only the replay record is missing, so the answer still goes out.
          logger.error({ err: error, requestId: req.id }, 'an idempotency key could not be stored');
          end(...args);
        },
      );
      return res;
    }) as typeof res.end;
    next();
  }
}

/**
 * Runs `create` in one transaction with the key's record (`create` gets the transaction): a repeat answers the
 * stored result and creates nothing, the same key with a different request answers 422. `context` is the call's
 * `req.idempotency`; once its answer is stored it is marked so, and the response hook leaves it alone.
 */
export function createOnce<T>(
  tx: Tx,
  context: IdempotencyContext | null,
  status: number,
  create: (tx: Tx) => Promise<T>,
): Promise<Created<T>> {
  const run = () =>
    tx.run(async (tx): Promise<Created<T>> => {
      const body = await create(tx);
      if (context) {
        await idempotencyRepository.insert(tx, {
          userId: context.userId,
          key: context.key,
          requestHash: context.requestHash,
          status,
          response: JSON.stringify(body),
          createdAt: nowIso(),
        });
      }
      return { status, body, replayed: false };
    });
  // The key was read once, before the call's work (honourIdempotencyKeys). Two retries racing past that read both
  // reach here; the key's unique row lets one commit, and the other's whole transaction rolls back and answers the
  // stored result instead.
  return run().then(
    (created) => {
      if (context) context.stored = true;
      return created;
    },
    async (error: unknown) => {
      const replay = context && isUniqueViolation(error) ? await findReplay(tx, context) : null;
      if (!context || !replay) throw error;
      context.stored = true;
      idempotentReplays.inc();
      return { status: replay.status, body: replay.body as T, replayed: true };
    },
  );
}

/** A duplicate key on insert, as SQLite or PostgreSQL reports it. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * The stored answer for a key, or null when the key is new; the same key sent with a different request answers 422.
 * The one place the key is read and that rule is checked.
 */
async function findReplay(tx: Tx, context: IdempotencyContext | null): Promise<{ status: number; body: unknown } | null> {
  if (!context) return null;
  const stored = await idempotencyRepository.find(tx, context.userId, context.key);
  if (!stored) return null;
  if (stored.request_hash !== context.requestHash) throw new AppError(422, 'This Idempotency-Key was already used for a different request');
  return { status: stored.status, body: JSON.parse(stored.response) };
}

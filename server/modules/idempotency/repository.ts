import type { Tx } from '../../db/scope';
import { prepared } from '../../db/prepared';

/** A stored answer: the request it answered (as a hash) and what it was. */
export interface StoredAnswer {
  request_hash: string;
  status: number;
  response: string;
}

export interface NewAnswer {
  userId: number;
  key: string;
  requestHash: string;
  status: number;
  /** The answer's body as JSON. */
  response: string;
  createdAt: string;
}

const row = (answer: NewAnswer) => ({
  user_id: answer.userId,
  key: answer.key,
  request_hash: answer.requestHash,
  status: answer.status,
  response: answer.response,
  created_at: answer.createdAt,
});

// Read and written by every state-changing call that sends a key: compiled once.
const findAnswer = prepared(
  (tx, p: { userId: number; key: string }) =>
    tx
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status', 'response'])
      .where('user_id', '=', p.userId)
      .where('key', '=', p.key),
  { first: true },
);
const insertAnswer = prepared((tx, p: NewAnswer) => tx.insertInto('idempotency_keys').values(row(p)));
const insertAnswerUnlessStored = prepared((tx, p: NewAnswer) =>
  tx
    .insertInto('idempotency_keys')
    .values(row(p))
    .onConflict((conflict) => conflict.doNothing()),
);

/** The answers stored under an Idempotency-Key, one per user and key; in the caller's transaction when one is open. */
export const idempotencyRepository = {
  find: async (tx: Tx, userId: number, key: string): Promise<StoredAnswer | undefined> => (await findAnswer(tx, { userId, key })).rows[0],
  /** Stores an answer; one already stored under the key is an error (the caller's transaction read it first). */
  insert: async (tx: Tx, answer: NewAnswer): Promise<void> => {
    await insertAnswer(tx, answer);
  },
  /** Stores an answer unless one is stored already (two retries racing). */
  insertUnlessStored: async (tx: Tx, answer: NewAnswer): Promise<void> => {
    await insertAnswerUnlessStored(tx, answer);
  },
  /** Forgets answers older than `iso`: they only need to outlive a client's retries. */
  deleteOlderThan: async (tx: Tx, iso: string): Promise<void> => {
    await tx.kysely().deleteFrom('idempotency_keys').where('created_at', '<', iso).execute();
  },
};

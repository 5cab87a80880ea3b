import type { Transactions } from '../../db/engine';

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

/** The answers stored under an Idempotency-Key, one per user and key; in the caller's transaction when one is open. */
export const idempotencyRepository = {
  find: (tx: Transactions, userId: number, key: string): Promise<StoredAnswer | undefined> =>
    tx
      .q()
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status', 'response'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst(),
  /** Stores an answer; one already stored under the key is an error (the caller's transaction read it first). */
  insert: async (tx: Transactions, answer: NewAnswer): Promise<void> => {
    await tx.q().insertInto('idempotency_keys').values(row(answer)).execute();
  },
  /** Stores an answer unless one is stored already (two retries racing). */
  insertUnlessStored: async (tx: Transactions, answer: NewAnswer): Promise<void> => {
    await tx
      .q()
      .insertInto('idempotency_keys')
      .values(row(answer))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  },
  /** Forgets answers older than `iso`: they only need to outlive a client's retries. */
  deleteOlderThan: async (tx: Transactions, iso: string): Promise<void> => {
    await tx.q().deleteFrom('idempotency_keys').where('created_at', '<', iso).execute();
  },
};

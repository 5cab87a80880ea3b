import { sql } from 'kysely';
import type { Store, Options, ClientRateLimitInfo } from 'express-rate-limit';
import type { Tx } from '../../db/scope';

/**
 * An express-rate-limit (and express-slow-down) store in the database's rate_limit_hits table, so that every server
 * process counts the same hits: one statement increments the key's counter, or starts a new window when the last one
 * has ended, and answers the count with the window's end.
 */
export function databaseRateLimitStore(tx: Tx, prefix: string): Store {
  let windowMs = 60_000;
  const key = (k: string) => `${prefix}:${k}`;
  return {
    prefix,
    localKeys: false,
    init(options: Options) {
      windowMs = options.windowMs;
    },
    async increment(k: string): Promise<ClientRateLimitInfo> {
      const now = Date.now();
      const { rows } = await sql<{ hits: number; reset_at: number }>`
        INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES (${key(k)}, 1, ${now + windowMs})
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limit_hits.reset_at <= ${now} THEN 1 ELSE rate_limit_hits.hits + 1 END,
          reset_at = CASE WHEN rate_limit_hits.reset_at <= ${now} THEN ${now + windowMs} ELSE rate_limit_hits.reset_at END
        RETURNING hits, reset_at`.execute(tx.kysely());
      return { totalHits: Number(rows[0].hits), resetTime: new Date(Number(rows[0].reset_at)) };
    },
    async decrement(k: string) {
      await tx
        .kysely()
        .updateTable('rate_limit_hits')
        .set((eb) => ({ hits: eb('hits', '-', 1) }))
        .where('key', '=', key(k))
        .where('hits', '>', 0)
        .execute();
    },
    async resetKey(k: string) {
      await tx.kysely().deleteFrom('rate_limit_hits').where('key', '=', key(k)).execute();
    },
  };
}

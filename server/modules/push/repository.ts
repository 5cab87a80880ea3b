import type { Tables } from '../../db/tables';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Tx } from '../../db/scope';
import { prepared } from '../../db/prepared';
import { ADMIN_DEVICES } from './admin-devices';

export type SubscriptionRow = Selectable<Tables['push_subscriptions']>;
const subscriptions = (tx: Tx) => tx.kysely().selectFrom('push_subscriptions').selectAll();
/** An admin's device, with its owner's saved language (an admin's notice is written in it, issue 50). */
export type AdminSubscriptionRow = SubscriptionRow & { language: string | null };

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  userId: number;
  sessionHash: string;
  createdAt: string;
}

/**
 * A store credit entry that gave the player money (a missed promise), as the notifier needs it; `created_by` is null
 * for a missed promise (the job), the super admin for a no-show dispute upheld.
 */
export type CreditGrantRow = Pick<Selectable<Tables['credit_ledger']>, 'id' | 'amount_cents' | 'created_by'> & {
  kind: 'missed-drop' | 'missed-pickup';
};

// Read after every new request or submission: compiled once.
const adminSubscriptions = prepared(() => ADMIN_DEVICES);

/** The push_subscriptions and push_credit_notified tables. */
export const pushRepository = {
  // An endpoint registered again (another account on the same browser, a new session) moves to the new owner.
  upsert: (tx: Tx, row: NewSubscription) =>
    tx
      .kysely()
      .insertInto('push_subscriptions')
      .values({
        endpoint: row.endpoint,
        p256dh: row.p256dh,
        auth: row.auth,
        user_id: row.userId,
        session_hash: row.sessionHash,
        created_at: row.createdAt,
      })
      .onConflict((conflict) =>
        conflict.column('endpoint').doUpdateSet((eb) => ({
          p256dh: eb.ref('excluded.p256dh'),
          auth: eb.ref('excluded.auth'),
          user_id: eb.ref('excluded.user_id'),
          session_hash: eb.ref('excluded.session_hash'),
          created_at: eb.ref('excluded.created_at'),
          failures: 0,
        })),
      )
      .execute(),
  findByEndpoint: async (tx: Tx, endpoint: string) =>
    (await subscriptions(tx).where('endpoint', '=', endpoint).executeTakeFirst()) as SubscriptionRow | undefined,
  findById: async (tx: Tx, id: number) => (await subscriptions(tx).where('id', '=', id).executeTakeFirst()) as SubscriptionRow | undefined,
  /** Deletes a user's oldest devices beyond `max`. */
  keepNewest: (tx: Tx, userId: number, max: number) =>
    sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND id NOT IN
      (SELECT id FROM push_subscriptions WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${max})`.execute(tx.kysely()),
  /** Deletes a device's row only when it belongs to `userId`; answers whether one was deleted. */
  deleteOwned: async (tx: Tx, endpoint: string, userId: number) =>
    (await tx.kysely().deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).executeTakeFirst())
      .numDeletedRows > 0n,
  deleteById: async (tx: Tx, id: number) =>
    (await tx.kysely().deleteFrom('push_subscriptions').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n,
  ofUser: async (tx: Tx, userId: number) => (await subscriptions(tx).where('user_id', '=', userId).execute()) as SubscriptionRow[],
  ofAdmins: async (tx: Tx) => (await adminSubscriptions(tx, {})).rows,
  /** A user's saved language (users.language), null when none is saved or there is no such user. */
  languageOf: async (tx: Tx, userId: number) =>
    (await tx.kysely().selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst())?.language ?? null,
  markSuccess: (tx: Tx, id: number, at: string) =>
    tx.kysely().updateTable('push_subscriptions').set({ last_success_at: at, failures: 0 }).where('id', '=', id).execute(),
  markFailure: (tx: Tx, id: number) =>
    tx
      .kysely()
      .updateTable('push_subscriptions')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('id', '=', id)
      .execute(),
  /**
   * Credit grants newer than the last one notified (and not older than `since`), marked as notified in the same
   * transaction, so a balance announced twice, or by two processes, notifies each grant once.
   */
  takeNewGrants: (tx: Tx, userId: number, since: string): Promise<CreditGrantRow[]> =>
    tx.run(async (tx) => {
      // Taken first, so two processes announcing the same balance wait on one row instead of both reading it.
      await tx
        .kysely()
        .insertInto('push_credit_notified')
        .values({ user_id: userId, last_entry_id: 0 })
        .onConflict((c) => c.column('user_id').doNothing())
        .execute();
      const claimed = await (
        tx.engine === 'postgres'
          ? sql<{ last_entry_id: number }>`SELECT last_entry_id FROM push_credit_notified WHERE user_id = ${userId} FOR UPDATE`
          : sql<{ last_entry_id: number }>`SELECT last_entry_id FROM push_credit_notified WHERE user_id = ${userId}`
      ).execute(tx.kysely());
      const after = claimed.rows[0]?.last_entry_id ?? 0;
      const { rows } = await sql<CreditGrantRow>`SELECT id, amount_cents, kind, created_by FROM credit_ledger
        WHERE user_id = ${userId} AND id > ${after} AND amount_cents > 0 AND kind IN ('missed-drop', 'missed-pickup') AND created_at >= ${since}
        ORDER BY id`.execute(tx.kysely());
      const last = rows.at(-1);
      if (last)
        await tx
          .kysely()
          .updateTable('push_credit_notified')
          .set({ last_entry_id: last.id })
          .where('user_id', '=', userId)
          .where('last_entry_id', '<', last.id)
          .execute();
      return rows;
    }),
};

/** The repository (pushRepository): one module-level object of small named queries, kept behind the factory callers use. */
export function createPushRepository() {
  return pushRepository;
}
export type PushRepository = ReturnType<typeof createPushRepository>;

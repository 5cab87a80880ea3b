import type { Db } from '../../db/connection';

export interface SubscriptionRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_id: number;
  session_hash: string;
  created_at: string;
  last_success_at: string | null;
  failures: number;
}

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  userId: number;
  sessionHash: string;
  createdAt: string;
}

/** A store credit entry that gave the player money (a missed promise), as the notifier needs it. */
export interface CreditGrantRow {
  id: number;
  amount_cents: number;
  kind: 'missed-drop' | 'missed-pickup';
}

/** The push_subscriptions and push_credit_notified tables. */
export function createPushRepository(db: Db) {
  // An endpoint registered again (another account on the same browser, a new session) moves to the new owner.
  const upsert = db.prepare(
    `INSERT INTO push_subscriptions (endpoint, p256dh, auth, user_id, session_hash, created_at)
     VALUES (@endpoint, @p256dh, @auth, @userId, @sessionHash, @createdAt)
     ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, user_id = excluded.user_id,
       session_hash = excluded.session_hash, created_at = excluded.created_at, failures = 0`,
  );
  const byEndpoint = db.prepare<[string], SubscriptionRow>('SELECT * FROM push_subscriptions WHERE endpoint = ?');
  const deleteOwned = db.prepare<[string, number]>('DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id = ?');
  const deleteById = db.prepare<[number]>('DELETE FROM push_subscriptions WHERE id = ?');
  const ofUser = db.prepare<[number], SubscriptionRow>('SELECT * FROM push_subscriptions WHERE user_id = ?');
  const ofAdmins = db.prepare<[], SubscriptionRow>(
    `SELECT s.* FROM push_subscriptions s JOIN users u ON u.id = s.user_id WHERE u.is_admin = 1 OR u.is_super_admin = 1`,
  );
  const trim = db.prepare<[number, number, number]>(
    `DELETE FROM push_subscriptions WHERE user_id = ? AND id NOT IN (SELECT id FROM push_subscriptions WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?)`,
  );
  const byId = db.prepare<[number], SubscriptionRow>('SELECT * FROM push_subscriptions WHERE id = ?');
  const succeeded = db.prepare<[string, number]>('UPDATE push_subscriptions SET last_success_at = ?, failures = 0 WHERE id = ?');
  const failed = db.prepare<[number]>('UPDATE push_subscriptions SET failures = failures + 1 WHERE id = ?');
  const grantsAfter = db.prepare<[number, number, string], CreditGrantRow>(
    `SELECT id, amount_cents, kind FROM credit_ledger
     WHERE user_id = ? AND id > ? AND amount_cents > 0 AND kind IN ('missed-drop', 'missed-pickup') AND created_at >= ?
     ORDER BY id`,
  );
  const lastNotified = db.prepare<[number], number>('SELECT last_entry_id FROM push_credit_notified WHERE user_id = ?').pluck();
  const setNotified = db.prepare<[number, number]>(
    `INSERT INTO push_credit_notified (user_id, last_entry_id) VALUES (?, ?)
     ON CONFLICT (user_id) DO UPDATE SET last_entry_id = MAX(last_entry_id, excluded.last_entry_id)`,
  );

  return {
    upsert: (row: NewSubscription) => upsert.run(row),
    findByEndpoint: (endpoint: string) => byEndpoint.get(endpoint),
    findById: (id: number) => byId.get(id),
    /** Deletes a user's oldest devices beyond `max`. */
    keepNewest: (userId: number, max: number) => trim.run(userId, userId, max),
    /** Deletes a device's row only when it belongs to `userId`; answers whether one was deleted. */
    deleteOwned: (endpoint: string, userId: number) => deleteOwned.run(endpoint, userId).changes > 0,
    deleteById: (id: number) => deleteById.run(id).changes > 0,
    ofUser: (userId: number) => ofUser.all(userId),
    ofAdmins: () => ofAdmins.all(),
    markSuccess: (id: number, at: string) => succeeded.run(at, id),
    markFailure: (id: number) => failed.run(id),
    /**
     * Credit grants newer than the last one notified (and not older than `since`), marked as notified in the same
     * transaction, so a balance announced twice, or by two processes, notifies each grant once.
     */
    takeNewGrants: db.transaction((userId: number, since: string): CreditGrantRow[] => {
      const rows = grantsAfter.all(userId, lastNotified.get(userId) ?? 0, since);
      const last = rows.at(-1);
      if (last) setNotified.run(userId, last.id);
      return rows;
    }),
  };
}
export type PushRepository = ReturnType<typeof createPushRepository>;

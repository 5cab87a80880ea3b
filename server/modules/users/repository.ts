import type { MarketplaceUser } from '../../../src/domain/schemas/users';
import type { SessionUser } from '../../../src/domain/schemas/auth';
import { sql, type Selectable } from 'kysely';
import type { Tables } from '../../db/tables';
import type { Tx } from '../../db/scope';
import { asCents } from '../../../src/domain/money';
import { linesByRequest } from '../purchases/lines';
import { prepared } from '../../db/prepared';
import { hasAdminAccess } from '../../../src/domain/roles';
import { isLocale } from '../../../src/domain/locale';

/** A users row as stored. */
export type UserRow = Selectable<Tables['users']>;

const users = (tx: Tx) => tx.kysely().selectFrom('users').selectAll().where('deleted_at', 'is', null);
/** What the server knows about the caller once the session is checked. */
export interface AuthUser {
  id: number;
  username: string;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  /** The account's contact email, read with the session (a purchase falls back to it). */
  contactEmail?: string | null;
  /** The language chosen in Account: the server's answers speak it (DESIGN.md §15). */
  language?: string | null;
}

const rolesOf = (row: UserRow) => ({ isAdmin: row.is_admin === 1, isSuperAdmin: row.is_super_admin === 1 });

export const toAuthUser = (row: UserRow): AuthUser => ({
  id: row.id,
  username: row.username,
  isAdmin: hasAdminAccess(rolesOf(row)),
  isSuperAdmin: row.is_super_admin === 1,
  contactEmail: row.contact_email,
  language: row.language ?? null,
});

export const toSessionUser = (row: UserRow): SessionUser => ({
  username: row.username,
  contactEmail: row.contact_email,
  ps5Username: row.ps5_username,
  robloxUsername: row.roblox_username,
  isAdmin: hasAdminAccess(rolesOf(row)),
  isSuperAdmin: row.is_super_admin === 1,
});

/** The user as the contact call answers it: with the saved language. */
export const toSessionUserWithLanguage = (row: UserRow): SessionUser => ({
  ...toSessionUser(row),
  language: isLocale(row.language) ? row.language : null,
});

export const toMarketplaceUser = (row: UserRow): MarketplaceUser => ({ id: row.id, createdAt: row.created_at, ...toSessionUser(row) });

// Read on every call that names a user: compiled once.
const byName = prepared(
  (_db, p: { username: string }, engine) =>
    engine === 'sqlite'
      ? sql<UserRow>`SELECT * FROM users WHERE username = ${p.username} COLLATE NOCASE AND deleted_at IS NULL`
      : sql<UserRow>`SELECT * FROM users WHERE username = ${p.username} AND deleted_at IS NULL`,
  { first: true },
);
const byId = prepared((tx, p: { id: number }) => tx.selectFrom('users').selectAll().where('id', '=', p.id), { first: true });

/** The users table. Names are found regardless of case (SQLite: COLLATE NOCASE; PostgreSQL: citext). */
export const usersRepository = {
  /** For the super admin's stats: how many users, and how many with admin access. */
  countUsers: async (tx: Tx): Promise<number> =>
    Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM users WHERE deleted_at IS NULL`.execute(tx.kysely())).rows[0]?.n ?? 0),
  countAdmins: async (tx: Tx): Promise<number> =>
    Number(
      (
        await sql<{
          n: number;
        }>`SELECT COUNT(*) AS n FROM users WHERE (is_admin = 1 OR is_super_admin = 1) AND deleted_at IS NULL`.execute(tx.kysely())
      ).rows[0]?.n ?? 0,
    ),
  /** How many purchase requests or submissions are in each status. */
  byStatus: async (tx: Tx, table: 'purchase_requests' | 'item_submissions'): Promise<Record<string, number | undefined>> =>
    Object.fromEntries(
      (
        await sql<{ status: string; n: number }>`SELECT status, COUNT(*) AS n FROM ${sql.table(table)} GROUP BY status`.execute(tx.kysely())
      ).rows.map((row) => [row.status, Number(row.n)]),
    ),
  // A name holding a NUL character cannot exist (PostgreSQL cannot even compare one): nobody is found.
  findByName: async (tx: Tx, username: string) =>
    username.includes('\u0000') ? undefined : ((await byName(tx, { username })).rows[0] as UserRow | undefined),
  findById: async (tx: Tx, id: number) => (await byId(tx, { id })).rows[0] as UserRow | undefined,
  async insert(
    tx: Tx,
    username: string,
    passwordHash: string | null,
    createdAt: string,
    flags = { isAdmin: false, isSuperAdmin: false },
  ): Promise<number> {
    const row = await tx
      .kysely()
      .insertInto('users')
      .values({
        username,
        password_hash: passwordHash,
        is_admin: flags.isAdmin ? 1 : 0,
        is_super_admin: flags.isSuperAdmin ? 1 : 0,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  setPassword: (tx: Tx, id: number, hash: string) =>
    tx.kysely().updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute(),
  setContact: (tx: Tx, id: number, email: string | null, ps5: string | null, roblox: string | null) =>
    tx
      .kysely()
      .updateTable('users')
      .set({ contact_email: email, ps5_username: ps5, roblox_username: roblox })
      .where('id', '=', id)
      .execute(),
  setLanguage: (tx: Tx, id: number, language: string | null) =>
    tx.kysely().updateTable('users').set({ language }).where('id', '=', id).execute(),
  setAdmin: (tx: Tx, id: number, isAdmin: boolean) =>
    tx
      .kysely()
      .updateTable('users')
      .set({ is_admin: isAdmin ? 1 : 0 })
      .where('id', '=', id)
      .execute(),
  /** Makes one user the super admin (and an admin), and nobody else. */
  async markSuperAdmin(tx: Tx, id: number) {
    await tx.kysely().updateTable('users').set({ is_super_admin: 0 }).where('is_super_admin', '=', 1).where('id', '!=', id).execute();
    await tx.kysely().updateTable('users').set({ is_super_admin: 1, is_admin: 1 }).where('id', '=', id).execute();
  },
  list: async (tx: Tx) => (await users(tx).orderBy('created_at').orderBy('id').execute()) as UserRow[],
  /** The contact fields of every account that has one (deleted accounts have none). */
  contacts: (tx: Tx) =>
    tx
      .kysely()
      .selectFrom('users')
      .select(['username', 'contact_email', 'ps5_username', 'roblox_username'])
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([eb('contact_email', 'is not', null), eb('ps5_username', 'is not', null), eb('roblox_username', 'is not', null)]),
      )
      .orderBy('id')
      .execute(),
  /**
   * Deletes an account as a tombstone: the row (and so its id) stays for the ledger, promises and records that
   * reference it; its name moves aside (`~id:name`, which no valid username can be) so a new account may take it;
   * its password, contact details and roles are cleared.
   */
  tombstone: (tx: Tx, row: UserRow, at: string) =>
    tx
      .kysely()
      .updateTable('users')
      .set({
        username: `~${row.id}:${row.username}`,
        password_hash: null,
        contact_email: null,
        ps5_username: null,
        roblox_username: null,
        is_admin: 0,
        deleted_at: at,
      })
      .where('id', '=', row.id)
      .execute(),
  /**
   * What lets an account sign in or be reached, removed with it (issue 45.1): its passkeys, reset and setup links,
   * email confirmations, authenticator app, pending passkey ceremonies and push devices. Its sessions are ended by
   * the caller first (remembering why, for the devices still holding them).
   */
  async endCredentials(tx: Tx, id: number) {
    const db = tx.kysely();
    await db.deleteFrom('passkeys').where('user_id', '=', id).execute();
    await db.deleteFrom('setup_tokens').where('user_id', '=', id).execute();
    await db.deleteFrom('email_verifications').where('user_id', '=', id).execute();
    await db.deleteFrom('verified_emails').where('user_id', '=', id).execute();
    await db.deleteFrom('user_totp').where('user_id', '=', id).execute();
    await db.deleteFrom('webauthn_challenges').where('user_id', '=', id).execute();
    await db.deleteFrom('push_subscriptions').where('user_id', '=', id).execute();
  },
  /** A user's page (issue 33 item 7): their newest requests and sales (with pickups), and their sessions. */
  async detailOf(tx: Tx, id: number, limit: number) {
    const [purchases, sales, counts] = await Promise.all([
      tx
        .kysely()
        .selectFrom('purchase_requests')
        .select(['id', 'status', 'total_cents', 'total_items', 'created_at', 'scheduled_date', 'scheduled_time', 'is_immediate_schedule'])
        .where('requester_id', '=', id)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
        .then(async (rows) => {
          const lines = await linesByRequest(
            tx,
            rows.map((row) => row.id),
          );
          return rows.map((row) => ({ ...row, totalCents: asCents(Number(row.total_cents)), lines: lines.get(row.id) ?? [] }));
        }),
      tx
        .kysely()
        .selectFrom('item_submissions as s')
        .leftJoin('scheduled_pickups as p', 'p.submission_id', 's.id')
        .select([
          's.id',
          's.ps5_name',
          's.roblox_name',
          's.quantity',
          's.payment_method',
          's.status',
          's.created_at',
          'p.id as pickup_id',
          'p.scheduled_date',
          'p.scheduled_time',
          'p.is_immediate',
          'p.completed',
          'p.paid',
          'p.paid_at',
          'p.agreed_price_cents',
        ])
        .where('s.submitter_id', '=', id)
        .orderBy('s.id', 'desc')
        .limit(limit)
        .execute(),
      sql<{ purchases: number; sales: number; sessions: number; last_seen: number | null }>`SELECT
         (SELECT COUNT(*) FROM purchase_requests WHERE requester_id = ${id}) AS purchases,
         (SELECT COUNT(*) FROM item_submissions WHERE submitter_id = ${id}) AS sales,
         (SELECT COUNT(*) FROM sessions WHERE user_id = ${id}) AS sessions,
         (SELECT MAX(last_seen_at) FROM sessions WHERE user_id = ${id}) AS last_seen`.execute(tx.kysely()),
    ]);
    const row = counts.rows[0];
    return {
      purchases,
      sales,
      purchaseCount: Number(row.purchases),
      saleCount: Number(row.sales),
      sessions: Number(row.sessions),
      lastSeenAt: row.last_seen === null ? null : Number(row.last_seen),
    };
  },
  /** What deleting an account would end or leave behind: its credit balance and its open deals. */
  async openDealsOf(tx: Tx, id: number) {
    const { rows } = await sql<{ purchases: number; submissions: number; promises: number; balance: number }>`SELECT
       (SELECT COUNT(*) FROM purchase_requests WHERE requester_id = ${id} AND status IN ('pending', 'approved')) AS purchases,
       (SELECT COUNT(*) FROM item_submissions s WHERE s.submitter_id = ${id} AND (s.status = 'pending' OR (s.status = 'scheduled'
          AND NOT EXISTS (SELECT 1 FROM scheduled_pickups p WHERE p.submission_id = s.id AND p.paid = 1)))) AS submissions,
       (SELECT COUNT(*) FROM promises WHERE user_id = ${id} AND status = 'open') AS promises,
       (SELECT COALESCE(SUM(amount_cents), 0) FROM credit_ledger WHERE user_id = ${id}) AS balance`.execute(tx.kysely());
    const row = rows[0];
    return {
      purchases: Number(row.purchases),
      submissions: Number(row.submissions),
      promises: Number(row.promises),
      balanceCents: Number(row.balance),
    };
  },
};

/** The repository (usersRepository): one module-level object of small named queries, kept behind the factory callers use. */
export function createUsersRepository() {
  return usersRepository;
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;

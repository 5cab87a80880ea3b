import type { Tables } from '../../db/tables';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Tx } from '../../db/scope';
import { prepared } from '../../db/prepared';
import type { UserRow } from '../users/repository';

export type SessionRow = Selectable<Tables['sessions']>;

/** A session with its user's row, read in one query on every API call. */
export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
}

// One lookup per API call instead of two: the session's times and its user's row together (compiled once).
const sessionWithUser = prepared(
  (_db, p: { hash: string }) => sql<UserRow & { session_created_at: number; session_last_seen_at: number }>`
    SELECT u.*, s.created_at AS session_created_at, s.last_seen_at AS session_last_seen_at
    FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ${p.hash} AND u.deleted_at IS NULL`,
  { first: true },
);

/** Sessions and one-time setup tokens; both stored only as SHA-256 hashes. */
export const authRepository = {
  insertSession: (tx: Tx, hash: string, userId: number, now: number) =>
    tx.kysely().insertInto('sessions').values({ token_hash: hash, user_id: userId, created_at: now, last_seen_at: now }).execute(),
  findSession: async (tx: Tx, hash: string): Promise<SessionWithUser | undefined> => {
    const { rows } = await sessionWithUser(tx, { hash });
    const row = rows[0];
    if (!row) return undefined;
    const { session_created_at, session_last_seen_at, ...user } = row;
    return { session: { token_hash: hash, user_id: user.id, created_at: session_created_at, last_seen_at: session_last_seen_at }, user };
  },
  touchSession: (tx: Tx, hash: string, now: number) =>
    tx.kysely().updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', hash).execute(),
  deleteSession: (tx: Tx, hash: string) => tx.kysely().deleteFrom('sessions').where('token_hash', '=', hash).execute(),
  deleteUserSessions: (tx: Tx, userId: number) => tx.kysely().deleteFrom('sessions').where('user_id', '=', userId).execute(),
  deleteOtherSessions: (tx: Tx, userId: number, keepHash: string) =>
    tx.kysely().deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '!=', keepHash).execute(),
  deleteExpiredSessions: (tx: Tx, idleBefore: number, createdBefore: number) =>
    tx
      .kysely()
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('last_seen_at', '<', idleBefore), eb('created_at', '<', createdBefore)]))
      .execute(),
  insertSetupToken: (tx: Tx, hash: string, userId: number, now: number) =>
    tx.kysely().insertInto('setup_tokens').values({ token_hash: hash, user_id: userId, created_at: now }).execute(),
  /** A one-time token that has not ended (a reset link ends; the first-start link does not). */
  findSetupToken: (tx: Tx, hash: string) =>
    tx
      .kysely()
      .selectFrom('setup_tokens')
      .selectAll()
      .where('token_hash', '=', hash)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', Date.now())]))
      .executeTakeFirst(),
  deleteSetupTokens: (tx: Tx, userId: number) => tx.kysely().deleteFrom('setup_tokens').where('user_id', '=', userId).execute(),
  /** Remembers why the user's sessions (all, or all but one) are ending; call before deleting them. */
  markUserSessionsEnded: (tx: Tx, userId: number, reason: string, now: number, exceptHash?: string) =>
    (exceptHash
      ? sql`INSERT INTO ended_sessions (token_hash, reason, ended_at) SELECT token_hash, ${reason}, ${now} FROM sessions WHERE user_id = ${userId} AND token_hash <> ${exceptHash}
          ON CONFLICT (token_hash) DO UPDATE SET reason = excluded.reason, ended_at = excluded.ended_at`
      : sql`INSERT INTO ended_sessions (token_hash, reason, ended_at) SELECT token_hash, ${reason}, ${now} FROM sessions WHERE user_id = ${userId}
          ON CONFLICT (token_hash) DO UPDATE SET reason = excluded.reason, ended_at = excluded.ended_at`
    ).execute(tx.kysely()),
  markSessionEnded: (tx: Tx, hash: string, reason: string, now: number) =>
    tx
      .kysely()
      .insertInto('ended_sessions')
      .values({ token_hash: hash, reason, ended_at: now })
      .onConflict((conflict) => conflict.column('token_hash').doUpdateSet({ reason, ended_at: now }))
      .execute(),
  /** Why the session with this hash ended, when it is remembered. */
  endedReason: async (tx: Tx, hash: string): Promise<string | undefined> =>
    (await tx.kysely().selectFrom('ended_sessions').select('reason').where('token_hash', '=', hash).executeTakeFirst())?.reason,
  forgetEndedBefore: (tx: Tx, time: number) => tx.kysely().deleteFrom('ended_sessions').where('ended_at', '<', time).execute(),
};

/** The repository (authRepository): one module-level object of small named queries, kept behind the factory callers use. */
export function createAuthRepository() {
  return authRepository;
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;

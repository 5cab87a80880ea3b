import type { CreditEntry } from '../../../src/domain/schemas/credit';
import type { CreditKind, PromiseStatus } from '../../../src/domain/promise';
import { sql } from 'kysely';
import type { Tx } from '../../db/scope';

export type PromiseSubject = 'purchase_request' | 'pickup';

export interface PromiseRow {
  id: number;
  subject_type: PromiseSubject;
  subject_id: number;
  user_id: number | null;
  promised_at: string;
  deadline_at: string;
  base_cents: number | null;
  status: PromiseStatus;
  created_at: string;
  closed_at: string | null;
  closed_by: string | null;
}

interface LedgerRow {
  id: number;
  user_id: number;
  amount_cents: number;
  kind: CreditKind;
  subject_type: PromiseSubject | null;
  subject_id: number | null;
  reason: string | null;
  cause: string;
  created_at: string;
  created_by: string | null;
}

export interface NewLedgerEntry {
  userId: number;
  amountCents: number;
  kind: CreditKind;
  subjectType: PromiseSubject | null;
  subjectId: number | null;
  reason: string | null;
  /** Why the entry exists, unique: a second entry for the same cause is never written. */
  cause: string;
  createdAt: string;
  createdBy: string | null;
}

export const toCreditEntry = (row: LedgerRow): CreditEntry => ({
  id: row.id,
  amount: row.amount_cents / 100,
  kind: row.kind,
  subjectType: row.subject_type === 'purchase_request' ? 'purchase-request' : row.subject_type,
  subjectId: row.subject_id,
  reason: row.reason,
  createdAt: row.created_at,
  createdBy: row.created_by,
});

/** The promises and credit_ledger tables. */
export function createCreditRepository() {
  const promises = (tx: Tx) => tx.kysely().selectFrom('promises').selectAll();
  const ledger = (tx: Tx) => tx.kysely().selectFrom('credit_ledger').selectAll();
  const entryByCause = async (tx: Tx, cause: string) =>
    (await ledger(tx).where('cause', '=', cause).executeTakeFirst()) as LedgerRow | undefined;
  return {
    insertPromise: async (
      tx: Tx,
      promise: {
        subjectType: PromiseSubject;
        subjectId: number;
        userId: number | null;
        promisedAt: string;
        deadlineAt: string;
        baseCents: number | null;
        createdAt: string;
      },
    ) =>
      (
        await tx
          .kysely()
          .insertInto('promises')
          .values({
            subject_type: promise.subjectType,
            subject_id: promise.subjectId,
            user_id: promise.userId,
            promised_at: promise.promisedAt,
            deadline_at: promise.deadlineAt,
            base_cents: promise.baseCents,
            status: 'open',
            created_at: promise.createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    findPromise: async (tx: Tx, id: number) => (await promises(tx).where('id', '=', id).executeTakeFirst()) as PromiseRow | undefined,
    openPromiseOf: async (tx: Tx, subjectType: PromiseSubject, subjectId: number) =>
      (await promises(tx)
        .where('subject_type', '=', subjectType)
        .where('subject_id', '=', subjectId)
        .where('status', '=', 'open')
        .executeTakeFirst()) as PromiseRow | undefined,
    /** The record's most recent promise, whatever its status. */
    latestPromiseOf: async (tx: Tx, subjectType: PromiseSubject, subjectId: number) =>
      (await promises(tx)
        .where('subject_type', '=', subjectType)
        .where('subject_id', '=', subjectId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()) as PromiseRow | undefined,
    /** Closes an open promise; false when it was no longer open (another run closed it first). */
    closePromise: async (tx: Tx, id: number, status: PromiseStatus, at: string, by: string | null) => {
      const result = await tx
        .kysely()
        .updateTable('promises')
        .set({ status, closed_at: at, closed_by: by })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /** The user's requests still pending or approved that spent credit: cancelling or rejecting them gives it back. */
    openSpendersOf: async (tx: Tx, userId: number) =>
      (
        await tx
          .kysely()
          .selectFrom('purchase_requests')
          .select('id')
          .where('requester_id', '=', userId)
          .where('status', 'in', ['pending', 'approved'])
          .where('credit_applied_cents', '>', 0)
          .orderBy('id')
          .execute()
      ).map((row) => row.id),
    /** Withdraws the record's open proposal of a new time, if any (its owner's account was deleted). */
    withdrawOpenProposals: (tx: Tx, subjectType: PromiseSubject, subjectId: number, at: string, by: string) =>
      sql`UPDATE proposals SET status = 'withdrawn', decided_at = ${at}, decided_by = ${by}
          WHERE subject_type = ${subjectType} AND subject_id = ${subjectId} AND status = 'open'`.execute(tx.kysely()),
    /** A user's open promises (to end them when the account is deleted). */
    openPromisesOfUser: async (tx: Tx, userId: number) =>
      (await promises(tx).where('user_id', '=', userId).where('status', '=', 'open').orderBy('id').execute()) as PromiseRow[],
    /** Open promises whose deadline has passed, earliest first. */
    duePromises: async (tx: Tx, now: string, limit = 500) =>
      (await promises(tx)
        .where('status', '=', 'open')
        .where('deadline_at', '<', now)
        .orderBy('deadline_at')
        .limit(limit)
        .execute()) as PromiseRow[],
    /** Appends an entry unless one with the same cause exists; answers the entry of that cause either way and whether it is new. */
    async append(tx: Tx, entry: NewLedgerEntry): Promise<{ entry: CreditEntry; created: boolean }> {
      const inserted = await tx
        .kysely()
        .insertInto('credit_ledger')
        .values({
          user_id: entry.userId,
          amount_cents: entry.amountCents,
          kind: entry.kind,
          subject_type: entry.subjectType,
          subject_id: entry.subjectId,
          reason: entry.reason,
          cause: entry.cause,
          created_at: entry.createdAt,
          created_by: entry.createdBy,
        })
        .onConflict((conflict) => conflict.column('cause').doNothing())
        .returning('id')
        .executeTakeFirst();
      return { entry: toCreditEntry((await entryByCause(tx, entry.cause))!), created: inserted !== undefined };
    },
    findEntry: async (tx: Tx, id: number) => {
      const row = (await ledger(tx).where('id', '=', id).executeTakeFirst()) as LedgerRow | undefined;
      return row ? { entry: toCreditEntry(row), userId: row.user_id, cents: row.amount_cents } : undefined;
    },
    hasCause: async (tx: Tx, cause: string) => (await entryByCause(tx, cause)) !== undefined,
    entriesOf: async (tx: Tx, userId: number) =>
      ((await ledger(tx).where('user_id', '=', userId).orderBy('id', 'desc').execute()) as LedgerRow[]).map(toCreditEntry),
    balanceCents: async (tx: Tx, userId: number): Promise<number> => {
      const { rows } = await sql<{
        cents: number;
      }>`SELECT COALESCE(SUM(amount_cents), 0) AS cents FROM credit_ledger WHERE user_id = ${userId}`.execute(tx.kysely());
      return Number(rows[0]?.cents ?? 0);
    },
    stats: async (tx: Tx) => {
      const { rows } = await sql<{ kept: number; missed: number; granted: number; outstanding: number }>`SELECT
         (SELECT COUNT(*) FROM promises WHERE status = 'kept') AS kept,
         (SELECT COUNT(*) FROM promises WHERE status = 'missed') AS missed,
         (SELECT COALESCE(SUM(amount_cents), 0) FROM credit_ledger WHERE kind IN ('missed-drop', 'missed-pickup')) AS granted,
         (SELECT COALESCE(SUM(amount_cents), 0) FROM credit_ledger
            WHERE user_id IN (SELECT id FROM users WHERE deleted_at IS NULL)) AS outstanding`.execute(tx.kysely());
      const row = rows[0];
      return { kept: Number(row.kept), missed: Number(row.missed), granted: Number(row.granted), outstanding: Number(row.outstanding) };
    },
  };
}
export type CreditRepository = ReturnType<typeof createCreditRepository>;

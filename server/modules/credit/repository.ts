import type { Tables } from '../../db/tables';
import type { Selectable } from 'kysely';
import type { CreditEntryJson as CreditEntry } from '../../../src/domain/schemas/credit';
import type { CreditKind } from '../../../src/domain/promise';
import type { PromiseKind } from '../../../src/domain/record-kind';
import { sql } from 'kysely';
import { asCents, type Cents, fromCents } from '../../../src/domain/money';
import type { Tx } from '../../db/scope';
import { fromStoredPromiseKind, toStoredPromiseKind } from '../../db/record-kinds';
import { creditGranted } from '../ops/metrics';

type LedgerRow = Omit<Selectable<Tables['credit_ledger']>, 'kind'> & { kind: CreditKind };

export interface NewLedgerEntry {
  userId: number;
  amountCents: Cents;
  kind: CreditKind;
  subjectType: PromiseKind | null;
  subjectId: number | null;
  reason: string | null;
  /** Why the entry exists, unique: a second entry for the same cause is never written. */
  cause: string;
  createdAt: string;
  createdBy: string | null;
}

export const toCreditEntry = (row: LedgerRow): CreditEntry => ({
  id: row.id,
  amount: fromCents(row.amount_cents),
  kind: row.kind,
  subjectType: row.subject_type === null ? null : fromStoredPromiseKind(row.subject_type),
  subjectId: row.subject_id,
  reason: row.reason,
  createdAt: row.created_at,
  createdBy: row.created_by,
});

/** The credit_ledger table: append-only, one entry per cause. */
export function createCreditRepository() {
  const ledger = (tx: Tx) => tx.kysely().selectFrom('credit_ledger').selectAll();
  const entryByCause = async (tx: Tx, cause: string) =>
    (await ledger(tx).where('cause', '=', cause).executeTakeFirst()) as LedgerRow | undefined;
  return {
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
    /** Appends an entry unless one with the same cause exists; answers the entry of that cause either way and whether it is new. */
    async append(tx: Tx, entry: NewLedgerEntry): Promise<{ entry: CreditEntry; created: boolean }> {
      const inserted = await tx
        .kysely()
        .insertInto('credit_ledger')
        .values({
          user_id: entry.userId,
          amount_cents: entry.amountCents,
          kind: entry.kind,
          subject_type: entry.subjectType === null ? null : toStoredPromiseKind(entry.subjectType),
          subject_id: entry.subjectId,
          reason: entry.reason,
          cause: entry.cause,
          created_at: entry.createdAt,
          created_by: entry.createdBy,
        })
        .onConflict((conflict) => conflict.column('cause').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted !== undefined && entry.amountCents > 0) tx.afterCommit(() => creditGranted.inc({ kind: entry.kind }, entry.amountCents));
      return { entry: toCreditEntry((await entryByCause(tx, entry.cause))!), created: inserted !== undefined };
    },
    findEntry: async (tx: Tx, id: number) => {
      const row = (await ledger(tx).where('id', '=', id).executeTakeFirst()) as LedgerRow | undefined;
      return row ? { entry: toCreditEntry(row), userId: row.user_id, cents: asCents(Number(row.amount_cents)) } : undefined;
    },
    hasCause: async (tx: Tx, cause: string) => (await entryByCause(tx, cause)) !== undefined,
    entriesOf: async (tx: Tx, userId: number) =>
      ((await ledger(tx).where('user_id', '=', userId).orderBy('id', 'desc').execute()) as LedgerRow[]).map(toCreditEntry),
    balanceCents: async (tx: Tx, userId: number): Promise<Cents> => {
      const { rows } = await sql<{
        cents: number;
      }>`SELECT COALESCE(SUM(amount_cents), 0) AS cents FROM credit_ledger WHERE user_id = ${userId}`.execute(tx.kysely());
      return asCents(Number(rows[0]?.cents ?? 0));
    },
    /** Credit granted for missed promises, and credit held by accounts still open (the super admin's statistics). */
    grantedAndOutstanding: async (tx: Tx) => {
      const { rows } = await sql<{ granted: number; outstanding: number }>`SELECT
         (SELECT COALESCE(SUM(amount_cents), 0) FROM credit_ledger WHERE kind IN ('missed-drop', 'missed-pickup')) AS granted,
         (SELECT COALESCE(SUM(amount_cents), 0) FROM credit_ledger
            WHERE user_id IN (SELECT id FROM users WHERE deleted_at IS NULL)) AS outstanding`.execute(tx.kysely());
      const row = rows[0];
      return { granted: asCents(Number(row.granted)), outstanding: asCents(Number(row.outstanding)) };
    },
  };
}
export type CreditRepository = ReturnType<typeof createCreditRepository>;

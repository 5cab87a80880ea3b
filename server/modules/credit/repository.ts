import type { CreditEntry } from '../../../src/domain/schemas/credit';
import type { CreditKind, PromiseStatus } from '../../../src/domain/promise';
import type { Db } from '../../db/connection';

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
export function createCreditRepository(db: Db) {
  const insertPromise = db.prepare(
    `INSERT INTO promises (subject_type, subject_id, user_id, promised_at, deadline_at, base_cents, status, created_at)
     VALUES (@subjectType, @subjectId, @userId, @promisedAt, @deadlineAt, @baseCents, 'open', @createdAt)`,
  );
  const promiseById = db.prepare<[number], PromiseRow>('SELECT * FROM promises WHERE id = ?');
  const latestPromiseOf = db.prepare<[PromiseSubject, number], PromiseRow>('SELECT * FROM promises WHERE subject_type = ? AND subject_id = ? ORDER BY id DESC LIMIT 1');
  const openPromiseOf = db.prepare<[PromiseSubject, number], PromiseRow>("SELECT * FROM promises WHERE subject_type = ? AND subject_id = ? AND status = 'open'");
  const closePromise = db.prepare<[PromiseStatus, string, string | null, number]>(
    "UPDATE promises SET status = ?, closed_at = ?, closed_by = ? WHERE id = ? AND status = 'open'",
  );
  const due = db.prepare<[string, number], PromiseRow>("SELECT * FROM promises WHERE status = 'open' AND deadline_at < ? ORDER BY deadline_at LIMIT ?");
  const insertEntry = db.prepare(
    `INSERT INTO credit_ledger (user_id, amount_cents, kind, subject_type, subject_id, reason, cause, created_at, created_by)
     VALUES (@userId, @amountCents, @kind, @subjectType, @subjectId, @reason, @cause, @createdAt, @createdBy)
     ON CONFLICT (cause) DO NOTHING`,
  );
  const entryById = db.prepare<[number], LedgerRow>('SELECT * FROM credit_ledger WHERE id = ?');
  const entryByCause = db.prepare<[string], LedgerRow>('SELECT * FROM credit_ledger WHERE cause = ?');
  const entriesOf = db.prepare<[number], LedgerRow>('SELECT * FROM credit_ledger WHERE user_id = ? ORDER BY id DESC');
  const balanceOf = db.prepare<[number], number>('SELECT COALESCE(SUM(amount_cents), 0) FROM credit_ledger WHERE user_id = ?').pluck();
  const stats = db.prepare<[], { kept: number; missed: number; granted: number; outstanding: number }>(
    `SELECT
       (SELECT COUNT(*) FROM promises WHERE status = 'kept') AS kept,
       (SELECT COUNT(*) FROM promises WHERE status = 'missed') AS missed,
       (SELECT COALESCE(SUM(amount_cents), 0) FROM credit_ledger WHERE kind IN ('missed-drop', 'missed-pickup')) AS granted,
       (SELECT COALESCE(SUM(amount_cents), 0) FROM credit_ledger) AS outstanding`,
  );
  return {
    insertPromise: (promise: {
      subjectType: PromiseSubject;
      subjectId: number;
      userId: number | null;
      promisedAt: string;
      deadlineAt: string;
      baseCents: number | null;
      createdAt: string;
    }) => Number(insertPromise.run(promise).lastInsertRowid),
    findPromise: (id: number) => promiseById.get(id),
    openPromiseOf: (subjectType: PromiseSubject, subjectId: number) => openPromiseOf.get(subjectType, subjectId),
    /** The record's most recent promise, whatever its status. */
    latestPromiseOf: (subjectType: PromiseSubject, subjectId: number) => latestPromiseOf.get(subjectType, subjectId),
    /** Closes an open promise; false when it was no longer open (another run closed it first). */
    closePromise: (id: number, status: PromiseStatus, at: string, by: string | null) => closePromise.run(status, at, by, id).changes === 1,
    /** Open promises whose deadline has passed, earliest first. */
    duePromises: (now: string, limit = 500) => due.all(now, limit),
    /** Appends an entry unless one with the same cause exists; answers the entry of that cause either way and whether it is new. */
    append(entry: NewLedgerEntry): { entry: CreditEntry; created: boolean } {
      const created = insertEntry.run(entry).changes === 1;
      return { entry: toCreditEntry(entryByCause.get(entry.cause)!), created };
    },
    findEntry: (id: number) => {
      const row = entryById.get(id);
      return row ? { entry: toCreditEntry(row), userId: row.user_id, cents: row.amount_cents } : undefined;
    },
    hasCause: (cause: string) => entryByCause.get(cause) !== undefined,
    entriesOf: (userId: number) => entriesOf.all(userId).map(toCreditEntry),
    balanceCents: (userId: number): number => balanceOf.get(userId) ?? 0,
    stats: () => stats.get()!,
  };
}
export type CreditRepository = ReturnType<typeof createCreditRepository>;

import type { Tables } from '../../db/tables';
import type { Selectable } from 'kysely';
import type { PromiseKind } from '../../../src/domain/record-kind';
import type { DisputeJson as Dispute } from '../../../src/domain/schemas/deals';
import type { Tx } from '../../db/scope';
import { fromStoredPromiseKind, toStoredPromiseKind } from '../../db/record-kinds';

const disputes = (tx: Tx) =>
  tx
    .kysely()
    .selectFrom('disputes as d')
    .innerJoin('promises as p', 'p.id', 'd.promise_id')
    // A pickup's conversation is its submission's (DESIGN §13).
    .leftJoin('scheduled_pickups as sp', (join) => join.onRef('sp.id', '=', 'd.subject_id').on('d.subject_type', '=', 'pickup'))
    .select([
      'sp.submission_id',
      'd.id',
      'd.subject_type',
      'd.subject_id',
      'd.promise_id',
      'd.user_id',
      'd.username',
      'd.reason',
      'd.status',
      'd.created_at',
      'd.decided_at',
      'd.decided_by',
      'd.decision_note',
      'p.promised_at',
      'p.closed_at',
      'p.closed_by',
      'p.base_cents',
    ]);
/** A dispute as read: the table's row with its promise's time and close, and the pickup's base price and submission. */
type DisputeRow = Selectable<Tables['disputes']> & {
  promised_at: string;
  closed_at: string | null;
  closed_by: string | null;
  base_cents: number | null;
  submission_id: number | null;
};

/** A stored dispute with its promise and owner, as the service needs them. */
export interface StoredDispute {
  dispute: Omit<Dispute, 'credit'>;
  promiseId: number;
  userId: number | null;
  baseCents: number | null;
}

const toDispute = (row: DisputeRow): StoredDispute => ({
  promiseId: row.promise_id,
  userId: row.user_id,
  baseCents: row.base_cents === null ? null : Number(row.base_cents),
  dispute: {
    id: row.id,
    subjectType: fromStoredPromiseKind(row.subject_type),
    subjectId: row.subject_id,
    submissionId: row.submission_id ?? null,
    username: row.username,
    reason: row.reason,
    status: row.status as Dispute['status'],
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    decidedBy: row.decided_by,
    decisionNote: row.decision_note,
    promisedAt: row.promised_at,
    noShowAt: row.closed_at,
    noShowBy: row.closed_by,
  },
});

/** The disputes table (with the promise each disputes). */
export const dealsRepository = {
  insertDispute: async (
    tx: Tx,
    {
      kind,
      ...row
    }: {
      kind: PromiseKind;
      subject_id: number;
      promise_id: number;
      user_id: number;
      username: string;
      reason: string;
      created_at: string;
    },
  ) =>
    (
      await tx
        .kysely()
        .insertInto('disputes')
        .values({ ...row, subject_type: toStoredPromiseKind(kind) })
        .onConflict((c) => c.column('promise_id').doNothing())
        .returning('id')
        .executeTakeFirst()
    )?.id,
  findDispute: async (tx: Tx, id: number) => {
    const row = (await disputes(tx).where('d.id', '=', id).executeTakeFirst()) as DisputeRow | undefined;
    return row ? toDispute(row) : undefined;
  },
  disputeOfPromise: async (tx: Tx, promiseId: number) => {
    const row = (await disputes(tx).where('d.promise_id', '=', promiseId).executeTakeFirst()) as DisputeRow | undefined;
    return row ? toDispute(row) : undefined;
  },
  listDisputes: async (tx: Tx, filter: { userId?: number; status?: string } = {}) => {
    let query = disputes(tx);
    if (filter.userId !== undefined) query = query.where('d.user_id', '=', filter.userId);
    if (filter.status !== undefined) query = query.where('d.status', '=', filter.status);
    return ((await query.orderBy('d.id', 'desc').limit(500).execute()) as DisputeRow[]).map(toDispute);
  },
  /** Decides an open dispute; false when it was already decided (by another process, or a double tap). */
  decideDispute: async (
    tx: Tx,
    id: number,
    { status, at, by, note }: { status: 'upheld' | 'dismissed'; at: string; by: string; note: string | null },
  ) =>
    (
      await tx
        .kysely()
        .updateTable('disputes')
        .set({ status, decided_at: at, decided_by: by, decision_note: note })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst()
    ).numUpdatedRows === 1n,
};

/** The repository (dealsRepository): one module-level object of small named queries, kept behind the factory callers use. */
export function createDealsRepository() {
  return dealsRepository;
}
export type DealsRepository = ReturnType<typeof createDealsRepository>;

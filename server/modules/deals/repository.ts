import type { Dispute, Proposal, PromiseSubjectType } from '../../../src/domain/schemas/deals';
import type { Tx } from '../../db/scope';
import type { PromiseSubject } from '../credit/repository';

/** The API's record kind ('purchase-request') as the tables spell it ('purchase_request'), and back. */
export const toTableSubject = (subject: PromiseSubjectType): PromiseSubject =>
  subject === 'purchase-request' ? 'purchase_request' : 'pickup';
export const toApiSubject = (subject: string): PromiseSubjectType => (subject === 'purchase_request' ? 'purchase-request' : 'pickup');

interface ProposalRow {
  id: number;
  subject_type: string;
  subject_id: number;
  scheduled_date: string;
  scheduled_time: string;
  is_immediate: number;
  promised_at: string;
  proposed_by_id: number | null;
  proposed_by: string;
  proposed_by_role: string;
  status: string;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

/** A stored proposal with who made it (by id, for the "other side only" rule). */
export interface StoredProposal {
  proposal: Proposal;
  proposedById: number | null;
}

const toProposal = (row: ProposalRow): StoredProposal => ({
  proposedById: row.proposed_by_id,
  proposal: {
    id: row.id,
    subjectType: toApiSubject(row.subject_type),
    subjectId: row.subject_id,
    scheduledDate: row.scheduled_date,
    scheduledTime: row.scheduled_time,
    isImmediate: Number(row.is_immediate) === 1,
    promisedAt: row.promised_at,
    proposedBy: row.proposed_by,
    proposedByRole: row.proposed_by_role as Proposal['proposedByRole'],
    status: row.status as Proposal['status'],
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    decidedBy: row.decided_by,
  },
});

interface DisputeRow {
  id: number;
  subject_type: string;
  subject_id: number;
  promise_id: number;
  user_id: number | null;
  username: string;
  reason: string;
  status: string;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
  decision_note: string | null;
  promised_at: string;
  closed_at: string | null;
  closed_by: string | null;
  base_cents: number | null;
  submission_id: number | null;
}

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
    subjectType: toApiSubject(row.subject_type),
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

/** The proposals and disputes tables. */
export function createDealsRepository() {
  const proposals = (tx: Tx) => tx.kysely().selectFrom('proposals').selectAll();
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
  return {
    insertProposal: async (tx: Tx, row: Omit<ProposalRow, 'id' | 'status' | 'decided_at' | 'decided_by'>): Promise<number> =>
      (await tx.kysely().insertInto('proposals').values(row).returning('id').executeTakeFirstOrThrow()).id,
    findProposal: async (tx: Tx, id: number) => {
      const row = (await proposals(tx).where('id', '=', id).executeTakeFirst()) as ProposalRow | undefined;
      return row ? toProposal(row) : undefined;
    },
    openProposalOf: async (tx: Tx, subject: PromiseSubject, subjectId: number) => {
      const row = (await proposals(tx)
        .where('subject_type', '=', subject)
        .where('subject_id', '=', subjectId)
        .where('status', '=', 'open')
        .executeTakeFirst()) as ProposalRow | undefined;
      return row ? toProposal(row) : undefined;
    },
    proposalsOf: async (tx: Tx, subject: PromiseSubject, subjectId: number) =>
      (
        (await proposals(tx)
          .where('subject_type', '=', subject)
          .where('subject_id', '=', subjectId)
          .orderBy('id', 'desc')
          .execute()) as ProposalRow[]
      ).map(toProposal),
    /** Every open proposal, newest first (filtered by the service to what the viewer may answer). */
    openProposals: async (tx: Tx) =>
      ((await proposals(tx).where('status', '=', 'open').orderBy('id', 'desc').limit(500).execute()) as ProposalRow[]).map(toProposal),
    /** Closes an open proposal; false when it was no longer open (answered or replaced first). */
    closeProposal: async (tx: Tx, id: number, status: 'accepted' | 'declined' | 'withdrawn', at: string, by: string) =>
      (
        await tx
          .kysely()
          .updateTable('proposals')
          .set({ status, decided_at: at, decided_by: by })
          .where('id', '=', id)
          .where('status', '=', 'open')
          .executeTakeFirst()
      ).numUpdatedRows === 1n,

    insertDispute: async (
      tx: Tx,
      row: {
        subject_type: string;
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
          .values(row)
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
    decideDispute: async (tx: Tx, id: number, status: 'upheld' | 'dismissed', at: string, by: string, note: string | null) =>
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
}
export type DealsRepository = ReturnType<typeof createDealsRepository>;

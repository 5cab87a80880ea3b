import { storedDate } from '../../../src/domain/drop-schedule';
import type { PromiseStatus } from '../../../src/domain/promise';
import type { PromiseKind } from '../../../src/domain/record-kind';
import type { Proposal } from '../../../src/domain/schemas/deals';
import { sql, type Selectable } from 'kysely';
import type { Tx } from '../../db/scope';
import { fromStoredPromiseKind, toStoredPromiseKind } from '../../db/record-kinds';
import { promisesClosed } from '../ops/metrics';
import type { Tables } from '../../db/tables';

/** A promises row, its status as the domain names them. */
type PromiseRow = Omit<Selectable<Tables['promises']>, 'status'> & { status: PromiseStatus };

/** A promise as the service reads it: the row, its record kind spelled as everywhere above the tables. */
export type StoredPromise = Omit<PromiseRow, 'subject_type'> & { kind: PromiseKind };

const toPromise = ({ subject_type, ...row }: PromiseRow): StoredPromise => ({ ...row, kind: fromStoredPromiseKind(subject_type) });
const toPromiseOrUndefined = (row: unknown) => (row ? toPromise(row as PromiseRow) : undefined);

type ProposalRow = Selectable<Tables['proposals']>;

/** A new proposal's columns, its record kind as the domain spells it. */
export type NewProposal = Omit<ProposalRow, 'id' | 'subject_type' | 'status' | 'decided_at' | 'decided_by'> & { kind: PromiseKind };

/** A stored proposal with who made it (by id, for the "other side only" rule). */
export interface StoredProposal {
  proposal: Proposal;
  proposedById: number | null;
}

const toProposal = (row: ProposalRow): StoredProposal => ({
  proposedById: row.proposed_by_id,
  proposal: {
    id: row.id,
    subjectType: fromStoredPromiseKind(row.subject_type),
    subjectId: row.subject_id,
    scheduledDate: storedDate(row.scheduled_date, row.is_immediate),
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

const promises = (tx: Tx) => tx.kysely().selectFrom('promises').selectAll();
const proposals = (tx: Tx) => tx.kysely().selectFrom('proposals').selectAll();
const ofRecord = (tx: Tx, kind: PromiseKind, subjectId: number) =>
  promises(tx).where('subject_type', '=', toStoredPromiseKind(kind)).where('subject_id', '=', subjectId);

/** The promises table: made, found, closed once. */
const promiseQueries = {
  insertPromise: async (
    tx: Tx,
    promise: {
      kind: PromiseKind;
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
          subject_type: toStoredPromiseKind(promise.kind),
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
  findPromise: async (tx: Tx, id: number) => toPromiseOrUndefined(await promises(tx).where('id', '=', id).executeTakeFirst()),
  openPromiseOf: async (tx: Tx, kind: PromiseKind, subjectId: number) =>
    toPromiseOrUndefined(await ofRecord(tx, kind, subjectId).where('status', '=', 'open').executeTakeFirst()),
  /** The record's most recent promise, whatever its status. */
  latestPromiseOf: async (tx: Tx, kind: PromiseKind, subjectId: number) =>
    toPromiseOrUndefined(await ofRecord(tx, kind, subjectId).orderBy('id', 'desc').limit(1).executeTakeFirst()),
  /** Closes an open promise; false when it was no longer open (another run closed it first). */
  closePromise: async (tx: Tx, id: number, change: { status: PromiseStatus; at: string; by: string | null }) => {
    const result = await tx
      .kysely()
      .updateTable('promises')
      .set({ status: change.status, closed_at: change.at, closed_by: change.by })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    const closed = result.numUpdatedRows === 1n;
    if (closed) tx.afterCommit(() => promisesClosed.inc({ outcome: change.status }));
    return closed;
  },
  /** A user's open promises (to end them when the account is deleted). */
  openPromisesOfUser: async (tx: Tx, userId: number) =>
    ((await promises(tx).where('user_id', '=', userId).where('status', '=', 'open').orderBy('id').execute()) as PromiseRow[]).map(
      toPromise,
    ),
  /** Open promises whose deadline has passed, earliest first. */
  duePromises: async (tx: Tx, now: string, limit = 500) =>
    (
      (await promises(tx)
        .where('status', '=', 'open')
        .where('deadline_at', '<', now)
        .orderBy('deadline_at')
        .limit(limit)
        .execute()) as PromiseRow[]
    ).map(toPromise),
  /** How many promises were kept and how many missed (the super admin's statistics). */
  keptAndMissed: async (tx: Tx) => {
    const { rows } = await sql<{ kept: number; missed: number }>`SELECT
         (SELECT COUNT(*) FROM promises WHERE status = 'kept') AS kept,
         (SELECT COUNT(*) FROM promises WHERE status = 'missed') AS missed`.execute(tx.kysely());
    return { kept: Number(rows[0].kept), missed: Number(rows[0].missed) };
  },
};

/** The proposals table: a new time proposed, answered or withdrawn. */
const proposalQueries = {
  insertProposal: async (tx: Tx, { kind, ...proposal }: NewProposal): Promise<number> =>
    (
      await tx
        .kysely()
        .insertInto('proposals')
        .values({ ...proposal, subject_type: toStoredPromiseKind(kind) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  findProposal: async (tx: Tx, id: number) => {
    const row = (await proposals(tx).where('id', '=', id).executeTakeFirst()) as ProposalRow | undefined;
    return row ? toProposal(row) : undefined;
  },
  openProposalOf: async (tx: Tx, kind: PromiseKind, subjectId: number) => {
    const row = (await proposals(tx)
      .where('subject_type', '=', toStoredPromiseKind(kind))
      .where('subject_id', '=', subjectId)
      .where('status', '=', 'open')
      .executeTakeFirst()) as ProposalRow | undefined;
    return row ? toProposal(row) : undefined;
  },
  proposalsOf: async (tx: Tx, kind: PromiseKind, subjectId: number) =>
    (
      (await proposals(tx)
        .where('subject_type', '=', toStoredPromiseKind(kind))
        .where('subject_id', '=', subjectId)
        .orderBy('id', 'desc')
        .execute()) as ProposalRow[]
    ).map(toProposal),
  /** Every open proposal, newest first (filtered by the service to what the viewer may answer). */
  openProposals: async (tx: Tx) =>
    ((await proposals(tx).where('status', '=', 'open').orderBy('id', 'desc').limit(500).execute()) as ProposalRow[]).map(toProposal),
  /** Closes an open proposal; false when it was no longer open (answered or replaced first). */
  closeProposal: async (tx: Tx, id: number, change: { status: 'accepted' | 'declined' | 'withdrawn'; at: string; by: string }) =>
    (
      await tx
        .kysely()
        .updateTable('proposals')
        .set({ status: change.status, decided_at: change.at, decided_by: change.by })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst()
    ).numUpdatedRows === 1n,
  /** Withdraws the record's open proposal of a new time, if any (its owner's account was deleted). */
  withdrawOpenProposals: (tx: Tx, kind: PromiseKind, subjectId: number, change: { at: string; by: string }) =>
    sql`UPDATE proposals SET status = 'withdrawn', decided_at = ${change.at}, decided_by = ${change.by}
          WHERE subject_type = ${toStoredPromiseKind(kind)} AND subject_id = ${subjectId} AND status = 'open'`.execute(tx.kysely()),
};

/** The promises and proposals tables: one module-level object of small named queries, behind the factory callers use. */
export const promisesRepository = { ...promiseQueries, ...proposalQueries };
export function createPromisesRepository() {
  return promisesRepository;
}
export type PromisesRepository = typeof promisesRepository;

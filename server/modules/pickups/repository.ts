import type { Tables } from '../../db/tables';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import { fromCents } from '../../../src/domain/money';
import { dateToStore, storedDate, type Schedule } from '../../../src/domain/drop-schedule';
import type { ScheduledPickupJson as ScheduledPickup } from '../../../src/domain/schemas/pickups';
import type { Tx } from '../../db/scope';

const rows = async (tx: Tx, query: ReturnType<typeof sql<PickupRow>>) => (await query.execute(tx.kysely())).rows;
/** A pickup as read: the table's row with its promise's columns. */
type PickupRow = Selectable<Tables['scheduled_pickups']> & {
  promised_at: string | null;
  promise_status: ScheduledPickup['promiseStatus'];
  promise_closed_at: string | null;
};

const toPickup = (row: PickupRow): ScheduledPickup => ({
  id: row.id,
  submissionId: row.submission_id,
  scheduledDate: storedDate(row.scheduled_date, row.is_immediate),
  scheduledTime: row.scheduled_time,
  isImmediate: row.is_immediate === 1,
  completed: row.completed === 1,
  completedAt: row.completed_at,
  collectedAt: row.collected_at,
  paid: row.paid === 1,
  paidAt: row.paid_at,
  createdAt: row.created_at,
  promisedAt: row.promised_at,
  promiseStatus: row.promise_status,
  promiseClosedAt: row.promise_closed_at,
  agreedPrice: row.agreed_price_cents === null ? null : fromCents(row.agreed_price_cents),
});

/** A pickup with its promise now in force (or last closed). */
const PICKUP_SELECT = sql`SELECT p.*, pr.promised_at, pr.status AS promise_status, pr.closed_at AS promise_closed_at FROM scheduled_pickups p LEFT JOIN promises pr ON pr.id = p.promise_id`;

/** The scheduled_pickups table. */
export const pickupsRepository = {
  insert: async (
    tx: Tx,
    {
      submissionId,
      schedule,
      createdAt,
      agreedPriceCents = null,
    }: { submissionId: number; schedule: Schedule; createdAt: string; agreedPriceCents?: number | null },
  ) =>
    (
      await tx
        .kysely()
        .insertInto('scheduled_pickups')
        .values({
          submission_id: submissionId,
          scheduled_date: dateToStore(schedule),
          scheduled_time: schedule.scheduledTime,
          is_immediate: schedule.isImmediate ? 1 : 0,
          created_at: createdAt,
          agreed_price_cents: agreedPriceCents,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  /** Points a pickup at the promise now in force. */
  setPromise: (tx: Tx, id: number, promiseId: number) =>
    tx.kysely().updateTable('scheduled_pickups').set({ promise_id: promiseId }).where('id', '=', id).execute(),
  /** The id of the pickup's promise now in force (or last closed). */
  promiseOf: async (tx: Tx, id: number): Promise<number | null> =>
    (await tx.kysely().selectFrom('scheduled_pickups').select('promise_id').where('id', '=', id).executeTakeFirst())?.promise_id ?? null,
  /** A new date and time for the pickup. */
  reschedule: (tx: Tx, id: number, schedule: Schedule) =>
    tx
      .kysely()
      .updateTable('scheduled_pickups')
      .set({ scheduled_date: dateToStore(schedule), scheduled_time: schedule.scheduledTime, is_immediate: schedule.isImmediate ? 1 : 0 })
      .where('id', '=', id)
      .execute(),
  find: async (tx: Tx, id: number) => {
    const [row] = await rows(tx, sql<PickupRow>`${PICKUP_SELECT} WHERE p.id = ${id}`);
    return row ? toPickup(row) : undefined;
  },
  list: async (tx: Tx) => (await rows(tx, sql<PickupRow>`${PICKUP_SELECT} ORDER BY p.id DESC`)).map(toPickup),
  /** The ids of a submission's pickups (one, once it is scheduled). */
  idsOfSubmission: async (tx: Tx, submissionId: number) =>
    (await tx.kysely().selectFrom('scheduled_pickups').select('id').where('submission_id', '=', submissionId).orderBy('id').execute()).map(
      (row) => row.id,
    ),
  listOfSubmitter: async (tx: Tx, userId: number) =>
    (
      await rows(
        tx,
        sql<PickupRow>`${PICKUP_SELECT} JOIN item_submissions s ON s.id = p.submission_id
        WHERE s.submitter_id = ${userId} ORDER BY p.id DESC`,
      )
    ).map(toPickup),
  markCollected: (tx: Tx, id: number, at: string) =>
    tx.kysely().updateTable('scheduled_pickups').set({ completed: 1, completed_at: at, collected_at: at }).where('id', '=', id).execute(),
  markPaid: (tx: Tx, id: number, at: string) =>
    tx.kysely().updateTable('scheduled_pickups').set({ paid: 1, paid_at: at }).where('id', '=', id).execute(),
};

/** The repository (pickupsRepository): one module-level object of small named queries, kept behind the factory callers use. */
export function createPickupsRepository() {
  return pickupsRepository;
}
export type PickupsRepository = ReturnType<typeof createPickupsRepository>;

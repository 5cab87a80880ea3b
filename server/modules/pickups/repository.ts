import type { ScheduledPickup } from '../../../src/domain/schemas/pickups';
import type { Db } from '../../db/connection';

interface PickupRow {
  id: number;
  submission_id: number;
  scheduled_date: string;
  scheduled_time: string;
  is_immediate: number;
  completed: number;
  completed_at: string | null;
  collected_at: string | null;
  paid: number;
  paid_at: string | null;
  created_at: string;
  agreed_price_cents: number | null;
  promise_id: number | null;
  promised_at: string | null;
  promise_status: ScheduledPickup['promiseStatus'];
}

const toPickup = (row: PickupRow): ScheduledPickup => ({
  id: row.id,
  submissionId: row.submission_id,
  scheduledDate: row.scheduled_date,
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
  agreedPrice: row.agreed_price_cents === null ? null : row.agreed_price_cents / 100,
});

/** A pickup with its promise now in force (or last closed). */
const PICKUP_SELECT = `SELECT p.*, pr.promised_at, pr.status AS promise_status FROM scheduled_pickups p LEFT JOIN promises pr ON pr.id = p.promise_id`;

/** The scheduled_pickups table. */
export function createPickupsRepository(db: Db) {
  const insert = db.prepare<[number, string, string, number, string, number | null]>(
    'INSERT INTO scheduled_pickups (submission_id, scheduled_date, scheduled_time, is_immediate, created_at, agreed_price_cents) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const byId = db.prepare<[number], PickupRow>(`${PICKUP_SELECT} WHERE p.id = ?`);
  const all = db.prepare<[], PickupRow>(`${PICKUP_SELECT} ORDER BY p.id DESC`);
  const ofSubmitter = db.prepare<[number], PickupRow>(
    `${PICKUP_SELECT} JOIN item_submissions s ON s.id = p.submission_id
     WHERE s.submitter_id = ? ORDER BY p.id DESC`,
  );
  const setPromise = db.prepare<[number, number]>('UPDATE scheduled_pickups SET promise_id = ? WHERE id = ?');
  const reschedule = db.prepare<[string, string, number, number]>(
    'UPDATE scheduled_pickups SET scheduled_date = ?, scheduled_time = ?, is_immediate = ? WHERE id = ?',
  );
  const promiseOf = db.prepare<[number], number | null>('SELECT promise_id FROM scheduled_pickups WHERE id = ?').pluck();
  const idsOfSubmission = db.prepare<[number], number>('SELECT id FROM scheduled_pickups WHERE submission_id = ? ORDER BY id').pluck();
  const collect = db.prepare<[string, string, number]>('UPDATE scheduled_pickups SET completed = 1, completed_at = ?, collected_at = ? WHERE id = ?');
  const pay = db.prepare<[string, number]>('UPDATE scheduled_pickups SET paid = 1, paid_at = ? WHERE id = ?');
  return {
    insert: (submissionId: number, date: string, time: string, immediate: boolean, createdAt: string, agreedPriceCents: number | null = null) =>
      Number(insert.run(submissionId, date, time, immediate ? 1 : 0, createdAt, agreedPriceCents).lastInsertRowid),
    /** Points a pickup at the promise now in force. */
    setPromise: (id: number, promiseId: number) => setPromise.run(promiseId, id),
    /** The id of the pickup's promise now in force (or last closed). */
    promiseOf: (id: number): number | null => promiseOf.get(id) ?? null,
    /** A new date and time for the pickup. */
    reschedule: (id: number, date: string, time: string, immediate: boolean) => reschedule.run(date, time, immediate ? 1 : 0, id),
    find: (id: number) => {
      const row = byId.get(id);
      return row ? toPickup(row) : undefined;
    },
    list: () => all.all().map(toPickup),
    /** The ids of a submission's pickups (one, once it is scheduled). */
    idsOfSubmission: (submissionId: number) => idsOfSubmission.all(submissionId),
    listOfSubmitter: (userId: number) => ofSubmitter.all(userId).map(toPickup),
    markCollected: (id: number, at: string) => collect.run(at, at, id),
    markPaid: (id: number, at: string) => pay.run(at, id),
  };
}
export type PickupsRepository = ReturnType<typeof createPickupsRepository>;

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
});

/** The scheduled_pickups table. */
export function createPickupsRepository(db: Db) {
  const insert = db.prepare<[number, string, string, number, string]>(
    'INSERT INTO scheduled_pickups (submission_id, scheduled_date, scheduled_time, is_immediate, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const byId = db.prepare<[number], PickupRow>('SELECT * FROM scheduled_pickups WHERE id = ?');
  const all = db.prepare<[], PickupRow>('SELECT * FROM scheduled_pickups ORDER BY id DESC');
  const ofSubmitter = db.prepare<[number], PickupRow>(
    `SELECT p.* FROM scheduled_pickups p JOIN item_submissions s ON s.id = p.submission_id
     WHERE s.submitter_id = ? ORDER BY p.id DESC`,
  );
  const idsOfSubmission = db.prepare<[number], number>('SELECT id FROM scheduled_pickups WHERE submission_id = ? ORDER BY id').pluck();
  const collect = db.prepare<[string, string, number]>('UPDATE scheduled_pickups SET completed = 1, completed_at = ?, collected_at = ? WHERE id = ?');
  const pay = db.prepare<[string, number]>('UPDATE scheduled_pickups SET paid = 1, paid_at = ? WHERE id = ?');
  return {
    insert: (submissionId: number, date: string, time: string, immediate: boolean, createdAt: string) =>
      Number(insert.run(submissionId, date, time, immediate ? 1 : 0, createdAt).lastInsertRowid),
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

import type { Selectable } from 'kysely';
import type { Tx } from '../../db/scope';
import { prepared } from '../../db/prepared';
import type { Tables } from '../../db/tables';

/** What a row is about; 'user' for changes to an account itself (the super admin's credit adjustment). */
export type AuditSubject = 'purchase_request' | 'item_submission' | 'user_sell_request' | 'scheduled_pickup' | 'user';

/** An audit row as read: the table's columns, with the subject as the kinds the server writes. */
export type AuditRow = Selectable<Tables['audit_history']> & { subject_type: AuditSubject };

// Every change writes one: compiled once.
const insertRow = prepared((tx, row: Omit<AuditRow, 'id'>) =>
  tx.insertInto('audit_history').values({
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    from_status: row.from_status,
    to_status: row.to_status,
    actor_id: row.actor_id,
    actor_name: row.actor_name,
    at: row.at,
    note: row.note,
    photo_file: row.photo_file,
    thumbnail_file: row.thumbnail_file,
  }),
);

/** The audit history's writes and the one read the transitions need; in the caller's transaction when one is open. */
export const auditRepository = {
  insert: async (tx: Tx, row: Omit<AuditRow, 'id'>): Promise<void> => {
    await insertRow(tx, row);
  },
  /** The last transition of a subject; undefined when none. */
  last: async (tx: Tx, subject: AuditSubject, subjectId: number): Promise<AuditRow | undefined> =>
    (await tx
      .kysely()
      .selectFrom('audit_history')
      .selectAll()
      .where('subject_type', '=', subject)
      .where('subject_id', '=', subjectId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()) as AuditRow | undefined,
};

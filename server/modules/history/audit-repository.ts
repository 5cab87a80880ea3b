import type { Selectable } from 'kysely';
import type { Tx } from '../../db/scope';
import { prepared } from '../../db/prepared';
import type { Tables } from '../../db/tables';
import { fromStoredAuditKind, toStoredAuditKind, type AuditKind, type StoredAuditKind } from '../../db/record-kinds';

/** What a row is about: a record kind, a sell request, or 'user' for an account itself (a credit adjustment). */
export type AuditSubject = AuditKind;

/** An audit row as read: the table's columns, with the subject as the server spells record kinds. */
export type AuditRow = Omit<Selectable<Tables['audit_history']>, 'subject_type'> & { subject_type: AuditSubject };

/** A stored row with its subject as the server spells it (the table keeps its own spelling). */
export const toAuditRow = <Row extends { subject_type: string }>(row: Row): Omit<Row, 'subject_type'> & { subject_type: AuditSubject } => ({
  ...row,
  subject_type: fromStoredAuditKind(row.subject_type),
});

// Every change writes one: compiled once. The builder sees stand-ins, not values (server/db/prepared.ts), so the
// subject is mapped to its stored spelling before the call, never inside.
const insertRow = prepared((tx, row: Omit<AuditRow, 'id' | 'subject_type'> & { subject_type: StoredAuditKind }) =>
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
    await insertRow(tx, { ...row, subject_type: toStoredAuditKind(row.subject_type) });
  },
  /** The last transition of a subject; undefined when none. */
  last: async (tx: Tx, subject: AuditSubject, subjectId: number): Promise<AuditRow | undefined> => {
    const row = await tx
      .kysely()
      .selectFrom('audit_history')
      .selectAll()
      .where('subject_type', '=', toStoredAuditKind(subject))
      .where('subject_id', '=', subjectId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toAuditRow(row) : undefined;
  },
};

import { statement, type Db } from '../db/connection';
import { nowIso } from './time';

export type AuditSubject = 'purchase_request' | 'item_submission' | 'user_sell_request' | 'scheduled_pickup';

/** Appends one row to the audit history (DESIGN §6); call inside the transaction that makes the change. */
export function recordTransition(
  db: Db,
  entry: {
    subject: AuditSubject;
    subjectId: number;
    from: string | null;
    to: string;
    actor: { id: number; username: string };
  },
) {
  statement(
    db,
    'INSERT INTO audit_history (subject_type, subject_id, from_status, to_status, actor_id, actor_name, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(entry.subject, entry.subjectId, entry.from, entry.to, entry.actor.id, entry.actor.username, nowIso());
}

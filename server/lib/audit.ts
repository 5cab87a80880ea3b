import { statement, type Db } from '../db/connection';
import { transitionConflict, type AppError } from './app-error';
import { nowIso } from './time';

export type AuditSubject = 'purchase_request' | 'item_submission' | 'user_sell_request' | 'scheduled_pickup';

export interface AuditRow {
  id: number;
  subject_type: AuditSubject;
  subject_id: number;
  from_status: string | null;
  to_status: string;
  actor_id: number | null;
  actor_name: string;
  at: string;
  note: string | null;
  photo_file: string | null;
  thumbnail_file: string | null;
}

/** What the server does by itself (a missed promise credited) is recorded under the store's name. */
export const SYSTEM_ACTOR = { id: null, username: 'Blockspin Market' } as const;

/** Appends one row to the audit history; call inside the transaction that makes the change. */
export function recordTransition(
  db: Db,
  entry: {
    subject: AuditSubject;
    subjectId: number;
    from: string | null;
    to: string;
    actor: { id: number | null; username: string };
    note?: string | null;
    photo?: { imageFile: string; thumbnailFile: string } | null;
  },
) {
  statement(
    db,
    'INSERT INTO audit_history (subject_type, subject_id, from_status, to_status, actor_id, actor_name, at, note, photo_file, thumbnail_file) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(
    entry.subject,
    entry.subjectId,
    entry.from,
    entry.to,
    entry.actor.id,
    entry.actor.username,
    nowIso(),
    entry.note ?? null,
    entry.photo?.imageFile ?? null,
    entry.photo?.thumbnailFile ?? null,
  );
}

/** The last transition of a subject (who moved it to its present status, and when); undefined when none. */
export function lastTransition(db: Db, subject: AuditSubject, subjectId: number): AuditRow | undefined {
  return statement<[string, number], AuditRow>(db, 'SELECT * FROM audit_history WHERE subject_type = ? AND subject_id = ? ORDER BY id DESC LIMIT 1').get(
    subject,
    subjectId,
  );
}

/**
 * The 409 for a transition the state machine refuses, with the record's present status and who moved it there and
 * when — so an admin whose queued action arrives late learns that another admin already did it, or what happened.
 */
export function refusedTransition(db: Db, subject: AuditSubject, subjectId: number, noun: string, from: string, to: string): AppError {
  const last = lastTransition(db, subject, subjectId);
  const current = { status: from, actorName: last?.actor_name ?? null, at: last?.at ?? null };
  const by = current.actorName ? ` by ${current.actorName}` : '';
  const message = from === to ? `This ${noun} was already ${to}${by}.` : `This ${noun} was ${from}${by}, so it can't become ${to}.`;
  return transitionConflict(message, current);
}

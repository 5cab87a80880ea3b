import type { Tx } from '../../db/scope';
import { transitionConflict, type AppError } from '../../lib/app-error';
import { auditRepository, type AuditRow, type AuditSubject } from './audit-repository';
import { DateTime } from 'luxon';
import { now, nowIso } from '../../lib/time';
import type { RecordKind } from '../../../src/domain/record-kind';
import { recordOutcomes } from '../ops/metrics';

/** A record as its refusals name it ("This purchase request was already approved by sam."). */
const RECORD_NOUN: Record<RecordKind, string> = { 'purchase-request': 'purchase request', submission: 'submission', pickup: 'pickup' };

export type { AuditRow, AuditSubject } from './audit-repository';

/** What the server does by itself (a missed promise credited) is recorded under the store's name. */
export const SYSTEM_ACTOR = { id: null, username: 'Blockspin Market' } as const;

/** Appends one row to the audit history; call inside the transaction that makes the change. */
export async function recordTransition(
  tx: Tx,
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
  await auditRepository.insert(tx, {
    subject_type: entry.subject,
    subject_id: entry.subjectId,
    from_status: entry.from,
    to_status: entry.to,
    actor_id: entry.actor.id,
    actor_name: entry.actor.username,
    at: nowIso(),
    note: entry.note ?? null,
    photo_file: entry.photo?.imageFile ?? null,
    thumbnail_file: entry.photo?.thumbnailFile ?? null,
  });
  // A status change, counted once it commits (a creation is counted where it is announced: ops/index.ts).
  if (entry.from !== null && entry.from !== entry.to) tx.afterCommit(() => recordOutcomes.inc({ kind: entry.subject, outcome: entry.to }));
}

/** The last transition of a subject (who moved it to its present status, and when); undefined when none. */
export async function lastTransition(tx: Tx, subject: AuditSubject, subjectId: number): Promise<AuditRow | undefined> {
  return auditRepository.last(tx, subject, subjectId);
}

/**
 * The 409 for a transition the state machine refuses, with the record's present status and who moved it there and
 * when — so an admin whose queued action arrives late learns that another admin already did it, or what happened.
 */
export async function refusedTransition(
  tx: Tx,
  {
    kind,
    subjectId,
    from,
    to,
    viewer,
  }: {
    kind: RecordKind;
    subjectId: number;
    from: string;
    to: string;
    /** Who is told: a player learns that 'Admin' did it, never the admin's username (as in the history they read). */
    viewer?: { id: number; isAdmin: boolean };
  },
): Promise<AppError> {
  const noun = RECORD_NOUN[kind];
  const last = await lastTransition(tx, kind, subjectId);
  const hidden = viewer && !viewer.isAdmin && last && last.actor_id !== null && last.actor_id !== viewer.id;
  const current = { status: from, actorName: hidden ? 'Admin' : (last?.actor_name ?? null), at: last?.at ?? null };
  const by = current.actorName ? ` by ${current.actorName}` : '';
  const message = from === to ? `This ${noun} was already ${to}${by}.` : `This ${noun} was ${from}${by}, so it can't become ${to}.`;
  return transitionConflict(message, current);
}

/** "12:31 PM" today in the store's time zone, else "Mar 3, 12:31 PM". */
export function storeTime(at: string, timeZone: string): string {
  const when = DateTime.fromISO(at, { zone: timeZone });
  const today = DateTime.fromJSDate(now(), { zone: timeZone });
  return when.hasSame(today, 'day') ? when.toFormat('h:mm a') : when.toFormat('MMM d, h:mm a');
}

/**
 * The 409 for an admin who acted on a status the record has since left (DESIGN.md §10 `expectedStatus`): it names
 * the present status, who moved it there and when ("Already approved by sam at 12:31 PM."), and nothing is written.
 * No check when the caller sent no expected status.
 */
export async function requireExpectedStatus(
  tx: Tx,
  {
    kind,
    subjectId,
    current,
    expected,
    timeZone,
  }: { kind: RecordKind; subjectId: number; current: string; expected: string | undefined | null; timeZone: string },
): Promise<void> {
  if (expected == null || expected === current) return;
  const last = await lastTransition(tx, kind, subjectId);
  throw staleConflict({ status: current, actorName: last?.actor_name ?? null, at: last?.at ?? null }, timeZone);
}

/** The 409 answered when the record is no longer in the state the admin saw. */
export function staleConflict(current: { status: string; actorName: string | null; at: string | null }, timeZone: string): AppError {
  const by = current.actorName ? ` by ${current.actorName}` : '';
  const at = current.at ? ` at ${storeTime(current.at, timeZone)}` : '';
  const what = current.status === 'no-show' ? 'recorded as a no-show' : current.status;
  return transitionConflict(`Already ${what}${by}${at}.`, current);
}

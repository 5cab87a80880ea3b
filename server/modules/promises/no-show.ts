import { PROMISE_NOUN } from '../../../src/domain/record-kind';
import { DISPUTE_WINDOW_MS } from '../../../src/domain/schemas/deals';
import type { Tx } from '../../db/scope';
import { badRequest, conflict } from '../../lib/app-error';
import { now as clockNow, nowIso } from '../../lib/time';
import { recordTransition, staleConflict, storeTime } from '../history/audit';
import { noShowNotice } from '../push/player-notices';
import type { AuthUser } from '../users/repository';
import type { PromiseRecord, PromisesDeps } from './deps';

/** A no-show to record: the record, its status, who records it, and the handover's note and photo. */
export type NoShow = PromiseRecord & {
  recordStatus: string;
  actor: AuthUser;
  handover?: { note: string | null; photo: { imageFile: string; thumbnailFile: string } | null };
};

/**
 * The player did not come (caller's transaction): only inside the window — from the promised time until the
 * deadline — and then the promise ends without credit; the note and the photo go into the record's history.
 * Before the promised time it answers 400 with the reason; a second no-show answers 409 naming the first.
 */
export async function recordNoShow(
  { promises, settings, tell }: PromisesDeps,
  tx: Tx,
  { kind, subjectId, recordStatus, actor, handover = { note: null, photo: null } }: NoShow,
) {
  const noun = PROMISE_NOUN[kind];
  const open = await promises.openPromiseOf(tx, kind, subjectId);
  if (!open) {
    const latest = await promises.latestPromiseOf(tx, kind, subjectId);
    if (latest?.status === 'no-show')
      throw staleConflict({ status: 'no-show', actorName: latest.closed_by, at: latest.closed_at }, settings.storeTimeZone);
    throw conflict(`This ${noun} has no open promise to record a no-show on`);
  }
  if (clockNow().toISOString() < open.promised_at) {
    const message = `The promised ${noun} time (${storeTime(open.promised_at, settings.storeTimeZone)}) has not come yet: a no-show can be recorded from then until ${storeTime(open.deadline_at, settings.storeTimeZone)}.`;
    throw badRequest(message);
  }
  const at = nowIso();
  await promises.closePromise(tx, open.id, { status: 'no-show', at, by: actor.username });
  // Who recorded it is the step's actor; the note never names an admin (players read it: issue 47.8).
  await recordTransition(tx, {
    subject: kind,
    subjectId,
    from: recordStatus,
    to: recordStatus,
    actor,
    note: `The player did not show.${handover.note ? ` ${handover.note}` : ''} No store credit is owed unless a dispute is upheld.`,
    photo: handover.photo,
  });
  // The player has 48 hours to dispute it: they are told so, with the deadline (issue 47.5), once it commits.
  const userId = open.user_id;
  if (tell && userId !== null) {
    const times = { promisedAt: open.promised_at, disputeBy: new Date(Date.parse(at) + DISPUTE_WINDOW_MS).toISOString() };
    // Written once the player's language is read, after the commit.
    tx.afterCommit(() => tell(userId, (reader) => noShowNotice({ userId, kind, subjectId, promiseId: open.id, ...times, reader })));
  }
}

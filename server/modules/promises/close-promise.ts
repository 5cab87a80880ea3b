import { formatCents } from '../../../src/domain/money';
import { missedPromiseCredit } from '../../../src/domain/promise';
import { PROMISE_NOUN } from '../../../src/domain/record-kind';
import type { Tx } from '../../db/scope';
import { nowIso } from '../../lib/time';
import { recordTransition, SYSTEM_ACTOR } from '../history/audit';
import type { AuthUser } from '../users/repository';
import { type Credited, OPEN_STATUS, type PromiseRecord, type PromisesDeps } from './deps';
import type { StoredPromise } from './repository';

const isPast = (promise: StoredPromise, now = nowIso()) => promise.deadline_at < now;

/** Credits a missed promise (ledger first, then the promise closed) and notes it in the record's history. */
export async function creditMissed(
  { credit, promises }: PromisesDeps,
  tx: Tx,
  promise: StoredPromise,
  recordStatus: string,
): Promise<Credited> {
  const cents = missedPromiseCredit(promise.base_cents ?? 0);
  const at = nowIso();
  if (promise.user_id !== null && cents > 0) {
    await credit.grantMissedPromise(tx, {
      userId: promise.user_id,
      kind: promise.kind,
      subjectId: promise.subject_id,
      promiseId: promise.id,
      cents,
      reason: null,
      at,
      by: null,
    });
  }
  if (!(await promises.closePromise(tx, promise.id, { status: 'missed', at, by: null }))) return { userId: null, cents: 0 };
  const noun = PROMISE_NOUN[promise.kind];
  const note =
    cents > 0
      ? `The promised ${noun} time was missed: ${formatCents(cents)} store credit was added to the player's account.`
      : `The promised ${noun} time was missed (no price to credit 25% of).`;
  await recordTransition(tx, {
    subject: promise.kind,
    subjectId: promise.subject_id,
    from: recordStatus,
    to: recordStatus,
    actor: SYSTEM_ACTOR,
    note,
  });
  return { userId: promise.user_id, cents };
}

/**
 * Before a reschedule or a no-show (in the caller's transaction): a promise whose deadline has passed is credited
 * now if the job has not yet, and the change is refused — after the deadline the credit stands.
 */
export async function requireBeforeDeadline(
  deps: PromisesDeps,
  tx: Tx,
  { kind, subjectId, recordStatus }: PromiseRecord & { recordStatus: string },
): Promise<{ credited: Credited | null; missed: boolean }> {
  const { promises } = deps;
  const open = await promises.openPromiseOf(tx, kind, subjectId);
  if (!open) return { credited: null, missed: (await promises.latestPromiseOf(tx, kind, subjectId))?.status === 'missed' };
  if (!isPast(open)) return { credited: null, missed: false };
  return { credited: await creditMissed(deps, tx, open, recordStatus), missed: true };
}

/**
 * Closes the record's open promise (caller's transaction) because the deal ended: 'kept' when the drop was
 * completed or the pickup collected, 'withdrawn' when a scheduled drop was rejected. Before its deadline it ends so;
 * after it the credit stands, credited now if the job has not yet. Answers what was credited, if anything.
 */
export async function closePromise(
  deps: PromisesDeps,
  tx: Tx,
  { kind, subjectId, recordStatus, actor, as }: PromiseRecord & { recordStatus: string; actor: AuthUser; as: 'kept' | 'withdrawn' },
): Promise<Credited | null> {
  const { promises } = deps;
  const open = await promises.openPromiseOf(tx, kind, subjectId);
  if (!open) return null;
  if (isPast(open)) return creditMissed(deps, tx, open, recordStatus);
  await promises.closePromise(tx, open.id, { status: as, at: nowIso(), by: actor.username });
  return null;
}

/**
 * Ends a deleted account's open promises and their open proposals (caller's transaction), each noted in its
 * record's history: nothing is credited to an account nobody can use any more.
 */
export async function endPromisesOf({ promises }: PromisesDeps, tx: Tx, userId: number, actor: AuthUser) {
  for (const open of await promises.openPromisesOfUser(tx, userId)) {
    await promises.closePromise(tx, open.id, { status: 'withdrawn', at: nowIso(), by: actor.username });
    await promises.withdrawOpenProposals(tx, open.kind, open.subject_id, { at: nowIso(), by: actor.username });
    const status = OPEN_STATUS[open.kind];
    await recordTransition(tx, {
      subject: open.kind,
      subjectId: open.subject_id,
      from: status,
      to: status,
      actor,
      note: `The player's account was deleted, so the promised ${PROMISE_NOUN[open.kind]} time no longer holds and no store credit is owed.`,
    });
  }
}

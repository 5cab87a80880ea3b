import type { Schedule } from '../../../src/domain/drop-schedule';
import type { Tx } from '../../db/scope';
import { badRequest } from '../../lib/app-error';
import { nowIso } from '../../lib/time';
import type { AuthUser } from '../users/repository';
import type { PromiseRecord, PromisesDeps } from './deps';
import { promiseTime, type PromiseSettings } from './promise-time';

/** The promised instant of a schedule, or a 400 saying what is wrong with the date or time. */
export function checkSchedule(settings: PromiseSettings, schedule: Schedule) {
  const time = promiseTime(schedule, settings);
  if (!time.ok) {
    const path = time.field === 'date' ? 'scheduledDate' : 'scheduledTime';
    throw badRequest(time.message, [{ path, message: time.message }]);
  }
  return time;
}

/** A promise to make: the record, its owner, its schedule, and who makes it. */
export type NewPromise = PromiseRecord & {
  ownerId: number | null;
  schedule: Schedule;
  /** What the 25% of a missed promise is taken of, in cents; null when the record has no price. */
  baseCents: number | null;
  actor: AuthUser;
};

/**
 * Makes the promise of a schedule (in the caller's transaction): the open one, if any, ends as rescheduled.
 * Answers the new promise's id.
 */
export async function makePromise(
  { promises, settings }: PromisesDeps,
  tx: Tx,
  { kind, subjectId, ownerId, schedule, baseCents, actor }: NewPromise,
): Promise<number> {
  const time = checkSchedule(settings, schedule);
  const open = await promises.openPromiseOf(tx, kind, subjectId);
  if (open) await promises.closePromise(tx, open.id, { status: 'rescheduled', at: nowIso(), by: actor.username });
  return promises.insertPromise(tx, {
    kind,
    subjectId,
    userId: ownerId,
    promisedAt: time.promisedAt.toISOString(),
    deadlineAt: time.deadlineAt.toISOString(),
    baseCents,
    createdAt: nowIso(),
  });
}

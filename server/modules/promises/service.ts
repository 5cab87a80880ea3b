import { IMMEDIATE_SCHEDULE, IMMEDIATELY, type Schedule } from '../../../src/domain/drop-schedule';
import type { Tx } from '../../db/scope';
import { badRequest } from '../../lib/app-error';
import type { AuthUser } from '../users/repository';
import { closePromise, endPromisesOf, requireBeforeDeadline } from './close-promise';
import type { PromiseRecord, PromisesDeps } from './deps';
import { checkSchedule, makePromise, type NewPromise } from './make-promise';
import { recordNoShow, type NoShow } from './no-show';
import { promiseStats, runDue } from './run-due';

export type { Credited, PromiseRecord, PromisesDeps } from './deps';

export const MISSING_SCHEDULE_MESSAGE = 'Missing Information: Please fill in all date and time fields before scheduling';

/**
 * The schedule of an admin's (or a player's) form: immediate, or a date and a time both given — else the 400 the
 * forms show ("Missing Information: …").
 */
export function requireSchedule(body: { scheduledDate: string; scheduledTime: string }, immediate: boolean): Schedule {
  if (!immediate && (body.scheduledDate === IMMEDIATELY || body.scheduledTime === ''))
    throw badRequest(MISSING_SCHEDULE_MESSAGE, [{ path: 'scheduledTime', message: MISSING_SCHEDULE_MESSAGE }]);
  return immediate ? IMMEDIATE_SCHEDULE : { scheduledDate: body.scheduledDate, scheduledTime: body.scheduledTime, isImmediate: false };
}

/**
 * The promise of a drop or a pickup time (DESIGN.md §10): made when an admin schedules, closed once — kept, withdrawn,
 * rescheduled, a no-show, or missed. A missed promise credits 25% of the order through the ledger (modules/credit),
 * under the promise's own cause and before the promise is closed, so however many runs, restarts or processes meet the
 * same missed promise, it is credited once. Every write runs inside the caller's transaction (passed as `tx`) or its own.
 * Each use case is a file of its own (make-promise, close-promise, no-show, run-due); this binds them to the deps.
 */
export function createPromisesService(deps: PromisesDeps) {
  const { promises, settings } = deps;
  return {
    /** The promised instant of a schedule, or a 400 saying what is wrong with the date or time. */
    checkSchedule: (schedule: Schedule) => checkSchedule(settings, schedule),
    /** The store's time zone, in which times are told to people ("Already approved by sam at 12:31 PM"). */
    timeZone: settings.storeTimeZone,
    /** Makes the promise of a schedule (caller's transaction); the open one, if any, ends as rescheduled. */
    promise: (tx: Tx, promise: NewPromise) => makePromise(deps, tx, promise),
    /** Before a reschedule or a no-show: a promise past its deadline is credited now, and the change refused. */
    requireBeforeDeadline: (tx: Tx, record: PromiseRecord & { recordStatus: string }) => requireBeforeDeadline(deps, tx, record),
    /** Closes the record's open promise because the deal ended ('kept' or 'withdrawn'); answers what was credited. */
    close: (tx: Tx, record: PromiseRecord & { recordStatus: string; actor: AuthUser; as: 'kept' | 'withdrawn' }) =>
      closePromise(deps, tx, record),
    /** The player did not come (caller's transaction): only inside the window, and the promise ends without credit. */
    noShow: (tx: Tx, noShow: NoShow) => recordNoShow(deps, tx, noShow),
    /** The record's most recent promise, whatever its status (a dispute needs its no-show). */
    latestOf: (tx: Tx, { kind, subjectId }: PromiseRecord) => promises.latestPromiseOf(tx, kind, subjectId),
    /** Ends a deleted account's open promises and their open proposals, each noted in its record's history. */
    endPromisesOf: (tx: Tx, userId: number, actor: AuthUser) => endPromisesOf(deps, tx, userId, actor),
    /** Finds missed promises and credits each once; answers how many were credited. */
    runDue: (now?: Date) => runDue(deps, now),
    /** Super admin statistics: promises kept on time (%), of those kept or missed. */
    stats: () => promiseStats(deps),
  };
}
export type PromisesService = ReturnType<typeof createPromisesService>;

import { DateTime } from 'luxon';
import { isImmediate, type Schedule } from '../../../src/domain/drop-schedule';
import { PAST_PROMISE_MESSAGE, parseSchedule } from '../../../src/domain/schedule-date';
import { now as clockNow } from '../../lib/time';

export interface PromiseSettings {
  storeTimeZone: string;
  immediateWindowMs: number;
  promiseGraceMs: number;
}

export type PromiseTime = { ok: true; promisedAt: Date; deadlineAt: Date } | { ok: false; field: 'date' | 'time'; message: string };

/**
 * The instant an admin's schedule promises: the wall time read in the store's time zone (a time that does not exist
 * on a spring-forward day moves on by the gap; one that happens twice in autumn is the later, giving the store
 * the benefit of the hour), or now plus the
 * Immediately window. The deadline adds the grace period. A real date in the past is refused (a minute's slack for
 * a form filled in as the minute turned).
 */
export function promiseTime(schedule: Schedule, settings: PromiseSettings, now: Date = clockNow()): PromiseTime {
  let promisedAt: Date;
  if (isImmediate(schedule)) {
    promisedAt = new Date(now.getTime() + settings.immediateWindowMs);
  } else {
    const parsed = parseSchedule(schedule.scheduledDate, schedule.scheduledTime);
    if (!parsed.ok) return parsed;
    if (!parsed.value) return { ok: false, field: 'date', message: "The date must be 'Immediately' or month/day/year" };
    const wall = DateTime.fromObject(parsed.value, { zone: settings.storeTimeZone });
    if (!wall.isValid) return { ok: false, field: 'date', message: 'That date and time do not exist' };
    promisedAt = wall.toJSDate();
    if (promisedAt.getTime() < now.getTime() - 60_000) return { ok: false, field: 'date', message: PAST_PROMISE_MESSAGE };
    // The forms' year runs from this year to this year + 4 (rolling, DESIGN over the specification's fixed 2030).
    const lastYear = DateTime.fromJSDate(now, { zone: settings.storeTimeZone }).year + 4;
    if (wall.year > lastYear) return { ok: false, field: 'date', message: `The year must be ${lastYear} or earlier` };
  }
  return { ok: true, promisedAt, deadlineAt: new Date(promisedAt.getTime() + settings.promiseGraceMs) };
}

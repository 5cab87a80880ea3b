/**
 * "Immediately", one name for it: `isImmediate` is the flag, stored once (migrations 051 and 052: an immediate drop's,
 * pickup's or proposal's date is NULL), `IMMEDIATELY` the date the API answers and the screens show for it, `Schedule` the shape. The API spells the purchase request's flag `isImmediateSchedule` (and
 * the pickup's and proposal's `isImmediate`); those field names are the public API and the table columns, so they are
 * read and written only at the edges (the routes' bodies, the repositories, the JSON the client reads).
 */
export const IMMEDIATELY = 'Immediately';

/** A drop or pickup time: a date and time written by the admin, or `IMMEDIATELY`. */
export interface Schedule {
  scheduledDate: string;
  scheduledTime: string;
  isImmediate: boolean;
}

/** The stored form of a drop or pickup that happens right away. */
export const IMMEDIATE_SCHEDULE: Schedule = { scheduledDate: IMMEDIATELY, scheduledTime: '', isImmediate: true };

/**
 * Whether a schedule as sent means "right away": its flag when the client sent one (either name the API has taken),
 * otherwise the date written as 'Immediately'.
 */
export function isImmediateSchedule(body: {
  scheduledDate?: string | null;
  isImmediate?: boolean;
  isImmediateSchedule?: boolean;
}): boolean {
  return body.isImmediateSchedule ?? body.isImmediate ?? body.scheduledDate === IMMEDIATELY;
}

/** The date a pickup or proposal stores: NULL when it is immediate, the flag being the one truth (migration 052). */
export const dateToStore = (schedule: Schedule): string | null => (schedule.isImmediate ? null : schedule.scheduledDate);

/** The date the API answers for a stored one: 'Immediately' when the flag says so, else the date as stored. */
export const storedDate = (date: string | null, immediate: number | boolean): string =>
  Number(immediate) === 1 || immediate === true ? IMMEDIATELY : (date ?? '');

/** Whether a stored schedule is immediate: its flag (either API name), the one truth of it (migration 051). */
export function isImmediate(stored: { isImmediate?: boolean; isImmediateSchedule?: boolean }): boolean {
  return !!(stored.isImmediate || stored.isImmediateSchedule);
}

/** A stored drop, pickup or proposal time as the API answers it: its date and time, and its flag (either API name). */
export interface StoredSchedule {
  scheduledDate?: string | null;
  scheduledTime?: string | null;
  isImmediate?: boolean;
  isImmediateSchedule?: boolean;
}

/** What a stored schedule means: right away, not yet scheduled, or a date (and time) the admin wrote. */
export type ScheduleState = { kind: 'immediate' } | { kind: 'unscheduled' } | { kind: 'at'; date: string; time: string | null };

/**
 * The one reading of a stored schedule, for every describer (the screens' and the receipt's): the flag says
 * "immediate", and so does the date the API answers for it.
 */
export function scheduleState(schedule: StoredSchedule): ScheduleState {
  if (isImmediate(schedule) || schedule.scheduledDate === IMMEDIATELY) return { kind: 'immediate' };
  if (!schedule.scheduledDate) return { kind: 'unscheduled' };
  return { kind: 'at', date: schedule.scheduledDate, time: schedule.scheduledTime || null };
}

// The two admin scheduling forms: approval scheduling (drops of approved purchase requests) and
// pickup scheduling (collection of user-submitted items). Pure so both forms are unit-tested.

import { IMMEDIATE_SCHEDULE, IMMEDIATELY, isImmediate, type Schedule } from '@/domain/drop-schedule';
import { checkDateParts, checkTimeParts } from '@/domain/schedule-date';
import { instantOf, yearRange } from './store-time';
import { i18n } from '@/lib/i18n/i18n';
import { dateFormat } from '@/lib/i18n/intl';

export type Meridiem = 'AM' | 'PM';

/** The raw fields of a scheduling form; inputs hold text so an empty field stays empty. */
export interface ScheduleFields {
  immediately: boolean;
  month: string;
  day: string;
  year: string;
  hour: string;
  minute: string;
  meridiem: Meridiem;
}

export const EMPTY_SCHEDULE: ScheduleFields = { immediately: false, month: '', day: '', year: '', hour: '', minute: '', meridiem: 'AM' };

export interface Range {
  min: number;
  max: number;
}

/**
 * Approval: month 1-12, day 1-31, hour 1-12, minute 0-59, and the year from this year to this year + 4, read at
 * each use: the specification's fixed 2020-2030 would stop the app working in 2031 (DESIGN wins, issue 33 item 3).
 */
export const APPROVAL_RANGES = {
  month: { min: 1, max: 12 },
  day: { min: 1, max: 31 },
  get year(): Range {
    return yearRange();
  },
  hour: { min: 1, max: 12 },
  minute: { min: 0, max: 59 },
} satisfies Record<string, Range>;

/** Pickup: the same ranges (the specification's 2024-2030 rolls the same way). */
export const PICKUP_RANGES = APPROVAL_RANGES;

export type ScheduleRanges = typeof APPROVAL_RANGES | typeof PICKUP_RANGES;

export const MISSING_SCHEDULE_MESSAGE = 'Missing Information: Please fill in all date and time fields before scheduling';
/** How long the Missing Information error stays: 3 s. */
export const MISSING_SCHEDULE_MS = 3000;

/** Clamps a typed number into a range; '' stays '' and non-digits are dropped. */
export function clampField(text: string, range: Range): string {
  const digits = text.replace(/[^0-9]/g, '');
  if (digits === '') return '';
  const value = Math.min(range.max, Math.max(range.min, Number(digits)));
  return String(value);
}

/** Keeps only digits, at most `maxLength` of them (month, day, year are typed freely and checked on confirm). */
export function digitsOnly(text: string, maxLength: number): string {
  return text.replace(/[^0-9]/g, '').slice(0, maxLength);
}

function inRange(text: string, range: Range): boolean {
  if (!/^[0-9]+$/.test(text)) return false;
  const value = Number(text);
  return value >= range.min && value <= range.max;
}

/** Whether every date and time field is filled within its range. */
export function dateTimeComplete(fields: ScheduleFields, ranges: ScheduleRanges): boolean {
  return (
    inRange(fields.month, ranges.month) &&
    inRange(fields.day, ranges.day) &&
    inRange(fields.year, ranges.year) &&
    inRange(fields.hour, ranges.hour) &&
    inRange(fields.minute, ranges.minute)
  );
}

/** Approval: Confirm is enabled when Immediately is chosen or every field is complete. */
export function approvalScheduleComplete(fields: ScheduleFields): boolean {
  return fields.immediately || dateTimeComplete(fields, APPROVAL_RANGES);
}

/** 'M/D/YYYY' without leading zeros. */
export function formatScheduleDate(fields: Pick<ScheduleFields, 'month' | 'day' | 'year'>): string {
  return `${Number(fields.month)}/${Number(fields.day)}/${Number(fields.year)}`;
}

/** 'h:mm AM'. */
export function formatScheduleTime(fields: Pick<ScheduleFields, 'hour' | 'minute' | 'meridiem'>): string {
  return `${Number(fields.hour)}:${String(Number(fields.minute)).padStart(2, '0')} ${fields.meridiem}`;
}

export interface ApprovalSchedule {
  scheduledDate: string;
  scheduledTime: string;
  isImmediateSchedule: boolean;
}

/** The approval body's schedule, or null while the form is incomplete. */
export function approvalSchedule(fields: ScheduleFields): ApprovalSchedule | null {
  if (fields.immediately) return { scheduledDate: IMMEDIATELY, scheduledTime: '', isImmediateSchedule: true };
  if (!dateTimeComplete(fields, APPROVAL_RANGES)) return null;
  return { scheduledDate: formatScheduleDate(fields), scheduledTime: formatScheduleTime(fields), isImmediateSchedule: false };
}

export type PickupSchedule = Schedule;

export type PickupScheduleResult = { ok: true; schedule: PickupSchedule } | { ok: false; message: string };

/** Pickup: 'Immediately', or every field within range; otherwise the Missing Information error. */
export function pickupSchedule(fields: ScheduleFields): PickupScheduleResult {
  if (fields.immediately) return { ok: true, schedule: IMMEDIATE_SCHEDULE };
  if (!dateTimeComplete(fields, PICKUP_RANGES)) return { ok: false, message: MISSING_SCHEDULE_MESSAGE };
  return {
    ok: true,
    schedule: { scheduledDate: formatScheduleDate(fields), scheduledTime: formatScheduleTime(fields), isImmediate: false },
  };
}

/** Ticking Immediately clears the date and time; unticking keeps them empty. */
export function setImmediately(fields: ScheduleFields, immediately: boolean): ScheduleFields {
  return immediately ? { ...EMPTY_SCHEDULE, meridiem: fields.meridiem, immediately: true } : { ...fields, immediately: false };
}

/** Whether a stored schedule is an immediate drop. */
export function isImmediateDrop(request: { isImmediateSchedule: boolean; scheduledDate: string | null }): boolean {
  return isImmediate(request);
}

/** Whether a stored schedule names a date (and so belongs to the scheduled-only toggle). */
export function isDatedDrop(request: { isImmediateSchedule: boolean; scheduledDate: string | null }): boolean {
  return !isImmediateDrop(request) && !!request.scheduledDate && /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(request.scheduledDate);
}

/** Epoch milliseconds of 'M/D/YYYY' + 'h:mm AM' (local time), or null when it is not a date. */
export function scheduledMillis(date: string | null, time: string | null): number | null {
  const d = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(date ?? '');
  if (!d) return null;
  let hours = 0;
  let minutes = 0;
  const t = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time ?? '');
  if (t) {
    hours = (Number(t[1]) % 12) + (t[3] === 'PM' ? 12 : 0);
    minutes = Number(t[2]);
  }
  return new Date(Number(d[3]), Number(d[1]) - 1, Number(d[2]), hours, minutes).getTime();
}

// The texts of the date and time checks (src/domain/schedule-date.ts, the server's words), said in the language shown.
const PAST_PROMISE_TEXT = 'That time has already passed: choose a time from now on';
const MONTH_TEXT = 'The month must be between 1 and 12';
const DAY_TEXT = 'The day must be between 1 and 31';

/** 'February 2027 has 28 days', with the month named in the language shown. */
function daysInMonthText(month: number, year: number): string {
  const first = Date.UTC(year, month - 1, 1);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const name = dateFormat('month-year', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first);
  return i18n._('{month} has {days} days', { month: name, days });
}

export interface ScheduleProblem {
  field: 'date' | 'time';
  message: string;
  /** The one input at fault, when it is one (the group otherwise). */
  part?: 'month' | 'day' | 'year';
}

/**
 * What is wrong with a filled-in schedule, said next to the field: an impossible date (2/30, month 13), a year
 * outside the form's range, or a time already past. Null while the fields are still being filled in or when all is
 * well. "Now" is the device's clock; the server, which knows the store's time zone, has the last word.
 */
export function scheduleProblem(
  fields: ScheduleFields,
  ranges: ScheduleRanges,
  now: Date = new Date(),
  /** The store's time zone, in which the server reads the fields; the device's when not known. */
  timeZone?: string,
): ScheduleProblem | null {
  // Midnight after the chosen day, and the chosen minute, as instants in the store's zone (or the device's).
  const instant = (year: number, month: number, day: number, hour: number, minute: number) =>
    timeZone ? instantOf({ year, month, day, hour, minute }, timeZone) : new Date(year, month - 1, day, hour, minute).getTime();
  if (fields.immediately) return null;
  const { month, day, year, hour, minute } = fields;
  if (month === '' || day === '' || year.length < 4) {
    // Say at once what cannot become right by typing more (month 13, day 32).
    if (month !== '' && !inRange(month, APPROVAL_RANGES.month)) return { field: 'date', part: 'month', message: i18n._(MONTH_TEXT) };
    if (day !== '' && !inRange(day, APPROVAL_RANGES.day)) return { field: 'date', part: 'day', message: i18n._(DAY_TEXT) };
    return null;
  }
  if (!inRange(month, APPROVAL_RANGES.month)) return { field: 'date', part: 'month', message: i18n._(MONTH_TEXT) };
  if (!inRange(year, ranges.year))
    return {
      field: 'date',
      part: 'year',
      message: i18n._('The year must be between {min} and {max}', { min: String(ranges.year.min), max: String(ranges.year.max) }),
    };
  const checked = checkDateParts(Number(month), Number(day), Number(year));
  // With the month and year right, what checkDateParts can still refuse is the day (2/30, day 0).
  if (!checked.ok) return { field: 'date', part: 'day', message: daysInMonthText(Number(month), Number(year)) };
  if (hour === '' || minute === '') {
    const endOfDay = instant(Number(year), Number(month), Number(day) + 1, 0, 0);
    return endOfDay <= now.getTime() ? { field: 'date', message: i18n._(PAST_PROMISE_TEXT) } : null;
  }
  const time = checkTimeParts(Number(hour), Number(minute), fields.meridiem);
  if (!time.ok)
    return {
      field: 'time',
      message: inRange(hour, APPROVAL_RANGES.hour)
        ? i18n._('The minutes must be between 0 and 59')
        : i18n._('The hour must be between 1 and 12'),
    };
  const at = instant(Number(year), Number(month), Number(day), time.value.hour, time.value.minute);
  // The current minute still counts as now.
  if (at < now.getTime() - 60_000) {
    const sameDay = instant(Number(year), Number(month), Number(day) + 1, 0, 0) > now.getTime();
    return { field: sameDay ? 'time' : 'date', message: i18n._(PAST_PROMISE_TEXT) };
  }
  return null;
}

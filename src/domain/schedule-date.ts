/**
 * The wall-clock date and time an admin promises ('3/14/2030' and '4:30 PM', or 'Immediately'), checked as a real
 * calendar date. Turning it into an instant needs the store's time zone and happens on the server; the forms use
 * the same checks to say what is wrong before sending.
 */
import { IMMEDIATELY } from './drop-schedule';

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; field: 'date' | 'time'; message: string };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Days in a month of the Gregorian calendar (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Checks month/day/year parts: each a whole number, the month 1–12, the day within that month. */
export function checkDateParts(month: number, day: number, year: number): Checked<{ year: number; month: number; day: number }> {
  if (![month, day, year].every(Number.isInteger)) return { ok: false, field: 'date', message: 'Enter the month, day and year as numbers' };
  if (month < 1 || month > 12) return { ok: false, field: 'date', message: 'The month must be between 1 and 12' };
  if (year < 2000 || year > 2099) return { ok: false, field: 'date', message: 'Enter a year with four digits, like 2026' };
  const days = daysInMonth(year, month);
  if (day < 1 || day > days) return { ok: false, field: 'date', message: `${MONTHS[month - 1]} ${year} has ${days} days` };
  return { ok: true, value: { year, month, day } };
}

/** Checks hour (1–12), minute (0–59) and AM/PM; answers the 24-hour time. */
export function checkTimeParts(hour: number, minute: number, period: 'AM' | 'PM'): Checked<{ hour: number; minute: number }> {
  if (!Number.isInteger(hour) || hour < 1 || hour > 12) return { ok: false, field: 'time', message: 'The hour must be between 1 and 12' };
  if (!Number.isInteger(minute) || minute < 0 || minute > 59)
    return { ok: false, field: 'time', message: 'The minutes must be between 0 and 59' };
  return { ok: true, value: { hour: (hour % 12) + (period === 'PM' ? 12 : 0), minute } };
}

/** Reads 'M/D/YYYY' and 'h:mm AM' as a wall time; 'Immediately' is not a wall time (null). */
export function parseSchedule(scheduledDate: string, scheduledTime: string): Checked<WallTime | null> {
  if (scheduledDate === IMMEDIATELY) return { ok: true, value: null };
  const date = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(scheduledDate.trim());
  if (!date) return { ok: false, field: 'date', message: "The date must be 'Immediately' or month/day/year" };
  const checkedDate = checkDateParts(Number(date[1]), Number(date[2]), Number(date[3]));
  if (!checkedDate.ok) return checkedDate;
  const time = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(scheduledTime.trim());
  if (!time) return { ok: false, field: 'time', message: 'The time must read h:mm AM or h:mm PM' };
  const checkedTime = checkTimeParts(Number(time[1]), Number(time[2]), time[3] as 'AM' | 'PM');
  if (!checkedTime.ok) return checkedTime;
  return { ok: true, value: { ...checkedDate.value, ...checkedTime.value } };
}

export const PAST_PROMISE_MESSAGE = 'That time has already passed: choose a time from now on';

import { DateTime } from 'luxon';
import { badRequest } from '../../lib/app-error';
import { nowIso } from '../../lib/time';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The store day (YYYY-MM-DD) of an instant. */
export const dayOf = (iso: string, storeTimeZone: string) =>
  DateTime.fromISO(iso, { zone: 'utc' }).setZone(storeTimeZone).toISODate() ?? '';

/** The instant a store day starts, and the one the day after `to` starts: [from, until). */
export function dayRange(
  storeTimeZone: string,
  fromDay: string | undefined,
  toDay: string | undefined,
): { from: string; until: string; label: string } {
  const today = DateTime.fromISO(nowIso(), { zone: 'utc' }).setZone(storeTimeZone).startOf('day');
  for (const day of [fromDay, toDay]) if (day !== undefined && !DAY.test(day)) throw badRequest('Dates must be written YYYY-MM-DD');
  const start = fromDay ? DateTime.fromISO(fromDay, { zone: storeTimeZone }) : today.minus({ days: 29 });
  const end = (toDay ? DateTime.fromISO(toDay, { zone: storeTimeZone }) : today).plus({ days: 1 });
  if (!start.isValid || !end.isValid) throw badRequest('Dates must be real days, written YYYY-MM-DD');
  if (end <= start) throw badRequest('The end date must not be before the start date');
  return {
    from: start.toUTC().toISO()!,
    until: end.toUTC().toISO()!,
    label: `${start.toISODate()}-to-${end.minus({ days: 1 }).toISODate()}`,
  };
}

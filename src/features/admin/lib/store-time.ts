// Scheduling in two taps (issue 33 item 3): the form's fields are a wall time in the store's time zone (the server
// reads them there), so the shortcuts and the past-time check work in that zone, not the device's.
import { checkDateParts, type WallTime } from '@/domain/schedule-date';
import type { ScheduleFields } from './schedule';
import { IMMEDIATELY } from '@/domain/drop-schedule';
import { activeLocale, i18n } from '@/lib/i18n/i18n';

// One formatter per zone and shape, made on first use: building an Intl.DateTimeFormat costs about a millisecond at
// 4× CPU, and the schedule form reads wall times on every render (issue 33 item 6).
const formats = new Map<string, Intl.DateTimeFormat>();
// The wall time's parts are read in English's digits; a time shown to a person is in the language shown.
const formatIn = (timeZone: string, shape: 'parts' | 'time' | 'day', options: Intl.DateTimeFormatOptions) => {
  const locale = shape === 'parts' || activeLocale() === 'en' ? 'en-US' : activeLocale();
  const key = `${shape} ${timeZone} ${locale}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, { timeZone, ...options })));
  return format;
};

/** The wall time at `instant` in `timeZone`. */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  const parts = Object.fromEntries(
    formatIn(timeZone, 'parts', {
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

/** The instant a wall time in `timeZone` names (a time skipped by a clock change moves on by the gap). */
export function instantOf(wall: WallTime, timeZone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  let guess = asUtc;
  // Two rounds settle the zone's offset at that moment (it may differ from the offset now).
  for (let i = 0; i < 2; i++) {
    const seen = wallTimeAt(guess, timeZone);
    guess += asUtc - Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
  }
  return guess;
}

/** The form's fields for a wall time (12-hour clock). */
export function fieldsOf(wall: WallTime): ScheduleFields {
  return {
    immediately: false,
    month: String(wall.month),
    day: String(wall.day),
    year: String(wall.year),
    hour: String(wall.hour % 12 === 0 ? 12 : wall.hour % 12),
    minute: String(wall.minute).padStart(2, '0'),
    meridiem: wall.hour < 12 ? 'AM' : 'PM',
  };
}

/** The wall time the fields hold, or null while they are incomplete. */
export function wallOf(fields: ScheduleFields): WallTime | null {
  if (fields.immediately || !fields.month || !fields.day || fields.year.length !== 4 || !fields.hour || fields.minute === '') return null;
  const hour12 = Number(fields.hour) % 12;
  return {
    year: Number(fields.year),
    month: Number(fields.month),
    day: Number(fields.day),
    hour: hour12 + (fields.meridiem === 'PM' ? 12 : 0),
    minute: Number(fields.minute),
  };
}

const HALF_HOUR = 30 * 60_000;

/** The next :00 or :30 strictly after `now`: what the form starts at. */
export const nextHalfHour = (now: number) => Math.floor(now / HALF_HOUR) * HALF_HOUR + HALF_HOUR;

/** The shortcuts beside the fields. */
export type Shortcut = 'today' | 'tomorrow' | 'plus-1h' | 'plus-2h' | 'immediately';

/**
 * The fields after a shortcut: Today / Tomorrow keep the time already chosen (Today moves it to the next half hour
 * when that time has passed); +1 h / +2 h are from now, to the next 5 minutes; Immediately ticks the box.
 */
export function applyShortcut(shortcut: Shortcut, fields: ScheduleFields, now: number, timeZone: string): ScheduleFields {
  if (shortcut === 'immediately') return { ...fields, immediately: true };
  if (shortcut === 'plus-1h' || shortcut === 'plus-2h') {
    const FIVE = 5 * 60_000;
    const at = Math.ceil((now + (shortcut === 'plus-1h' ? 1 : 2) * 3_600_000) / FIVE) * FIVE;
    return fieldsOf(wallTimeAt(at, timeZone));
  }
  const today = wallTimeAt(now, timeZone);
  const chosen = wallOf(fields) ?? wallTimeAt(nextHalfHour(now), timeZone);
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day + (shortcut === 'tomorrow' ? 1 : 0)));
  const wall = {
    year: day.getUTCFullYear(),
    month: day.getUTCMonth() + 1,
    day: day.getUTCDate(),
    hour: chosen.hour,
    minute: chosen.minute,
  };
  if (shortcut === 'today' && instantOf(wall, timeZone) <= now) return fieldsOf(wallTimeAt(nextHalfHour(now), timeZone));
  return fieldsOf(wall);
}

/** The year range of the forms: this year to this year + 4 (rolling; DESIGN wins over the specification's 2030). */
export function yearRange(now: number = Date.now()): { min: number; max: number } {
  const year = new Date(now).getFullYear();
  return { min: year, max: year + 4 };
}

/** Whether the fields are complete but name a date no calendar has (2/30 would otherwise read as Mar 2). */
export function impossibleDate(fields: ScheduleFields): boolean {
  const wall = wallOf(fields);
  return !!wall && !checkDateParts(wall.month, wall.day, wall.year).ok;
}

/**
 * 'Today 4:30 PM', 'Tomorrow 9:00 AM' or 'Fri, Mar 15, 4:30 PM': how the chosen time reads, in the store's zone; null
 * while incomplete or impossible.
 */
export function describeChoice(fields: ScheduleFields, now: number, timeZone: string): string | null {
  if (fields.immediately) return i18n._(IMMEDIATELY);
  const wall = wallOf(fields);
  if (!wall || impossibleDate(fields)) return null;
  const at = instantOf(wall, timeZone);
  const time = formatIn(timeZone, 'time', { hour: 'numeric', minute: '2-digit' }).format(at);
  const today = wallTimeAt(now, timeZone);
  const dayNumber = (w: { year: number; month: number; day: number }) => Date.UTC(w.year, w.month - 1, w.day) / 86_400_000;
  const offset = dayNumber(wall) - dayNumber(today);
  if (offset === 0) return i18n._('Today {time}', { time });
  if (offset === 1) return i18n._('Tomorrow {time}', { time });
  return formatIn(timeZone, 'day', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}

/** Where a scheduling form starts: the next half hour, in the store's zone. */
export const defaultSchedule = (now: number, timeZone: string): ScheduleFields => fieldsOf(wallTimeAt(nextHalfHour(now), timeZone));

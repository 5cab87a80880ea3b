// What every notice is made of (issue 30): who it goes to, where it opens, and the values its messages read.
import { DEFAULT_LOCALE, type Locale } from '../../../src/domain/locale';
import { formatCents, toCents } from '../../../src/domain/money';
import type { PushPayload } from '../../../src/domain/push';
import { parseSchedule } from '../../../src/domain/schedule-date';
import type { SocketMessageJson as SocketMessage, SocketMessageType } from '../../../src/domain/socket-messages';
import { DateTime } from 'luxon';
import { clockIn, dateIn, moneyIn } from '../../lib/i18n/intl';
import type { Reader } from '../../lib/i18n/messages';

/** Who a notification goes to: one player's devices, or every admin's. */
export type PushAudience = { userId: number } | 'admins';

export interface PushNotice {
  to: PushAudience;
  payload: PushPayload;
  /** Replaces an undelivered message with the same topic at the push service (≤ 32 URL-safe base64 characters). */
  topic: string;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Seconds the push service keeps it for an offline device. */
  ttl: number;
}

/** English, with times in UTC: what a notice says when no reader is named (tests, and English has no zone to name). */
export const ENGLISH: Reader = { locale: DEFAULT_LOCALE, timeZone: 'UTC' };

const HOUR = 3600;
/** A day in seconds, the unit of a notice's `ttl`. */
export const DAY = 24 * HOUR;

/** Where each kind of record is seen in the app; the service worker opens these on a click. */
export const SCREENS = {
  myBuyRequests: '/my-activity?tab=buy',
  mySellRequests: '/my-activity?tab=sell',
  adminPending: '/admin/pending',
  adminSubmissions: '/admin/submissions',
} as const;

/** A USD amount of the API's (dollars) as the reader writes money; English as the API writes it. */
export const usd = (locale: Locale, dollars: number) =>
  locale === 'en' ? formatCents(toCents(dollars)) : moneyIn(locale, toCents(dollars));

/**
 * The values of a schedule for the messages' `{when, select, now {…} date {…} time {…} other {…}}`: English keeps the
 * date and time as the admin entered them; another language writes them its own way, from the promised instant (or
 * the entered wall time read in the store's zone), with the store's zone named.
 */
export function scheduleValues(
  reader: Reader,
  schedule: { date: string | null; time: string | null; immediate: boolean; promisedAt?: string | null },
): { when: 'now' | 'soon' | 'date' | 'time'; date?: string; time?: string } {
  const { date, time } = schedule;
  if (schedule.immediate) return { when: 'now' };
  if (!date) return { when: 'soon' };
  if (reader.locale === 'en') return time ? { when: 'time', date, time } : { when: 'date', date };
  const parsed = parseSchedule(date, time || '12:00 PM');
  const wall = parsed.ok && parsed.value ? DateTime.fromObject(parsed.value, { zone: reader.timeZone }) : null;
  const at = schedule.promisedAt ? new Date(schedule.promisedAt) : wall?.isValid ? wall.toJSDate() : null;
  if (!at) return time ? { when: 'time', date, time } : { when: 'date', date };
  return time ? { when: 'time', date: dateIn(reader, at), time: clockIn(reader, at) } : { when: 'date', date: dateIn(reader, at) };
}

/** Keeps a text under `max` characters, cut at a word where possible. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** A new record's notice to every admin: urgent, kept a day, tagged and topped by `tag`. */
export function toAdmins(tag: string, url: string, title: string, body: string): PushNotice {
  return { to: 'admins', payload: { title, body, url, tag }, topic: tag, urgency: 'high', ttl: DAY };
}

/** The socket message of one type. */
export type Of<T extends SocketMessageType> = Extract<SocketMessage, { type: T }>;
/**
 * The notifications one type of message causes, written for `reader`; `ownerId` is the record's owner (null when
 * unknown). The service asks once for the owner's notices in the owner's language and once per admins' language.
 */
export type NoticeRule<T extends SocketMessageType> = (message: Of<T>, ownerId: number | null, reader: Reader) => PushNotice[];

// Money and times in a person's language (issue 50.4), for what the server writes outside an answer (pushes, emails).
// English keeps the server's own formats, word for word as before; Spanish and Portuguese are written by Intl. A time
// is in the store's zone (the server does not know the reader's) and, outside English, names it.
import { formatCents, type Cents } from '../../../src/domain/money';
import type { Locale } from '../../../src/domain/locale';
import type { Reader } from './messages';

const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** One formatter per language, zone and shape, made on first use (building one loads the language's data). */
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = made.get(key) as T | undefined;
  if (!format) made.set(key, (format = make()));
  return format;
}

/** An amount in cents as the language writes US dollars: en '$1,234.50', es '1234,50 US$', pt-BR 'US$ 1.234,50'. */
export function moneyIn(locale: Locale, cents: Cents): string {
  if (locale === 'en') return formatCents(cents);
  return formatter(`${locale} usd`, () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' })).format(cents / 100);
}

/** A date in the reader's language ('14/3/2030'), as the day it is in `timeZone`. */
export function dateIn({ locale, timeZone }: Reader, at: Date): string {
  return formatter(
    `${locale} ${timeZone} date`,
    () => new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'numeric', year: 'numeric' }),
  ).format(at);
}

/** A time of day in the reader's language with the zone named ('16:30 GMT-4'). */
export function clockIn({ locale, timeZone }: Reader, at: Date): string {
  return formatter(
    `${locale} ${timeZone} clock`,
    () => new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }),
  ).format(at);
}

/** A moment in the reader's language with the zone named ('14 mar, 16:30 GMT-4'). */
export function momentIn({ locale, timeZone }: Reader, at: Date): string {
  return formatter(
    `${locale} ${timeZone} moment`,
    () =>
      new Intl.DateTimeFormat(locale, {
        timeZone,
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }),
  ).format(at);
}

// Numbers, money and dates in the language shown (Intl), each formatter made once per language on first use: building
// an Intl formatter loads the locale's data, about a millisecond each on a slow phone (issue 33 item 6).
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/domain/locale';
import { i18n } from '@lingui/core';
import { type Cents, formatCents, formatCount } from '@/domain/money';

const made = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function current(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/** Formats with Intl in the language shown; `name` tells apart formatters with different options. */
export function dateFormat(name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${current()} date ${name}`;
  let format = made.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) made.set(key, (format = new Intl.DateTimeFormat(current() === 'en' ? 'en-US' : current(), options)));
  return format;
}

export function numberFormat(name: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${current()} number ${name}`;
  let format = made.get(key) as Intl.NumberFormat | undefined;
  if (!format) made.set(key, (format = new Intl.NumberFormat(current() === 'en' ? 'en-US' : current(), options)));
  return format;
}

/** An amount in cents as the language writes it: English as `formatCents` ('$1,234.50'), Spanish '1234,50 US$', Portuguese 'US$ 1.234,50'. */
export function displayCents(cents: Cents): string {
  if (current() === 'en') return formatCents(cents);
  return numberFormat('usd', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** A whole count as the language writes it ('12,000', '12.000'). */
export function displayCount(value: number): string {
  if (current() === 'en') return formatCount(value);
  return numberFormat('count', { maximumFractionDigits: 0 }).format(value);
}

import { i18n } from '@lingui/core';
/**
 * A date formatter made on its first use. Creating an Intl.DateTimeFormat loads the locale's calendar data — tens of
 * milliseconds on a slow phone — so one made when its module loads would hold up the first screen for a date that
 * screen may never show.
 */
export function lazyDateFormat(options: Intl.DateTimeFormatOptions): { format(date: Date): string } {
  // One per language shown (English keeps the device's own conventions, as before): made on first use in each.
  const made = new Map<string, Intl.DateTimeFormat>();
  return {
    format: (date) => {
      const locale = i18n.locale || 'en';
      let format = made.get(locale);
      if (!format) made.set(locale, (format = new Intl.DateTimeFormat(locale === 'en' ? undefined : locale, options)));
      return format.format(date);
    },
  };
}

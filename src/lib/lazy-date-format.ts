/**
 * A date formatter made on its first use. Creating an Intl.DateTimeFormat loads the locale's calendar data — tens of
 * milliseconds on a slow phone — so one made when its module loads would hold up the first screen for a date that
 * screen may never show.
 */
export function lazyDateFormat(options: Intl.DateTimeFormatOptions): { format(date: Date): string } {
  let made: Intl.DateTimeFormat | null = null;
  return { format: (date) => (made ??= new Intl.DateTimeFormat(undefined, options)).format(date) };
}

// Formatters made once, on first use: `toLocaleString` with options builds a new Intl.DateTimeFormat (and loads the
// locale's data) on every call — about a millisecond each at 4× CPU, paid by every card of an admin list on every
// render (issue 33 item 6). The same text as before: `toLocaleString('en-US', options)` is this format.
// In the language shown (src/lib/i18n/intl.ts): one formatter per language, English's being 'en-US' as before.
import { dateFormat as localDateFormat } from './i18n/intl';

/** 'Nov 21, 2026' — the date of a stored ISO time; '' when missing, the text itself when it is not a date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return localDateFormat('date', { month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** 'Nov 21, 2026, 3:05 PM' — the date and time of a stored ISO time; '' when missing, the text itself when not a date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return localDateFormat('date-time', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(date);
}

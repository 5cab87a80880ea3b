import { IMMEDIATELY } from '@/domain/drop-schedule';
import { i18n } from '@/lib/i18n/i18n';

/** A scheduled pickup or drop as written by admins: 'Immediately' or 'M/D/YYYY at h:mm AM'. */
export function formatSchedule(date: string | null | undefined, time: string | null | undefined): string {
  if (!date) return i18n._('To be scheduled');
  if (date === IMMEDIATELY) return i18n._('Immediately');
  return time ? i18n._('{date} at {time}', { date, time }) : date;
}

import { IMMEDIATELY } from '@/domain/drop-schedule';

/** A scheduled pickup or drop as written by admins: 'Immediately' or 'M/D/YYYY at h:mm AM'. */
export function formatSchedule(date: string | null | undefined, time: string | null | undefined): string {
  if (!date) return 'To be scheduled';
  if (date === IMMEDIATELY) return IMMEDIATELY;
  return time ? `${date} at ${time}` : date;
}

// The one describer of a stored drop or pickup time (issue 48.5): every screen that says when a drop, a pickup or a
// proposal happens reads it through here — 'Immediately', 'To be scheduled', or the date and time the admin wrote, in
// the language shown. The flag is the one truth of "immediate" (migrations 051 and 052); the date the API answers for
// it ('Immediately') reads the same. The receipt's English words come from the same reading (scheduleState).
import { scheduleState, type StoredSchedule } from '@/domain/drop-schedule';
import { activeLocale, i18n } from './i18n/i18n';
import { dateFormat } from './i18n/intl';

/**
 * A stored wall time ('M/D/YYYY', 'h:mm AM', the store's zone) as the language shown writes it: as stored in English,
 * by Intl otherwise ('24 dic 2028', '15:30'), so 12/2 is never read as the 12th of February. Text that is not a date
 * or a time is kept as it is.
 */
export function scheduleWords(date: string, time: string | null): { date: string; time: string | null } {
  if (activeLocale() === 'en') return { date, time };
  const d = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(date);
  const t = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time ?? '');
  // The wall time is formatted as if in UTC: no zone moves it.
  const utc = { timeZone: 'UTC' } as const;
  return {
    date: d
      ? dateFormat('schedule-date', { ...utc, day: 'numeric', month: 'short', year: 'numeric' }).format(
          Date.UTC(Number(d[3]), Number(d[1]) - 1, Number(d[2])),
        )
      : date,
    time: t
      ? dateFormat('schedule-time', { ...utc, hour: 'numeric', minute: '2-digit' }).format(
          Date.UTC(1970, 0, 1, (Number(t[1]) % 12) + (t[3] === 'PM' ? 12 : 0), Number(t[2])),
        )
      : time,
  };
}

/** 'M/D/YYYY at h:mm AM' (or the date alone without a time), in the language shown. */
export function scheduleAt(date: string, time: string | null | undefined): string {
  const shown = scheduleWords(date, time || null);
  return shown.time ? i18n._('{date} at {time}', { date: shown.date, time: shown.time }) : shown.date;
}

/** How a stored schedule reads: 'Immediately', 'To be scheduled', or 'M/D/YYYY at h:mm AM' (in the language shown). */
export function describeSchedule(schedule: StoredSchedule): string {
  const state = scheduleState(schedule);
  if (state.kind === 'immediate') return i18n._('Immediately');
  if (state.kind === 'unscheduled') return i18n._('To be scheduled');
  return scheduleAt(state.date, state.time);
}

/** A proposed time in a sentence: 'right away', or 'M/D/YYYY at h:mm AM' (in the language shown). */
export function proposedWhen(proposal: { scheduledDate: string; scheduledTime: string; isImmediate: boolean }): string {
  return proposal.isImmediate ? i18n._('right away') : scheduleAt(proposal.scheduledDate, proposal.scheduledTime);
}

/** '21 Nov 2026' style date of an ISO timestamp, or '' when missing. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** 'Nov 21, 2026, 3:05 PM' style date and time of an ISO timestamp, or '' when missing. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** A scheduled pickup or drop as written by admins: 'Immediately' or 'M/D/YYYY at h:mm AM'. */
export function formatSchedule(date: string | null | undefined, time: string | null | undefined): string {
  if (!date) return 'To be scheduled';
  if (date === 'Immediately') return 'Immediately';
  return time ? `${date} at ${time}` : date;
}

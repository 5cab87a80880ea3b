// Due now (issue 33 item 1): every open promise, the one whose deadline comes first at the top — so the overdue ones
// lead — with the time left counted down from a clock the view ticks.
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { promiseDueAt } from '@/domain/admin-waiting';

/** One promise an admin has to keep: a drop (an approved request) or a pickup not yet collected. */
export type DueEntry =
  | { kind: 'drop'; key: string; id: number; dueAt: number; player: string; items: string; request: PurchaseRequest }
  | { kind: 'pickup'; key: string; id: number; dueAt: number; player: string; items: string; pickup: ScheduledPickup };

const itemsText = (items: PurchaseRequest['items']) =>
  items.map((item) => (item.quantity > 1 ? `${item.quantity} × ${item.name}` : item.name)).join(', ');

/** The open promises of both lists, earliest deadline first (overdue ones therefore first), ties by number. */
export function dueNowEntries(
  requests: readonly PurchaseRequest[] | undefined,
  pickups: readonly ScheduledPickup[] | undefined,
): DueEntry[] {
  const entries: DueEntry[] = [];
  for (const request of requests ?? []) {
    // Which promises are open, and when: the same rule as the Admin button's and the app icon's count.
    const dueAt = promiseDueAt(request);
    if (dueAt === null) continue;
    entries.push({
      kind: 'drop',
      key: `drop-${request.id}`,
      id: request.id,
      dueAt,
      player: request.requesterName,
      items: itemsText(request.items),
      request,
    });
  }
  for (const pickup of pickups ?? []) {
    const dueAt = promiseDueAt(pickup);
    if (dueAt === null) continue;
    const submission = pickup.submission;
    entries.push({
      kind: 'pickup',
      key: `pickup-${pickup.id}`,
      id: pickup.submissionId,
      dueAt,
      player: submission?.submittedBy ?? '',
      items: submission ? `${submission.quantity > 1 ? `${submission.quantity} × ` : ''}${submission.ps5Name}` : `pickup #${pickup.id}`,
      pickup,
    });
  }
  return entries.sort((a, b) => a.dueAt - b.dueAt || (a.kind === b.kind ? a.id - b.id : a.kind === 'drop' ? -1 : 1));
}

/** How many of the entries are past their time at `now`. */
export const overdueCount = (entries: readonly DueEntry[], now: number) => entries.filter((entry) => entry.dueAt <= now).length;

/** The time left as a person reads it: 'in 42 min', 'in 1 h 05 min', 'overdue 3 min', 'due now'. */
export function countdownText(dueAt: number, now: number): string {
  const ms = dueAt - now;
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const seconds = Math.floor((Math.abs(ms) % 60_000) / 1000);
  const span =
    minutes >= 24 * 60
      ? `${Math.floor(minutes / (24 * 60))} d ${Math.floor((minutes % (24 * 60)) / 60)} h`
      : minutes >= 60
        ? `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`
        : minutes >= 5
          ? `${minutes} min`
          : `${minutes}:${String(seconds).padStart(2, '0')}`;
  if (ms > 0) return `in ${span}`;
  if (ms > -1000) return 'due now';
  return `overdue ${span}`;
}

// Due now (issue 33 item 1): every open promise, the one whose deadline comes first at the top — so the overdue ones
// lead — with the time left counted down from a clock the view ticks.
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { promiseDueAt } from '@/domain/admin-waiting';
import { i18n } from '@/lib/i18n/i18n';

/**
 * Where a due entry stands: its promise still open (the countdown runs), or ended while the items are still owed —
 * missed (the store was late, the credit given) or a no-show (the player did not come) — issue 47.7.
 */
export type DueState = 'open' | 'missed' | 'no-show';

interface DueBase {
  key: string;
  id: number;
  dueAt: number;
  player: string;
  items: string;
  state: DueState;
}

/** One promise an admin has to keep, or kept late: a drop (an approved request) or a pickup not yet collected. */
export type DueEntry = (DueBase & { kind: 'drop'; request: PurchaseRequest }) | (DueBase & { kind: 'pickup'; pickup: ScheduledPickup });

/** How a settled entry is marked (its countdown has nothing left to count): message ids, read with `_()`. */
export const DUE_STATE_WORDS: Record<Exclude<DueState, 'open'>, string> = {
  missed: 'Missed — still owed',
  'no-show': 'No-show — still owed',
};

/**
 * When the promise of a record still owed ended missed or as a no-show, and which (null otherwise): a drop approved
 * and not completed, a pickup not collected.
 */
function settledButOwed(record: PurchaseRequest | ScheduledPickup): { state: 'missed' | 'no-show'; dueAt: number } | null {
  const owed = 'status' in record ? record.status === 'approved' : !record.completed && !record.collectedAt;
  const state = record.promiseStatus;
  if (!owed || (state !== 'missed' && state !== 'no-show') || !record.promisedAt) return null;
  const dueAt = Date.parse(record.promisedAt);
  return Number.isFinite(dueAt) ? { state, dueAt } : null;
}

/** Open and late: the open promises by deadline (overdue ones first), then what is still owed past its promise. */
const dueOf = (record: PurchaseRequest | ScheduledPickup): { state: DueState; dueAt: number } | null => {
  // Which promises are open, and when: the same rule as the Admin button's and the app icon's count.
  const open = promiseDueAt(record);
  return open !== null ? { state: 'open', dueAt: open } : settledButOwed(record);
};

const itemsText = (items: PurchaseRequest['items']) =>
  items.map((item) => (item.quantity > 1 ? `${item.quantity} × ${item.name}` : item.name)).join(', ');

/**
 * The open promises of both lists, earliest deadline first (overdue ones therefore first), ties by number; then the
 * drops and pickups whose promise ended missed or as a no-show while the items are still owed (issue 47.7: they
 * stayed owed, so they stay listed), oldest first.
 */
export function dueNowEntries(
  requests: readonly PurchaseRequest[] | undefined,
  pickups: readonly ScheduledPickup[] | undefined,
): DueEntry[] {
  const entries: DueEntry[] = [];
  for (const request of requests ?? []) {
    const due = dueOf(request);
    if (due === null) continue;
    entries.push({
      kind: 'drop',
      key: `drop-${request.id}`,
      id: request.id,
      ...due,
      player: request.requesterName,
      items: itemsText(request.items),
      request,
    });
  }
  for (const pickup of pickups ?? []) {
    const due = dueOf(pickup);
    if (due === null) continue;
    const submission = pickup.submission;
    entries.push({
      kind: 'pickup',
      key: `pickup-${pickup.id}`,
      id: pickup.submissionId,
      ...due,
      player: submission?.submittedBy ?? '',
      items: submission
        ? `${submission.quantity > 1 ? `${submission.quantity} × ` : ''}${submission.ps5Name}`
        : i18n._('pickup #{id}', { id: pickup.id }),
      pickup,
    });
  }
  const settled = (entry: DueEntry) => (entry.state === 'open' ? 0 : 1);
  return entries.sort(
    (a, b) => settled(a) - settled(b) || a.dueAt - b.dueAt || (a.kind === b.kind ? a.id - b.id : a.kind === 'drop' ? -1 : 1),
  );
}

/** How many of the open entries are past their time at `now` (a missed or no-show one is settled, not overdue). */
export const overdueCount = (entries: readonly DueEntry[], now: number) =>
  entries.filter((entry) => entry.state === 'open' && entry.dueAt <= now).length;

/** The time left as a person reads it: 'in 42 min', 'in 1 h 05 min', 'overdue 3 min', 'due now'. */
export function countdownText(dueAt: number, now: number): string {
  const ms = dueAt - now;
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const seconds = Math.floor((Math.abs(ms) % 60_000) / 1000);
  const span =
    minutes >= 24 * 60
      ? i18n._('{days} d {hours} h', { days: Math.floor(minutes / (24 * 60)), hours: Math.floor((minutes % (24 * 60)) / 60) })
      : minutes >= 60
        ? i18n._('{hours} h {minutes} min', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') })
        : minutes >= 5
          ? i18n._('{minutes} min', { minutes })
          : `${minutes}:${String(seconds).padStart(2, '0')}`;
  if (ms > 0) return i18n._('in {span}', { span });
  if (ms > -1000) return i18n._('due now');
  return i18n._('overdue {span}', { span });
}

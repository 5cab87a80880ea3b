// Sends the actions of a bulk confirmation one by one, each as its own admin action (its own Idempotency-Key, its own
// audit row on the server), through the same path as a single tap: sent now when online, kept in the outbox when
// offline or when the network fails. No bulk endpoint: each record's transition stays idempotent and offline-capable.
import type { AdminAction } from '@/lib/admin-action';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n/i18n';
import { queueAdminAction, submitAdminAction } from '@/lib/outbox/outbox';

export type BulkOutcome = { label: string; status: 'sent' | 'queued' } | { label: string; status: 'already' | 'failed'; message: string };

/**
 * Sends each action in turn (with the same photo, when the action takes one). Once one is queued for lack of a
 * network, the rest are queued at once instead of each waiting for its own timeout; the drain sends them in order.
 */
export async function sendEach(
  actions: readonly AdminAction[],
  { username, photo }: { username: string; photo?: Blob | null },
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = [];
  let networkDown = false;
  for (const action of actions) {
    const withPhoto = action.photoField ? photo : null;
    if (networkDown) {
      await queueAdminAction(action, { username, photo: withPhoto });
      outcomes.push({ label: action.label, status: 'queued' });
      continue;
    }
    try {
      const result = await submitAdminAction(action, { username, photo: withPhoto });
      if (result.status === 'already') outcomes.push({ label: action.label, status: 'already', message: result.message });
      else outcomes.push({ label: action.label, status: result.status });
      if (result.status === 'queued') networkDown = true;
    } catch (error) {
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : i18n._('Network error. Please try again.');
      outcomes.push({ label: action.label, status: 'failed', message });
    }
  }
  return outcomes;
}

/** What a bulk action did to each record: the words for how many it did (issue 50: a plural in every language). */
export type BulkDone = 'collected' | 'completed';

const DONE_TEXT: Record<BulkDone, string> = {
  collected: '{count, plural, one {# marked collected} other {# marked collected}}',
  completed: '{count, plural, one {# marked completed} other {# marked completed}}',
};

/** One line for the admin about a bulk send: how many went, waited, were already done, or failed. */
export function summarizeBulk(outcomes: readonly BulkOutcome[], done: BulkDone): { title: string; text: string; failed: boolean } {
  const count = (status: BulkOutcome['status']) => outcomes.filter((outcome) => outcome.status === status).length;
  const sent = count('sent');
  const queued = count('queued');
  const already = count('already');
  const failed = outcomes.flatMap((outcome) => (outcome.status === 'failed' ? [outcome] : []));
  const parts = [
    sent ? i18n._(DONE_TEXT[done], { count: sent }) : '',
    queued ? i18n._("{count} saved on this device, sent once you're back online", { count: queued }) : '',
    already ? i18n._('{count} already done by someone else', { count: already }) : '',
    failed.length ? i18n._('{count} not done', { count: failed.length }) : '',
  ].filter(Boolean);
  const title = failed.length
    ? i18n._('Some were not done')
    : queued
      ? i18n._('Saved — waiting to send')
      : i18n._(DONE_TEXT[done], { count: sent + already });
  const reasons = failed.map((outcome) => i18n._('{label}: {reason}', { label: outcome.label, reason: outcome.message }));
  return { title, text: [parts.join(', ') + '.', ...reasons].join(' '), failed: failed.length > 0 };
}

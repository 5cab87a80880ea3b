// Sends the actions of a bulk confirmation one by one, each as its own admin action (its own Idempotency-Key, its own
// audit row on the server), through the same path as a single tap: sent now when online, kept in the outbox when
// offline or when the network fails. No bulk endpoint: each record's transition stays idempotent and offline-capable.
import type { AdminAction } from '@/lib/admin-action';
import { ApiError } from '@/lib/api-client';
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
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Network error. Please try again.';
      outcomes.push({ label: action.label, status: 'failed', message });
    }
  }
  return outcomes;
}

/** One line for the admin about a bulk send: how many went, waited, were already done, or failed. */
export function summarizeBulk(outcomes: readonly BulkOutcome[], done: string): { title: string; text: string; failed: boolean } {
  const count = (status: BulkOutcome['status']) => outcomes.filter((outcome) => outcome.status === status).length;
  const sent = count('sent');
  const queued = count('queued');
  const already = count('already');
  const failed = outcomes.flatMap((outcome) => (outcome.status === 'failed' ? [outcome] : []));
  const parts = [
    sent ? `${sent} ${done}` : '',
    queued ? `${queued} saved on this device, sent once you're back online` : '',
    already ? `${already} already done by someone else` : '',
    failed.length ? `${failed.length} not done` : '',
  ].filter(Boolean);
  const title = failed.length ? 'Some were not done' : queued ? 'Saved — waiting to send' : `${sent + already} ${done}`;
  const reasons = failed.map((outcome) => `${outcome.label}: ${outcome.message}`);
  return { title, text: [parts.join(', ') + '.', ...reasons].join(' '), failed: failed.length > 0 };
}

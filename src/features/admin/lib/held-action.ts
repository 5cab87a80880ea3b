// Deny and Reject wait 10 s before anything is sent, with Undo in a notice (issue 33 item 5). The held action is kept
// in the outbox with a not-before time rather than in this page's memory: closing Admin Control or leaving the screen
// loses nothing, and Undo is simply removing it from the outbox before then. The decision is never held past the
// window (issue 47.9): this page's timer sends it when the window closes, the service worker's Background Sync waits
// out the window and sends it even if the app was closed, and closing the app (pagehide) releases it at once.
import { showToast } from '@/components/toast-store';
import type { AdminAction } from '@/lib/admin-action';
import { queueAdminAction, undoHeldAction } from '@/lib/outbox/outbox';
import { triggerDrain } from '@/lib/outbox/triggers';
import { i18n } from '@/lib/i18n/i18n';

/** How long a Deny or Reject waits for Undo before it is sent. */
export const UNDO_WINDOW_MS = 10_000;

export const UNDONE_TITLE = 'Undone';
export const TOO_LATE_TITLE = 'Too late to undo';

/** Holds `action` for the Undo window and shows "<notice> — Undo"; answers the held item's id. */
export async function holdWithUndo(action: AdminAction, { username, notice }: { username: string; notice: string }): Promise<string> {
  const id = await queueAdminAction(action, { username, holdMs: UNDO_WINDOW_MS });
  showToast({
    title: notice,
    description: i18n._('Sent in 10 seconds. Nothing has been sent yet.'),
    duration: UNDO_WINDOW_MS,
    action: { label: i18n._('Undo'), onAction: () => void undo(id, notice) },
  });
  // This page sends it when the window closes (the outbox's own triggers would too, after a reload or on focus).
  setTimeout(() => void triggerDrain(), UNDO_WINDOW_MS);
  return id;
}

/** Takes a held action back and says whether it worked. */
export async function undo(id: string, notice: string): Promise<boolean> {
  const undone = await undoHeldAction(id);
  if (undone)
    showToast({
      title: i18n._(UNDONE_TITLE),
      description: i18n._('{notice} was taken back. Nothing was sent.', { notice }),
      variant: 'success',
    });
  else
    showToast({
      title: i18n._(TOO_LATE_TITLE),
      description: i18n._('{notice} had already been sent.', { notice }),
      variant: 'destructive',
    });
  return undone;
}

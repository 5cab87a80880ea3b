import type { AdminActionResult } from '../lib/outbox/outbox';
import { showToast } from './toast-store';

export const QUEUED_ADMIN_TITLE = 'Saved — waiting to send';
export const QUEUED_ADMIN_TEXT = "No connection right now. It's kept on this device and sent once you're back online.";

/** Tells the admin what became of an action that was not simply sent: kept for later, or already done by someone. */
export function announceAdminResult(result: AdminActionResult): void {
  if (result.status === 'queued') showToast({ title: QUEUED_ADMIN_TITLE, description: QUEUED_ADMIN_TEXT });
  if (result.status === 'already') showToast({ title: 'Already done', description: result.message });
}

import type { AdminActionResult } from '../lib/outbox/outbox';
import { i18n } from '@/lib/i18n/i18n';
import { showToast } from './toast-store';

export const QUEUED_ADMIN_TITLE = 'Saved — waiting to send';
export const QUEUED_ADMIN_TEXT = "No connection right now. It's kept on this device and sent once you're back online.";

/** Tells the admin what became of an action that was not simply sent: kept for later, or already done by someone. */
export function announceAdminResult(result: AdminActionResult): void {
  // In the language shown when the answer comes (the words are the player catalogue's).
  if (result.status === 'queued') showToast({ title: i18n._(QUEUED_ADMIN_TITLE), description: i18n._(QUEUED_ADMIN_TEXT) });
  if (result.status === 'already') showToast({ title: i18n._('Already done'), description: result.message });
}

import { i18n } from '@/lib/i18n/i18n';
import type { AdminAction } from '@/lib/admin-action';
import { useMutation } from '@tanstack/react-query';
import { useCurrentUserName } from '@/lib/current-user';
import { holdWithUndo } from '../lib/held-action';

/** The call that denies a submission: PATCH /api/item-submissions/{id}/status with 'rejected'. */
export function denySubmissionAction({
  id,
  itemName,
  submittedBy,
  rejectionReason,
}: {
  id: number;
  itemName?: string;
  submittedBy?: string;
  rejectionReason?: string;
}): AdminAction {
  return {
    method: 'PATCH',
    path: `/api/item-submissions/${id}/status`,
    body: { status: 'rejected', expectedStatus: 'pending', ...(rejectionReason ? { rejectionReason } : {}) },
    subject: { type: 'submission', id: String(id) },
    target: 'rejected',
    label: i18n._('Deny {what}', {
      what: itemName
        ? submittedBy
          ? i18n._('{item} from {player}', { item: itemName, player: submittedBy })
          : itemName
        : i18n._('submission #{id}', { id }),
    }),
  };
}

/**
 * Deny after Confirm Denial: held for the Undo window ("Denied #N — Undo", issue 33 item 5), then sent through the
 * admin outbox (queued when offline); the lists refresh when the outbox confirms it.
 */
export function useDenySubmission() {
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: (input: number | { id: number; itemName?: string; submittedBy?: string; rejectionReason?: string }) => {
      const fields = typeof input === 'number' ? { id: input } : input;
      return holdWithUndo(denySubmissionAction(fields), { username, notice: i18n._('Denied #{id}', { id: fields.id }) });
    },
  });
}

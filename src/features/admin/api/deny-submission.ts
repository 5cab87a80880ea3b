import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemSubmission } from '../../../domain/schemas/submissions';
import { announceAdminResult } from '../../../components/admin-action-feedback';
import { useCurrentUserName } from '../../../lib/current-user';
import { submitAdminAction } from '../../../lib/outbox/outbox';
import { itemSubmissionsQueryOptions } from './item-submissions';

/** PATCH /api/item-submissions/{id}/status with 'rejected' (Deny after Confirm Denial). */
export function useDenySubmission() {
  const queryClient = useQueryClient();
  const username = useCurrentUserName() ?? '';
  return useMutation({
    mutationFn: (input: number | { id: number; itemName?: string; submittedBy?: string; rejectionReason?: string }) => {
      const { id, itemName, submittedBy, rejectionReason } = typeof input === 'number' ? { id: input } : input;
      return submitAdminAction<ItemSubmission>(
        {
          method: 'PATCH',
          path: `/api/item-submissions/${id}/status`,
          body: { status: 'rejected', expectedStatus: 'pending', ...(rejectionReason ? { rejectionReason } : {}) },
          subject: { type: 'submission', id: String(id) },
          target: 'rejected',
          label: `Deny ${itemName ?? `submission #${id}`}${submittedBy ? ` from ${submittedBy}` : ''}`,
        },
        { username },
      );
    },
    onSuccess: announceAdminResult,
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemSubmissionsQueryOptions().queryKey }),
  });
}

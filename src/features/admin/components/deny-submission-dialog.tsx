import { useState } from 'react';
import type { ItemSubmission } from '@/domain/schemas/submissions';
import { useLingui } from '@/lib/i18n/react';
import { useDenySubmission } from '../api/deny-submission';
import { ConfirmDialog } from './confirm-dialog';
import { ReasonField, reasonBody } from './reason-field';

/** Confirm Denial of a pending submission, with an optional reason; open while `submission` is set. */
export function DenySubmissionDialog({ submission, onClose }: { submission: ItemSubmission | null; onClose: () => void }) {
  const { _ } = useLingui();
  const deny = useDenySubmission();
  const [reason, setReason] = useState('');
  // Each submission opened starts with an empty reason (set while drawing, so the first frame is already empty).
  const [openedFor, setOpenedFor] = useState(submission);
  if (submission !== openedFor) {
    setOpenedFor(submission);
    if (submission) setReason('');
  }
  return (
    <ConfirmDialog
      open={submission !== null}
      title={_('Confirm Denial')}
      record={submission && { type: 'submission', id: submission.id, status: submission.status }}
      confirmVariant="danger"
      busy={deny.isPending}
      onCancel={() => onClose()}
      onConfirm={() => {
        if (submission)
          deny.mutate(
            { id: submission.id, itemName: submission.ps5Name, submittedBy: submission.submittedBy, ...reasonBody(reason) },
            { onSettled: () => onClose() },
          );
      }}
    >
      <p>
        {submission
          ? _('Are you sure you want to deny {quantity} × {item} from {player}?', {
              quantity: submission.quantity,
              item: submission.ps5Name,
              player: submission.submittedBy,
            })
          : _('Are you sure you want to deny this submission?')}
      </p>
      <ReasonField value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}

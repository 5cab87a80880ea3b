import { useEffect } from 'react';
import styled from 'styled-components';
import { ApiError } from '../../../lib/api-client';
import { subjectLabel, type PromiseSubject } from '../lib/promise-subject';
import { useNoShow } from '../api/no-show';
import { ConfirmDialog } from './confirm-dialog';

/** "Player did not show": asks first, then records it (no credit is given; the history names the admin). */
export function NoShowDialog({ subject, onClose }: { subject: PromiseSubject | null; onClose: () => void }) {
  const noShow = useNoShow();
  const { reset } = noShow;
  useEffect(() => {
    if (subject) reset();
  }, [subject, reset]);
  const failure =
    noShow.error instanceof ApiError
      ? (noShow.error.serverMessage ?? noShow.error.message)
      : noShow.error
        ? 'Network error. Please try again.'
        : null;
  return (
    <ConfirmDialog
      open={subject !== null}
      title="Player did not show"
      confirmVariant="danger"
      confirmLabel="Yes, record it"
      cancelLabel="No"
      busy={noShow.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (subject) noShow.mutate(subject, { onSuccess: onClose });
      }}
    >
      <p>
        Record that the player did not come for {subject ? subjectLabel(subject) : 'this'}? No store credit is given for this promise, and
        the history shows you recorded it.
      </p>
      {failure && <ErrorText role="alert">{failure}</ErrorText>}
    </ConfirmDialog>
  );
}

const ErrorText = styled.p`
  color: ${({ theme }) => theme.color.dangerText};
  font-weight: 600;
`;

import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { useNow } from '@/lib/use-now';
import { subjectLabel, type PromiseSubject } from '../lib/promise-subject';
import { useNoShow } from '../api/no-show';
import { ConfirmDialog } from './confirm-dialog';
import { promiseTimeCome } from './no-show-button';
import { ProofPhotoField } from './proof-photo-field';
import { ReasonField } from './reason-field';
import { useLingui } from '@/lib/i18n/react';

const promisedAtOf = (subject: PromiseSubject) =>
  subject.kind === 'purchase-request' ? subject.request.promisedAt : subject.pickup.promisedAt;

/**
 * "Player did not show": only from the promised time (the server refuses earlier with the reason, issue 28), with a
 * note and an optional photo from the spot. No credit is given; the player may dispute it for 48 hours.
 */
export function NoShowDialog({ subject, onClose }: { subject: PromiseSubject | null; onClose: () => void }) {
  const { _ } = useLingui();
  const noShow = useNoShow();
  const { reset } = noShow;
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<Blob | null>(null);
  useEffect(() => {
    if (!subject) return;
    reset();
    setNote('');
    setPhoto(null);
  }, [subject, reset]);
  const promisedAt = subject ? promisedAtOf(subject) : null;
  // Read against a ticking clock, so "has not come yet" goes (and Yes turns on) once the time passes (issue 52.5).
  const now = useNow(1000);
  const early = !promiseTimeCome(promisedAt, now);
  const failure =
    noShow.error instanceof ApiError
      ? (noShow.error.serverMessage ?? noShow.error.message)
      : noShow.error
        ? _('Network error. Please try again.')
        : null;
  const record = subject && {
    type: subject.kind,
    id: subject.kind === 'purchase-request' ? subject.request.id : subject.pickup.id,
    status: subject.kind === 'purchase-request' ? subject.request.status : 'scheduled',
  };
  return (
    <ConfirmDialog
      open={subject !== null}
      title={_('Player did not show')}
      record={record}
      confirmVariant="danger"
      confirmLabel={_('Yes, record it')}
      cancelLabel={_('No')}
      busy={noShow.isPending || early}
      onCancel={onClose}
      onConfirm={() => {
        if (subject) noShow.mutate({ subject, note: note.trim() || undefined, photo }, { onSuccess: onClose });
      }}
    >
      {early && promisedAt ? (
        <Note role="status">
          {_('The promised time ({when}) has not come yet. A no-show can be recorded from then until the end of the grace period.', {
            when: formatDateTime(promisedAt),
          })}
        </Note>
      ) : (
        <p>
          {_(
            'Record that the player did not come for {subject}? No store credit is given for this promise; the player is told and may dispute it within 48 hours, and the history shows you recorded it.',
            { subject: subject ? subjectLabel(subject) : '' },
          )}
        </p>
      )}
      <ReasonField value={note} onChange={setNote} label={_('What happened (the player and the super admin see it)')} />
      <ProofPhotoField value={photo} onChange={setPhoto} label={_('Photo from the spot (optional)')} />
      {failure && <ErrorText role="alert">{failure}</ErrorText>}
    </ConfirmDialog>
  );
}

const Note = styled.p`
  color: ${({ theme }) => theme.color.warning};
  font-weight: 600;
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.color.dangerText};
  font-weight: 600;
`;

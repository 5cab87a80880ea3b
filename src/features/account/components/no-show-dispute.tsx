import { useLingui } from '@/lib/i18n/react';
import { Trans } from '@/lib/i18n/trans';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { TextareaField as Field } from '@/components/textarea-field';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { formatCents } from '@/domain/money';
import { DISPUTE_WINDOW_MS, type PromiseSubjectType } from '@/domain/schemas/deals';
import { ApiError } from '@/lib/api-client';
import { myDisputesQueryOptions, useOpenDispute } from '@/lib/deals-api';
import { formatDateTime } from '@/lib/format-date';
import { StatusBox } from './request-card';

/**
 * A promise ended as "the player did not show" (issue 28): the player is told, and for 48 hours may dispute it; once
 * disputed the card says where the dispute stands and, decided, who decided and why.
 */
export function NoShowDispute({
  subjectType,
  subjectId,
  closedAt,
}: {
  subjectType: PromiseSubjectType;
  subjectId: number;
  closedAt: string | null | undefined;
}) {
  const { _ } = useLingui();
  const disputes = useQuery(myDisputesQueryOptions());
  const [open, setOpen] = useState(false);
  const dispute = disputes.data?.find((d) => d.subjectType === subjectType && d.subjectId === subjectId);
  const noun = subjectType === 'purchase-request' ? 'drop' : 'pickup';
  const canDispute = !dispute && !!closedAt && Date.now() - Date.parse(closedAt) < DISPUTE_WINDOW_MS;
  return (
    <StatusBox $tone="warning" data-testid="no-show">
      <p>
        {closedAt ? (
          <Trans
            id={
              noun === 'drop'
                ? '<0>An admin recorded that you did not come to the drop</0> ({when}). No store credit is given for it.'
                : '<0>An admin recorded that you did not come to the pickup</0> ({when}). No store credit is given for it.'
            }
            values={{ when: formatDateTime(closedAt) }}
            components={{ 0: <strong /> }}
          />
        ) : (
          <Trans
            id={
              noun === 'drop'
                ? '<0>An admin recorded that you did not come to the drop</0>. No store credit is given for it.'
                : '<0>An admin recorded that you did not come to the pickup</0>. No store credit is given for it.'
            }
            components={{ 0: <strong /> }}
          />
        )}
      </p>
      {dispute?.status === 'open' && <p>{_('You disputed it. The store will decide and tell you here.')}</p>}
      {dispute?.status === 'upheld' && (
        <p>
          <Trans id="<0>Dispute upheld</0> by {name}:" values={{ name: dispute.decidedBy }} components={{ 0: <strong /> }} />{' '}
          {dispute.credit > 0 ? _('{amount} of store credit was added.', { amount: formatCents(dispute.credit) }) : ''}
          {dispute.decisionNote ? ` ${dispute.decisionNote}` : ''}
        </p>
      )}
      {dispute?.status === 'dismissed' && (
        <p>
          <Trans id="<0>Dispute dismissed</0> by {name}:" values={{ name: dispute.decidedBy }} components={{ 0: <strong /> }} />{' '}
          {dispute.decisionNote}
        </p>
      )}
      {canDispute && (
        <>
          <p>{_('If you were there, you can dispute it within 48 hours.')}</p>
          <Actions>
            <Button type="button" $variant="secondary" onClick={() => setOpen(true)}>
              {_('Dispute')}
            </Button>
          </Actions>
        </>
      )}
      <DisputeDialog open={open} onClose={() => setOpen(false)} subjectType={subjectType} subjectId={subjectId} noun={noun} />
    </StatusBox>
  );
}

function DisputeDialog({
  open,
  onClose,
  subjectType,
  subjectId,
  noun,
}: {
  open: boolean;
  onClose: () => void;
  subjectType: PromiseSubjectType;
  subjectId: number;
  noun: string;
}) {
  const { _ } = useLingui();
  const id = useId();
  const [reason, setReason] = useState('');
  const openDispute = useOpenDispute();
  const failure =
    openDispute.error instanceof ApiError
      ? (openDispute.error.serverMessage ?? openDispute.error.message)
      : openDispute.error
        ? 'Network error. Please try again.'
        : null;
  const valid = reason.trim().length >= 3;
  return (
    <Dialog
      open={open}
      title={`Dispute the no-show`}
      onClose={onClose}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onClose}>
            {_('Cancel')}
          </Button>
          <Button
            type="button"
            disabled={!valid || openDispute.isPending}
            onClick={() => openDispute.mutate({ subjectType, subjectId, reason: reason.trim() }, { onSuccess: onClose })}
          >
            {_('Send dispute')}
          </Button>
        </>
      }
    >
      <Field>
        <label htmlFor={id}>
          {noun === 'drop'
            ? _("What happened at the drop? The store's owner reads it with the history and decides.")
            : _("What happened at the pickup? The store's owner reads it with the history and decides.")}
        </label>
        <textarea id={id} rows={4} maxLength={1000} value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
      {failure && <Error role="alert">{_(failure)}</Error>}
    </Dialog>
  );
}

const Actions = styled.div`
  margin-top: ${({ theme }) => theme.space(2)};
`;

const Error = styled.p`
  color: ${({ theme }) => theme.color.dangerText};
  font-weight: 600;
`;

import { useId, useState } from 'react';
import styled from 'styled-components';
import { TextareaField as Field } from '@/components/textarea-field';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useLingui } from '@/lib/i18n/react';
import type { Dispute } from '@/domain/schemas/deals';
import { ApiError } from '@/lib/api-client';
import { useDecideDispute } from '../api/disputes';
import { Muted } from './muted';

/** An open dispute's decision: the reason (needed to dismiss), Uphold (asked first) and Dismiss, and why sending failed. */
export function DisputeDecision({ dispute, credit }: { dispute: Dispute; credit: string }) {
  const { _ } = useLingui();
  const noteId = useId();
  const [note, setNote] = useState('');
  const decide = useDecideDispute();
  const [confirming, setConfirming] = useState(false);
  const failure =
    decide.error instanceof ApiError
      ? (decide.error.serverMessage ?? decide.error.message)
      : decide.error
        ? _('Network error. Please try again.')
        : null;
  return (
    <>
      <Field $gap={1}>
        <label htmlFor={noteId}>{_('Your decision’s reason (needed to dismiss; the player reads it)')}</label>
        <textarea id={noteId} rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
      </Field>
      <Actions>
        <Button type="button" $variant="success" disabled={decide.isPending} onClick={() => setConfirming(true)}>
          {_('Uphold — credit {amount}', { amount: credit })}
        </Button>
        <Button
          type="button"
          $variant="danger"
          disabled={decide.isPending || note.trim().length < 3}
          onClick={() => decide.mutate({ id: dispute.id, decision: 'dismiss', note: note.trim() })}
        >
          {_('Dismiss')}
        </Button>
      </Actions>
      {failure && <Muted role="alert">{failure}</Muted>}
      {/* Credit is granted for good (only a reversal takes it back): Uphold asks first, naming the amount and the
          player (issue 47.6). */}
      <Dialog
        open={confirming}
        alert
        title={_('Uphold this dispute?')}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button type="button" $variant="secondary" onClick={() => setConfirming(false)}>
              {_('Cancel')}
            </Button>
            <Button
              type="button"
              $variant="success"
              disabled={decide.isPending}
              onClick={() =>
                decide.mutate({ id: dispute.id, decision: 'uphold', note: note.trim() }, { onSettled: () => setConfirming(false) })
              }
            >
              {_('Uphold and credit {amount}', { amount: credit })}
            </Button>
          </>
        }
      >
        <p>
          {dispute.subjectType === 'purchase-request'
            ? _(
                '{name} gets {amount} of store credit for the no-show on the drop of request #{id}. It can only be taken back by reversing the credit.',
                { name: dispute.username, amount: credit, id: dispute.subjectId },
              )
            : _(
                '{name} gets {amount} of store credit for the no-show on pickup #{id}. It can only be taken back by reversing the credit.',
                { name: dispute.username, amount: credit, id: dispute.subjectId },
              )}
        </p>
      </Dialog>
    </>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

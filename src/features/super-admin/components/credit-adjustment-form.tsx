import { useId, useState } from 'react';
import styled from 'styled-components';
import * as z from 'zod/mini';
import { Button } from '@/components/button';
import { Chips } from '@/components/chips';
import { TextInput } from '@/components/form-field';
import { TextareaField } from '@/components/textarea-field';
import { displayUsd } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { ADJUSTMENT_REASON_MAX, CreditAdjustmentBody } from '@/domain/schemas/credit';
import { ApiError } from '@/lib/api-client';
import { useAdjustCredit } from '../api/adjust-credit';

const DIRECTIONS = [
  { value: 'give', label: 'Give' },
  { value: 'take', label: 'Take back' },
] as const;
type Direction = (typeof DIRECTIONS)[number]['value'];

type Problems = Partial<Record<'amount' | 'reason', string>>;

/** '5', '5.5', '$1,000.25': the amount typed, as a number (NaN when it is not one). */
const readAmount = (text: string) =>
  /^\s*\$?\s*\d[\d,]*(\.\d*)?\s*$|^\s*\$?\s*\.\d+\s*$/.test(text) ? Number(text.replace(/[$,\s]/g, '')) : NaN;

/**
 * The super admin's manual credit adjustment (issue 33 item 7): give or take back an amount, with the reason the
 * player reads. It becomes a new ledger entry; nothing already written changes. Checked here with the server's own
 * schema, so a mistake is named before anything is sent, and the server still refuses a balance below zero.
 */
export function CreditAdjustmentForm({ username, balance }: { username: string; balance: number | null }) {
  const { _ } = useLingui();
  const adjust = useAdjustCredit(username);
  const id = useId();
  const [direction, setDirection] = useState<Direction>('give');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [done, setDone] = useState<string | null>(null);

  const amount = readAmount(amountText);
  const signed = direction === 'take' ? -amount : amount;
  const failure =
    adjust.error instanceof ApiError
      ? (adjust.error.serverMessage ?? adjust.error.message)
      : adjust.error
        ? _('Network error. Please try again.')
        : null;

  function submit() {
    setDone(null);
    if (Number.isNaN(amount)) {
      setProblems({ amount: _('Enter the amount in USD, for example 5 or 2.50') });
      return;
    }
    const parsed = z.safeParse(CreditAdjustmentBody, { amount: signed, reason });
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'amount' ? 'amount' : 'reason';
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    if (direction === 'take' && balance !== null && amount > balance) {
      setProblems({ amount: _('{name} holds {amount}: take back at most that much', { name: username, amount: displayUsd(balance) }) });
      return;
    }
    setProblems({});
    adjust.mutate(parsed.data, {
      onSuccess: (result) => {
        setAmountText('');
        setReason('');
        if (result.status === 'sent') {
          const values = { amount: displayUsd(Math.abs(parsed.data.amount)), balance: displayUsd(result.result.balance) };
          setDone(
            parsed.data.amount < 0
              ? _('Took back {amount}. Balance now {balance}.', values)
              : _('Gave {amount}. Balance now {balance}.', values),
          );
        }
      },
    });
  }

  return (
    <Form
      aria-label={_('Adjust store credit')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h4>{_('Adjust store credit')}</h4>
      <Chips label={_('Adjustment')} value={direction} onChange={setDirection} options={DIRECTIONS} />
      <Row>
        <label htmlFor={`${id}-amount`}>{_('Amount (USD)')}</label>
        <TextInput
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={amountText}
          aria-invalid={problems.amount ? true : undefined}
          aria-describedby={`${id}-amount-note`}
          onChange={(event) => setAmountText(event.target.value)}
        />
        <Note id={`${id}-amount-note`} $error={!!problems.amount}>
          {problems.amount ??
            (direction === 'take' && balance !== null
              ? _('At most {amount}, what {name} holds', { amount: displayUsd(balance), name: username })
              : _('Added to the balance'))}
        </Note>
      </Row>
      <TextareaField>
        <label htmlFor={`${id}-reason`}>{_('Reason (the player sees it)')}</label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          maxLength={ADJUSTMENT_REASON_MAX}
          value={reason}
          aria-invalid={problems.reason ? true : undefined}
          aria-describedby={`${id}-reason-note`}
          onChange={(event) => setReason(event.target.value)}
        />
        <Note id={`${id}-reason-note`} $error={!!problems.reason}>
          {problems.reason ?? `${reason.trim().length}/${ADJUSTMENT_REASON_MAX}`}
        </Note>
      </TextareaField>
      {failure && <ErrorText role="alert">{failure}</ErrorText>}
      {done && <Done role="status">{done}</Done>}
      <Button type="submit" $variant={direction === 'take' ? 'danger' : 'primary'} disabled={adjust.isPending}>
        {adjust.isPending
          ? _('Saving…')
          : Number.isNaN(amount) || amount <= 0
            ? direction === 'take'
              ? _('Take back credit')
              : _('Give credit')
            : direction === 'take'
              ? _('Take back {amount}', { amount: displayUsd(amount) })
              : _('Give {amount}', { amount: displayUsd(amount) })}
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  h4 {
    margin: 0;
    font-size: 1rem;
  }
  label {
    font-weight: 600;
  }
  textarea[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
  & > button {
    justify-self: start;
    min-height: 48px;
  }
`;

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1.5)};
`;

const Note = styled.p<{ $error: boolean }>`
  margin: 0;
  font-size: 0.85rem;
  color: ${({ theme, $error }) => ($error ? theme.color.dangerText : theme.color.textMuted)};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.dangerText};
  font-weight: 600;
`;

const Done = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.success};
  font-weight: 600;
`;

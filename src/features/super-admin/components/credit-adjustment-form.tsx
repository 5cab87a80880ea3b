import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Chips } from '@/components/chips';
import { TextInput } from '@/components/form-field';
import { TextareaField } from '@/components/textarea-field';
import { asCents, type Cents, toCents } from '@/domain/money';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { ADJUSTMENT_REASON_MAX, CreditAdjustmentBody } from '@/domain/schemas/credit';
import { ApiError } from '@/lib/api-client';
import { schemaCheck, useZodForm, type FieldBinding, type FieldProblems, type FormCheck } from '@/lib/forms/use-zod-form';
import { useAdjustCredit } from '../api/adjust-credit';

const DIRECTIONS = [
  { value: 'give', label: 'Give' },
  { value: 'take', label: 'Take back' },
] as const;
type Direction = (typeof DIRECTIONS)[number]['value'];
type Translate = ReturnType<typeof useLingui>['_'];

interface AdjustmentValues {
  direction: Direction;
  amount: string;
  reason: string;
}

/** '5', '5.5', '$1,000.25': the amount typed, as a number (NaN when it is not one). */
const readAmount = (text: string) =>
  /^\s*\$?\s*\d[\d,]*(\.\d*)?\s*$|^\s*\$?\s*\.\d+\s*$/.test(text) ? Number(text.replace(/[$,\s]/g, '')) : NaN;

/**
 * The adjustment's check: an amount typed as one, then the server's own schema (a problem of anything but the amount
 * is the reason's), then at most the balance held when taking back.
 */
function adjustmentCheck(_: Translate, username: string, balance: Cents | null): FormCheck<AdjustmentValues, CreditAdjustmentBody> {
  const amountProblem = (message: string) => ({ issues: [{ field: 'amount', message }] });
  return ({ direction, amount: text, reason }) => {
    const amount = readAmount(text);
    if (Number.isNaN(amount)) return amountProblem(_('Enter the amount in USD, for example 5 or 2.50'));
    const parsed = schemaCheck(CreditAdjustmentBody)({ amount: direction === 'take' ? -amount : amount, reason });
    if ('issues' in parsed) {
      return { issues: parsed.issues.map((issue) => ({ ...issue, field: issue.field === 'amount' ? 'amount' : 'reason' })) };
    }
    if (direction === 'take' && balance !== null && toCents(amount) > balance) {
      return amountProblem(_('{name} holds {amount}: take back at most that much', { name: username, amount: displayCents(balance) }));
    }
    return parsed;
  };
}

/**
 * The super admin's manual credit adjustment (issue 33 item 7): give or take back an amount, with the reason the
 * player reads. It becomes a new ledger entry; nothing already written changes. Checked here with the server's own
 * schema, so a mistake is named before anything is sent, and the server still refuses a balance below zero.
 */
export function CreditAdjustmentForm({ username, balance }: { username: string; balance: Cents | null }) {
  const { _ } = useLingui();
  const adjust = useAdjustCredit(username);
  const id = useId();
  const form = useZodForm(adjustmentCheck(_, username, balance), { direction: 'give', amount: '', reason: '' } as AdjustmentValues);
  const { direction } = form.values;
  const [done, setDone] = useState<string | null>(null);

  const amount = readAmount(form.values.amount);
  const failure =
    adjust.error instanceof ApiError
      ? (adjust.error.serverMessage ?? adjust.error.message)
      : adjust.error
        ? _('Network error. Please try again.')
        : null;

  const send = form.handleSubmit((body) => {
    adjust.mutate(body, {
      onSuccess: (result) => {
        form.setValues((current) => ({ ...current, amount: '', reason: '' }));
        if (result.status === 'sent') {
          const values = { amount: displayCents(asCents(Math.abs(body.amount))), balance: displayCents(result.result.balance) };
          setDone(
            body.amount < 0 ? _('Took back {amount}. Balance now {balance}.', values) : _('Gave {amount}. Balance now {balance}.', values),
          );
        }
      },
    });
  });

  return (
    <Form
      aria-label={_('Adjust store credit')}
      noValidate
      onSubmit={(event) => {
        setDone(null);
        send(event);
      }}
    >
      <h4>{_('Adjust store credit')}</h4>
      <Chips label={_('Adjustment')} value={direction} onChange={(value) => form.set('direction', value)} options={DIRECTIONS} />
      <Row>
        <label htmlFor={`${id}-amount`}>{_('Amount (USD)')}</label>
        <TextInput
          id={`${id}-amount`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={form.values.amount}
          aria-invalid={form.problems.amount ? true : undefined}
          aria-describedby={`${id}-amount-note`}
          onChange={form.field('amount').onChange}
        />
        <Note id={`${id}-amount-note`} $error={!!form.problems.amount}>
          {form.problems.amount ??
            (direction === 'take' && balance !== null
              ? _('At most {amount}, what {name} holds', { amount: displayCents(balance), name: username })
              : _('Added to the balance'))}
        </Note>
      </Row>
      <ReasonField id={`${id}-reason`} reason={form.field('reason')} problems={form.problems} />
      {failure && <ErrorText role="alert">{failure}</ErrorText>}
      {done && <Done role="status">{done}</Done>}
      <Button type="submit" $variant={direction === 'take' ? 'danger' : 'primary'} disabled={adjust.isPending}>
        {adjust.isPending ? _('Saving…') : submitLabel(_, direction, amount)}
      </Button>
    </Form>
  );
}

/** The submit button's words: the amount once one is typed. */
function submitLabel(_: Translate, direction: Direction, amount: number): string {
  if (Number.isNaN(amount) || amount <= 0) return direction === 'take' ? _('Take back credit') : _('Give credit');
  return direction === 'take'
    ? _('Take back {amount}', { amount: displayCents(toCents(amount)) })
    : _('Give {amount}', { amount: displayCents(toCents(amount)) });
}

/** The reason the player reads, with its problem or how much of it is used. */
function ReasonField({ id, reason, problems }: { id: string; reason: FieldBinding; problems: FieldProblems }) {
  const { _ } = useLingui();
  return (
    <TextareaField>
      <label htmlFor={id}>{_('Reason (the player sees it)')}</label>
      <textarea
        id={id}
        rows={2}
        maxLength={ADJUSTMENT_REASON_MAX}
        value={reason.value}
        aria-invalid={problems.reason ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={reason.onChange}
      />
      <Note id={`${id}-note`} $error={!!problems.reason}>
        {problems.reason ?? `${reason.value.trim().length}/${ADJUSTMENT_REASON_MAX}`}
      </Note>
    </TextareaField>
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

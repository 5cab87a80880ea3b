import { useId } from 'react';
import { formatCount, readWholeAmountEntry } from '@/domain/money';
import { useLingui } from '@/lib/i18n/react';
import { cashProblem, type SellForm } from '../lib/sell-form';
import { sellProblemText } from '../lib/sell-texts';
import { TextInput } from './choice-chip';
import { Field, FieldProblem } from './sell-field';

export const CASH_WHOLE_TEXT = 'Please enter whole Blockspin only, without a decimal point';

/** Cash: the amount of Blockspin, whole, with its digits grouped as typed. */
export function CashAmountField({ form, onChange }: { form: SellForm; onChange: (patch: Partial<SellForm>) => void }) {
  const { _ } = useLingui();
  const cashId = useId();
  const cashEntry = readWholeAmountEntry(form.cashAmount);
  const cashFraction = cashEntry.kind === 'fraction';
  const cashOutOfRange = cashFraction ? null : cashProblem(form);
  return (
    <Field>
      <label htmlFor={cashId}>{_('Amount of Blockspin')}</label>
      <TextInput
        id={cashId}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        // The field groups digits with commas whatever the language: a point is read as a decimal point.
        placeholder={_('e.g. {example}', { example: formatCount(50_000) })}
        // A decimal point stays on screen as typed, with its message; dropping it would turn 500.5 into 5,005.
        value={cashFraction ? form.cashAmount : cashEntry.kind === 'amount' ? formatCount(cashEntry.amount) : ''}
        aria-invalid={cashFraction || cashOutOfRange !== null}
        aria-describedby={cashFraction || cashOutOfRange ? `${cashId}-error` : undefined}
        onChange={(event) => {
          const typed = event.target.value.replace(/[^0-9.]/g, '');
          if (typed.replace(/[^0-9]/g, '').length > 12) return;
          const entry = readWholeAmountEntry(typed);
          onChange({ cashAmount: entry.kind === 'amount' ? String(entry.amount) : entry.kind === 'fraction' ? typed : '' });
        }}
      />
      {(cashFraction || cashOutOfRange) && (
        <FieldProblem id={`${cashId}-error`} role="alert">
          {cashFraction ? _(CASH_WHOLE_TEXT) : cashOutOfRange && sellProblemText(cashOutOfRange)}
        </FieldProblem>
      )}
    </Field>
  );
}

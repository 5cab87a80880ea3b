import { useId } from 'react';
import styled from 'styled-components';
import {
  clampField,
  digitsOnly,
  setImmediately,
  type Meridiem,
  type ScheduleFields as Fields,
  type ScheduleProblem,
  type ScheduleRanges,
} from '../lib/schedule';
import { SchedulePicker } from './schedule-picker';
import { useLingui } from '@/lib/i18n/react';

/** The Immediately box and month/day/year/hour/minute/AM-PM inputs shared by both scheduling forms. */
export function ScheduleFields({
  value,
  onChange,
  ranges,
  problem,
}: {
  value: Fields;
  onChange: (next: Fields) => void;
  ranges: ScheduleRanges;
  /** What is wrong with the date or the time, shown under that group. */
  problem?: ScheduleProblem | null;
}) {
  const { _ } = useLingui();
  const id = useId();
  const invalid = (group: 'date' | 'time', name: string) =>
    problem?.field === group && (!problem.part || problem.part === name)
      ? { 'aria-invalid': true, 'aria-describedby': `${id}-${group}-problem` }
      : {};
  const problemText = (group: 'date' | 'time') =>
    problem?.field === group && (
      <Problem id={`${id}-${group}-problem`} role="alert">
        {problem.message}
      </Problem>
    );
  const set = (patch: Partial<Fields>) => onChange({ ...value, ...patch });
  const number = (name: NumberName, label: string, maxLength: number) => (
    <NumberField
      id={`${id}-${name}`}
      name={name}
      label={label}
      maxLength={maxLength}
      value={value}
      range={ranges[name]}
      invalid={invalid(name === 'hour' || name === 'minute' ? 'time' : 'date', name)}
      onChange={set}
    />
  );
  return (
    <Wrap>
      <SchedulePicker value={value} onChange={onChange} />
      <Check>
        <input type="checkbox" checked={value.immediately} onChange={(event) => onChange(setImmediately(value, event.target.checked))} />
        {_('Immediately')}
      </Check>
      <fieldset disabled={value.immediately}>
        <legend>{_('Date')}</legend>
        <Inputs>
          {number('month', _('Month'), 2)}
          {number('day', _('Day'), 2)}
          {number('year', _('Year'), 4)}
        </Inputs>
        {problemText('date')}
      </fieldset>
      <fieldset disabled={value.immediately}>
        <legend>{_('Time')}</legend>
        <Inputs>
          {number('hour', _('Hour'), 2)}
          {number('minute', _('Minute'), 2)}
          <MeridiemField id={`${id}-ampm`} value={value.meridiem} onChange={(meridiem) => set({ meridiem })} />
        </Inputs>
        {problemText('time')}
      </fieldset>
    </Wrap>
  );
}

type NumberName = 'month' | 'day' | 'year' | 'hour' | 'minute';

/** One number of the date or the time: hour and minute are clamped into range as typed; month, day and year are checked when confirming. */
function NumberField({
  id,
  name,
  label,
  maxLength,
  value,
  range,
  invalid,
  onChange,
}: {
  id: string;
  name: NumberName;
  label: string;
  maxLength: number;
  value: Fields;
  range: ScheduleRanges[NumberName];
  invalid: object;
  onChange: (patch: Partial<Fields>) => void;
}) {
  const { _ } = useLingui();
  const clamp = name === 'hour' || name === 'minute';
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        placeholder={name === 'year' ? _('YYYY') : `${range.min}-${range.max}`}
        title={_('{field}: {min} to {max}', { field: label, min: String(range.min), max: String(range.max) })}
        value={value[name]}
        disabled={value.immediately}
        maxLength={maxLength}
        {...invalid}
        onChange={(event) =>
          onChange({ [name]: clamp ? clampField(event.target.value, range) : digitsOnly(event.target.value, maxLength) })
        }
      />
    </Field>
  );
}

/** AM or PM, as two pressed-or-not buttons. */
function MeridiemField({ id, value, onChange }: { id: string; value: Meridiem; onChange: (meridiem: Meridiem) => void }) {
  const { _ } = useLingui();
  return (
    <Field>
      <span id={id}>{_('AM/PM')}</span>
      <Toggle role="group" aria-labelledby={id}>
        {(['AM', 'PM'] as Meridiem[]).map((meridiem) => (
          <button key={meridiem} type="button" aria-pressed={value === meridiem} onClick={() => onChange(meridiem)}>
            {meridiem}
          </button>
        ))}
      </Toggle>
    </Field>
  );
}

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  fieldset {
    border: none;
    margin: 0;
    padding: 0;
    min-width: 0;
  }
  fieldset:disabled {
    opacity: 0.5;
  }
  legend {
    font-weight: 700;
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 48px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  font-weight: 700;
  input {
    width: 24px;
    height: 24px;
    accent-color: ${({ theme }) => theme.color.primary};
  }
`;

const Inputs = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(2)};
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  label,
  span {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
  input {
    min-height: 48px;
    width: 100%;
    padding: 0 ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.sm};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.bg};
    font-size: 1.1rem;
  }
  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

const Problem = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.color.dangerText};
  font-weight: 600;
  font-size: 0.9rem;
`;

const Toggle = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  border-radius: ${({ theme }) => theme.radius.sm};
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.color.border};
  button {
    min-height: 46px;
    border: none;
    background: ${({ theme }) => theme.color.bg};
    font-weight: 700;
  }
  button[aria-pressed='true'] {
    background: #3b5bdb;
    color: #fff;
  }
`;

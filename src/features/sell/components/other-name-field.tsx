import { useId } from 'react';
import styled from 'styled-components';
import { ITEM_NAME_MAX_LENGTH, itemNameLength } from '@/domain/item-name';
import { useLingui } from '@/lib/i18n/react';
import { TextInput } from './choice-chip';
import { Field, FieldProblem } from './sell-field';

/** Other: the item's name as the player types it, with a counter of its length. */
export function OtherNameField({ name, onChange }: { name: string; onChange: (name: string) => void }) {
  const { _ } = useLingui();
  const otherId = useId();
  const nameLength = itemNameLength(name);
  const nameTooLong = nameLength > ITEM_NAME_MAX_LENGTH;
  return (
    <Field>
      <label htmlFor={otherId}>{_('Item name')}</label>
      {/* No hard maxLength: a pasted name would be cut without a word; it is kept and the counter says what to trim. */}
      <TextInput
        id={otherId}
        type="text"
        placeholder={_("Type the item's name")}
        value={name}
        aria-invalid={nameTooLong}
        aria-describedby={nameTooLong ? `${otherId}-error ${otherId}-count` : `${otherId}-count`}
        onChange={(event) => onChange(event.target.value)}
      />
      <NameFooter>
        {nameTooLong ? (
          <FieldProblem id={`${otherId}-error`} role="alert">
            {_('The item name must be at most {max} characters', { max: ITEM_NAME_MAX_LENGTH })}
          </FieldProblem>
        ) : (
          <span />
        )}
        <Counter id={`${otherId}-count`} data-over={nameTooLong || undefined}>
          {`${nameLength}/${ITEM_NAME_MAX_LENGTH}`} <span className="visually-hidden">{_('characters')}</span>
        </Counter>
      </NameFooter>
    </Field>
  );
}

const NameFooter = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  font-size: 0.85rem;
`;

const Counter = styled.span`
  flex: none;
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
  &[data-over] {
    color: ${({ theme }) => theme.color.dangerText};
    font-weight: 700;
  }
`;

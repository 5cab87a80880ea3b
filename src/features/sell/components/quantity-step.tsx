import { useId } from 'react';
import styled from 'styled-components';
import { MAX_QUANTITY } from '@/domain/quantity';
import { displayCount } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { quantityTooLarge } from '../lib/sell-form';
import { StepTitle, TextInput } from './choice-chip';

/** Step 3: how many, from 1 to the most one submission carries. */
export function QuantityStep({ quantity, onChange }: { quantity: string; onChange: (quantity: string) => void }) {
  const { _ } = useLingui();
  const quantityId = useId();
  const tooMany = quantityTooLarge(quantity);
  return (
    <>
      <StepTitle data-step="3" as="label" htmlFor={quantityId}>
        {_('Quantity')}
      </StepTitle>
      <TextInput
        id={quantityId}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_QUANTITY}
        step={1}
        value={quantity}
        aria-invalid={tooMany}
        aria-describedby={tooMany ? `${quantityId}-error ${quantityId}-hint` : `${quantityId}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      {tooMany && (
        <FieldError id={`${quantityId}-error`} role="alert">
          {_('Quantity must be at most {max}', { max: displayCount(MAX_QUANTITY) })}
        </FieldError>
      )}
      <FieldHint id={`${quantityId}-hint`}>{_('From 1 to {max}', { max: displayCount(MAX_QUANTITY) })}</FieldHint>
    </>
  );
}

const FieldHint = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const FieldError = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  font-weight: 600;
  color: ${({ theme }) => theme.color.dangerText};
`;

import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { CUSTOM_CASH_MAXIMUM, CUSTOM_CASH_MINIMUM, SAVINGS_REFERENCE } from '@/domain/custom-cash';
import { formatCount } from '@/domain/money';
import type { Cents } from '@/domain/money';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { gameCash, useCustomCash } from './use-custom-cash';

/** Custom cash: any amount from $500, priced by tier, with savings against the $500,000 pack from 1,000,000. */
export function CustomCashCard({ onAdd }: { onAdd: (amount: number, price: Cents) => void }) {
  const { _ } = useLingui();
  const inputId = useId();
  const { shown, price, savings, errorText, add, type, leave } = useCustomCash(onAdd);

  return (
    <Card
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
      aria-labelledby={`${inputId}-title`}
    >
      <Title id={`${inputId}-title`}>{_('Custom Cash')}</Title>
      <p>
        {_('Choose any whole amount from {minimum} to {maximum}. Bigger amounts get a better rate.', {
          minimum: gameCash(CUSTOM_CASH_MINIMUM),
          maximum: gameCash(CUSTOM_CASH_MAXIMUM),
        })}
      </p>
      <label htmlFor={inputId}>{_('Amount of cash')}</label>
      <Field>
        <span aria-hidden="true">$</span>
        <input
          id={inputId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          // The field groups digits with commas whatever the language: a point is read as a decimal point.
          placeholder={_('e.g. {example}', { example: formatCount(75_000) })}
          value={shown}
          aria-invalid={errorText !== null}
          aria-describedby={errorText === null ? undefined : `${inputId}-error`}
          onBlur={leave}
          onChange={(event) => type(event.target.value)}
        />
      </Field>
      {errorText !== null && (
        <ErrorText id={`${inputId}-error`} role="alert">
          {errorText}
        </ErrorText>
      )}
      {price !== null && (
        <Quote>
          <span>{_('Price')}</span>
          <strong data-testid="custom-cash-price">{displayCents(price)}</strong>
        </Quote>
      )}
      {savings !== null && savings > 0 && (
        <Savings data-testid="custom-cash-savings">
          {_('You save {amount} compared with buying {pack} packs', {
            amount: displayCents(savings),
            pack: gameCash(SAVINGS_REFERENCE.amount),
          })}
        </Savings>
      )}
      <Button type="submit" $block>
        {_('Add to Cart')}
      </Button>
    </Card>
  );
}

const Card = styled.form`
  grid-column: 1 / -1;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px dashed ${({ theme }) => theme.color.success};
  background: rgba(47, 191, 113, 0.07);
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
  }
  label {
    font-weight: 600;
  }
  @media (min-width: 768px) {
    grid-column: span 2;
  }
`;

const Title = styled.h3`
  font-size: 1.1rem;
  color: ${({ theme }) => theme.color.success};
`;

const Field = styled.div`
  display: flex;
  align-items: center;
  min-height: 48px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.bg};
  padding-left: ${({ theme }) => theme.space(3)};
  span {
    font-weight: 800;
    color: ${({ theme }) => theme.color.success};
  }
  input {
    flex: 1;
    min-width: 0;
    min-height: 46px;
    border: none;
    background: transparent;
    padding: 0 ${({ theme }) => theme.space(2)};
    font-size: 1.15rem;
    font-weight: 700;
    outline: none;
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const ErrorText = styled.p`
  && {
    color: ${({ theme }) => theme.color.dangerText};
    font-weight: 600;
  }
`;

const Quote = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  strong {
    font-size: 1.4rem;
    color: ${({ theme }) => theme.color.accent};
  }
`;

const Savings = styled.p`
  && {
    color: ${({ theme }) => theme.color.success};
    font-weight: 700;
  }
`;

import { useId } from 'react';
import styled from 'styled-components';
import { i18n } from '@/lib/i18n/i18n';
import { useLingui } from '@/lib/i18n/react';

export const AGREED_PRICE_MAX = 1_000_000;

export type CheckedPrice = { ok: true; value: number } | { ok: false; message: string };

/** Reads the agreed price typed in dollars ('12', '12.5', '$1,200.00'); at most two decimals, above $0 (its problem in the language shown). */
export function checkAgreedPrice(text: string): CheckedPrice {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return { ok: false, message: i18n._('Enter the price agreed with the player') };
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return { ok: false, message: i18n._('Enter dollars and cents, like 12.50') };
  const value = Number(cleaned);
  if (value <= 0) return { ok: false, message: i18n._('The agreed price must be above $0') };
  if (value > AGREED_PRICE_MAX) return { ok: false, message: i18n._('The agreed price is too large') };
  return { ok: true, value };
}

/** The price agreed with the player (USD) for an item without a catalogue price. */
export function AgreedPriceField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | null;
}) {
  const { _ } = useLingui();
  const id = useId();
  return (
    <Wrap>
      <label htmlFor={id}>{_('Agreed price (USD)')}</label>
      <p id={`${id}-hint`}>{_('This item has no catalogue price. The player sees this price, and a missed pickup credits 25% of it.')}</p>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      {error && (
        <strong id={`${id}-error`} role="alert">
          {error}
        </strong>
      )}
    </Wrap>
  );
}

const Wrap = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  label {
    font-weight: 700;
  }
  p {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
  input {
    min-height: 48px;
    padding: 0 ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.sm};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.bg};
    color: ${({ theme }) => theme.color.text};
    font-size: 1.1rem;
  }
  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
  strong {
    color: ${({ theme }) => theme.color.dangerText};
    font-size: 0.9rem;
  }
`;

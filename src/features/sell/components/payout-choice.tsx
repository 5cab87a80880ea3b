import styled from 'styled-components';
import { formatCount, formatUsd, formatUsdPrecise } from '@/domain/money';
import type { PaymentMethod, SellValue } from '@/domain/valuation';

export const ADMIN_PRICE_TEXT = 'Price set by an admin';

export interface PayoutChoiceProps {
  /** The methods offered: Blockspin cash is paid in USD only. */
  methods?: readonly PaymentMethod[];
  value: SellValue | null;
  quantity: number;
  method: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
}

/** 'Receiving payment': USD Cash or Blockspin Cash, with the value per item and a total above quantity 1. */
export function PayoutChoice({ methods = ['usd', 'blockspin'], value, quantity, method, onChange }: PayoutChoiceProps) {
  // Per-item USD keeps its fractions of a cent ($0.009), so per item × quantity reads as the total.
  const eachUsd = value ? formatUsdPrecise(value.perItemUsd) : '';
  const eachBlockspin = value ? formatCount(value.perItemBlockspin) : '';
  const options: Array<{ method: PaymentMethod; title: string; each: string | null; total: string | null; sum: string }> = [
    {
      method: 'usd',
      title: 'USD Cash',
      each: value ? `${eachUsd} USD` : null,
      total: value ? `${formatUsd(value.totalUsd)} USD` : null,
      sum: `${formatCount(quantity)} × ${eachUsd}`,
    },
    {
      method: 'blockspin',
      title: 'Blockspin Cash',
      each: value ? `${eachBlockspin} Blockspin` : null,
      total: value ? `${formatCount(value.totalBlockspin)} Blockspin` : null,
      sum: `${formatCount(quantity)} × ${eachBlockspin}`,
    },
  ];
  const offered = options.filter((option) => methods.includes(option.method));
  return (
    <Options role="radiogroup" aria-label="Receiving payment" $single={offered.length === 1}>
      {offered.map((option) => (
        <Option
          key={option.method}
          type="button"
          role="radio"
          aria-checked={method === option.method}
          onClick={() => onChange(option.method)}
        >
          <strong>{option.title}</strong>
          {option.each ? (
            <>
              <Each>
                {option.each} <small>per item</small>
              </Each>
              {quantity > 1 && (
                <Total>
                  Total: {option.total} <small>({option.sum})</small>
                </Total>
              )}
            </>
          ) : (
            <Each as="span">{ADMIN_PRICE_TEXT}</Each>
          )}
        </Option>
      ))}
    </Options>
  );
}

const Options = styled.div<{ $single: boolean }>`
  display: grid;
  grid-template-columns: ${({ $single }) => ($single ? '1fr' : '1fr 1fr')};
  gap: ${({ theme }) => theme.space(2)};
`;

const Option = styled.button`
  min-height: 6rem;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  justify-content: center;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  text-align: left;
  strong {
    font-size: 1rem;
  }
  &[aria-checked='true'] {
    border-color: ${({ theme }) => theme.color.success};
    background: rgba(47, 191, 113, 0.12);
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.color.success};
  }
`;

const Each = styled.span`
  color: ${({ theme }) => theme.color.accent};
  font-weight: 700;
  overflow-wrap: anywhere;
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: 400;
  }
`;

const Total = styled.span`
  font-size: 0.85rem;
  color: ${({ theme }) => theme.color.text};
  font-weight: 600;
  overflow-wrap: anywhere;
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: 400;
    white-space: nowrap;
  }
`;

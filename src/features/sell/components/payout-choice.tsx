import { useLingui } from '@/lib/i18n/react';
import styled from 'styled-components';
import { formatCount } from '@/domain/money';
import { perItemCentsText } from '@/lib/per-item-cents';
import { displayCents } from '@/lib/i18n/intl';
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
  const { _ } = useLingui();
  const perItemUsd = value ? perItemCentsText(value.perItemCents) : null;
  const eachUsd = perItemUsd?.text ?? '';
  const eachBlockspin = value ? formatCount(value.perItemBlockspin) : '';
  const options: Array<{ method: PaymentMethod; title: string; each: string | null; total: string | null; sum: string }> = [
    {
      method: 'usd',
      title: 'USD Cash',
      each: value ? `${eachUsd} USD` : null,
      total: value ? `${displayCents(value.totalCents)} USD` : null,
      // The total is the exact sum, rounded once: a per item shown rounded would not multiply to it.
      sum: perItemUsd?.exact === false ? `${formatCount(quantity)} items` : `${formatCount(quantity)} × ${eachUsd}`,
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
    <Options role="radiogroup" aria-label={_('Receiving payment')} $single={offered.length === 1}>
      {offered.map((option) => (
        <Option
          key={option.method}
          type="button"
          role="radio"
          aria-checked={method === option.method}
          onClick={() => onChange(option.method)}
        >
          <strong>{_(option.title)}</strong>
          {option.each ? (
            <>
              <Each>
                {option.each} <small>{_('per item')}</small>
              </Each>
              {quantity > 1 && (
                <Total>
                  {_('Total: {total}', { total: option.total })} <small>({option.sum})</small>
                </Total>
              )}
            </>
          ) : (
            <Each as="span">{_(ADMIN_PRICE_TEXT)}</Each>
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

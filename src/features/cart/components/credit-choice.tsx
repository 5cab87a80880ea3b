import { useId } from 'react';
import styled from 'styled-components';
import { formatCents, formatUsd } from '@/domain/money';
import type { CreditSplit } from '../lib/credit-split';

/**
 * The player's store credit in the cart: the balance, a box to use it for this order, and once ticked, the credit
 * applied and the amount left to pay. Nothing shows while the balance is unknown or zero.
 */
export function CreditChoice({
  balance,
  apply,
  split,
  onApply,
}: {
  balance: number | undefined;
  apply: boolean;
  split: CreditSplit;
  onApply: (apply: boolean) => void;
}) {
  const id = useId();
  if (balance === undefined || balance <= 0) return null;
  return (
    <Box aria-label="Store credit">
      <Check htmlFor={id}>
        <input id={id} type="checkbox" checked={apply} onChange={(event) => onApply(event.target.checked)} />
        <span>
          Use my store credit <strong>{formatUsd(balance)}</strong>
        </span>
      </Check>
      {apply && <CreditLines split={split} />}
    </Box>
  );
}

/** 'Store credit −$3.75' and 'Amount due $23.25'. */
export function CreditLines({ split }: { split: CreditSplit }) {
  return (
    <Lines>
      <div>
        <dt>Store credit</dt>
        <dd>−{formatCents(split.applied)}</dd>
      </div>
      <div>
        <dt>Amount due</dt>
        <dd>
          <strong>{formatCents(split.due)}</strong>
        </dd>
      </div>
    </Lines>
  );
}

const Box = styled.section`
  margin-top: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.bg};
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: ${({ theme }) => theme.touch};
  font-weight: 600;
  input {
    width: 24px;
    height: 24px;
    flex: none;
    accent-color: ${({ theme }) => theme.color.primary};
  }
  strong {
    color: ${({ theme }) => theme.color.accent};
  }
`;

const Lines = styled.dl`
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  div {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
  }
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
  strong {
    color: ${({ theme }) => theme.color.accent};
  }
`;

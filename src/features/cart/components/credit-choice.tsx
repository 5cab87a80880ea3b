import { useId } from 'react';
import styled from 'styled-components';
import { displayCents } from '@/lib/i18n/intl';
import type { Cents } from '@/domain/money';
import { useLingui } from '@/lib/i18n/react';
import { Trans } from '@/lib/i18n/trans';
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
  balance: Cents | undefined;
  apply: boolean;
  split: CreditSplit;
  onApply: (apply: boolean) => void;
}) {
  const id = useId();
  const { _ } = useLingui();
  if (balance === undefined || balance <= 0) return null;
  return (
    <Box aria-label={_('Store credit')}>
      <Check htmlFor={id}>
        <input id={id} type="checkbox" checked={apply} onChange={(event) => onApply(event.target.checked)} />
        <span>
          <Trans id="Use my store credit <0>{amount}</0>" values={{ amount: displayCents(balance) }} components={{ 0: <strong /> }} />
        </span>
      </Check>
      {apply && <CreditLines split={split} />}
    </Box>
  );
}

/** 'Store credit −$3.75' and 'Amount due $23.25'. */
export function CreditLines({ split }: { split: CreditSplit }) {
  const { _ } = useLingui();
  return (
    <Lines>
      <div>
        <dt>{_('Store credit')}</dt>
        <dd>−{displayCents(split.applied)}</dd>
      </div>
      <div>
        <dt>{_('Amount due')}</dt>
        <dd>
          <strong>{displayCents(split.due)}</strong>
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

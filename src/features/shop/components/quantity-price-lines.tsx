import styled from 'styled-components';
import { type Cents, multiplyCents } from '@/domain/money';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { perUnit } from '../lib/units';

/** The price of one (per round for ammo) and the running total of the quantity chosen. */
export function QuantityPriceLines({ price, unit, quantity }: { price: Cents; unit: string | undefined; quantity: number | null }) {
  const { _ } = useLingui();
  const per = unit ? ` ${perUnit(unit)}` : '';
  return (
    <Lines>
      <div>
        <dt>{_('Price each')}</dt>
        <dd>
          {displayCents(price)}
          {per}
        </dd>
      </div>
      <div>
        <dt>{_('Total')}</dt>
        <dd data-testid="running-total">{displayCents(multiplyCents(price, quantity ?? 0))}</dd>
      </div>
    </Lines>
  );
}

const Lines = styled.dl`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  div {
    display: flex;
    justify-content: space-between;
  }
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
  }
  div:last-child dd {
    color: ${({ theme }) => theme.color.accent};
    font-size: 1.2rem;
  }
`;

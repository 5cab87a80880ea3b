import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { Chips } from '../chips';
import { LoadError } from '../load-error';
import { OfflineDataNote } from '../offline-data-note';
import { retryableLazy } from '../retryable-lazy';
import { formatCents, formatCount } from '@/domain/money';
import { perItemCentsText } from '@/lib/per-item-cents';
import { sellValue } from '@/domain/valuation';
import { itemPricesQueryOptions, priceSteps, useItemPrices } from '@/lib/catalogue/item-prices';
import { useOfflineSnapshot } from '@/lib/offline-snapshot';
import { useLingui } from '@/lib/i18n/react';

const PriceChart = retryableLazy(() => import('./price-chart').then((module) => module.default));

const WINDOWS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
] as const;

/**
 * An item's value card (issue 49): its price history as a chart over 30 or 90 days, how often it sold and for how
 * much (count, median) over the same window, and what the store pays for one (its sell valuation).
 */
export function ValueCard({ itemId, unit }: { itemId: string; unit?: string }) {
  const { _ } = useLingui();
  const query = useItemPrices(itemId);
  const savedAt = useOfflineSnapshot(itemPricesQueryOptions(itemId).queryKey);
  const [span, setSpan] = useState<'30' | '90'>('30');
  const days = Number(span);
  const steps = useMemo(() => (query.data ? priceSteps(query.data.history, days) : []), [query.data, days]);

  if (query.isPending) return <Muted role="status">{_('Loading the value card...')}</Muted>;
  if (query.isError) return <LoadError title={_("The value card couldn't be loaded")} onRetry={() => void query.refetch()} />;
  const data = query.data;
  const sales = data.sales.find((entry) => entry.days === days) ?? { days, soldCount: 0, medianPrice: null };
  // An amount for one unit of the item ("$0.10 per bag") when it is sold by a unit (the catalogue's own word for it).
  const per = (amount: string) => (unit ? _('{amount} per {unit}', { amount, unit }) : amount);
  const valuation = data.sellPrice === null ? null : sellValue(data.sellPrice, 1);
  const changes = data.history.length;

  return (
    <Card data-testid="value-card">
      {savedAt && <OfflineDataNote savedAt={savedAt} />}
      <Figures>
        <div>
          <dt>{_('Price')}</dt>
          <dd>{data.price === null ? _('Not sold') : per(formatCents(data.price))}</dd>
        </div>
        <div>
          <dt>{_('We pay')}</dt>
          <dd data-testid="sell-valuation">
            {valuation
              ? per(
                  _('{usd} or {blockspin} Blockspin', {
                    usd: perItemCentsText(valuation.perItemCents).text,
                    blockspin: formatCount(valuation.perItemBlockspin),
                  }),
                )
              : _('Price set by an admin')}
          </dd>
        </div>
        <div>
          <dt>{_('Sold ({days} days)', { days: sales.days })}</dt>
          <dd data-testid="sold-count">{formatCount(sales.soldCount)}</dd>
        </div>
        <div>
          <dt>{_('Median sale')}</dt>
          <dd data-testid="median-price">{sales.medianPrice === null ? '—' : per(formatCents(sales.medianPrice))}</dd>
        </div>
      </Figures>
      <Chips label={_('Price history')} options={WINDOWS} value={span} onChange={setSpan} />
      {steps.length > 0 ? (
        <PriceChart
          steps={steps}
          days={days}
          label={_(
            '{count, plural, one {{name}: price and what we pay over the last {days} days, # price recorded} other {{name}: price and what we pay over the last {days} days, # prices recorded}}',
            { count: changes, name: data.name, days },
          )}
        />
      ) : (
        <Muted>{_('No prices recorded yet.')}</Muted>
      )}
      <Legend aria-hidden="true">
        <span data-series="price">{_('Price')}</span>
        <span data-series="pay">{_('We pay (table price)')}</span>
      </Legend>
    </Card>
  );
}

const Card = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
`;

const Figures = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(2)};
  div {
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surfaceRaised};
    min-width: 0;
  }
  dt {
    font-size: 0.75rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 2px 0 0;
    font-weight: 800;
    overflow-wrap: anywhere;
  }
  @media (min-width: 640px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Legend = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  font-size: 0.8rem;
  color: ${({ theme }) => theme.color.textMuted};
  span::before {
    content: '';
    display: inline-block;
    width: 1.2rem;
    height: 0;
    margin-right: 0.4rem;
    vertical-align: middle;
    border-top: 2px solid ${({ theme }) => theme.color.accent};
  }
  span[data-series='pay']::before {
    border-top: 2px dashed ${({ theme }) => theme.color.success};
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

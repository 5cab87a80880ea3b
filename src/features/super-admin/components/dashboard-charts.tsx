import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { fromTablet } from '@/components/theme';
import { displayCount, displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import type { Dashboard } from '@/domain/schemas/business';
import { percentText } from './stats-panel';
import { Muted } from './muted';

// One lazy chunk (dashboard-chart.tsx, with uPlot) for every chart: fetched when the dashboard first draws.
const loadCharts = () => import('./dashboard-chart');
const DashboardChart = lazy(loadCharts);
const KeptChart = lazy(() => loadCharts().then((m) => ({ default: m.KeptChart })));
const TopItemsChart = lazy(() => loadCharts().then((m) => ({ default: m.TopItemsChart })));

type Daily = Dashboard['daily'];

/** The charts of the last 7 or 30 days: requests and completions, promises kept, top items. */
export function DashboardCharts({ data, range }: { data: Dashboard; range: 'week' | 'month' }) {
  const { _ } = useLingui();
  const days = range === 'week' ? 7 : 30;
  const daily = data.daily.slice(-days);
  return (
    <Charts>
      <Card $wide>
        <h4>{_('Requests and completions per day ({days, plural, one {# day} other {# days}}, {zone})', { days, zone: data.timeZone })}</h4>
        <Suspense fallback={<Muted>{_('Drawing…')}</Muted>}>
          <DashboardChart daily={daily} />
        </Suspense>
      </Card>
      <KeptCard daily={daily} days={days} />
      <TopItemsCard top={data.topItemsBy[range]} days={days} />
    </Charts>
  );
}

/** Promises kept per day, and how many were kept and missed over the days drawn. */
function KeptCard({ daily, days }: { daily: Daily; days: number }) {
  const { _ } = useLingui();
  const kept = daily.reduce((sum, day) => sum + day.kept, 0);
  const missed = daily.reduce((sum, day) => sum + day.missed, 0);
  const count = displayCount;
  return (
    <Card>
      <h4>{_('Promises kept per day')}</h4>
      <Suspense fallback={<Muted>{_('Drawing…')}</Muted>}>
        <KeptChart daily={daily} />
      </Suspense>
      <Muted>
        {kept + missed === 0
          ? _('No promise closed in the last {days, plural, one {# day} other {# days}}', { days })
          : _('Over {days, plural, one {# day} other {# days}}: {kept} kept, {missed} missed ({percent} kept)', {
              days,
              kept: count(kept),
              missed: count(missed),
              percent: percentText(Math.round((kept / (kept + missed)) * 1000) / 10),
            })}
      </Muted>
    </Card>
  );
}

/** The items asked for most over the days drawn, by quantity and by revenue, charted and listed. */
function TopItemsCard({ top, days }: { top: Dashboard['topItemsBy']['week']; days: number }) {
  const { _ } = useLingui();
  const count = displayCount;
  return (
    <Card>
      <h4>{_('Top items ({days, plural, one {# day} other {# days}})', { days })}</h4>
      {top.byQuantity.length === 0 ? (
        <Muted>{_('No requests in the last {days, plural, one {# day} other {# days}}', { days })}</Muted>
      ) : (
        <>
          <Suspense fallback={<Muted>{_('Drawing…')}</Muted>}>
            <h5>{_('By quantity')}</h5>
            <TopItemsChart items={top.byQuantity} by="quantity" />
            <h5>{_('By revenue')}</h5>
            <TopItemsChart items={top.byRevenue} by="revenue" />
          </Suspense>
          <ol aria-label={_('Top items')}>
            {top.byQuantity.map((item) => (
              <li key={item.name}>
                <span>{item.name}</span>{' '}
                <strong>
                  {count(item.quantity)} · {displayCents(item.revenue)}
                </strong>
              </li>
            ))}
          </ol>
        </>
      )}
    </Card>
  );
}

const Charts = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  ${fromTablet} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Card = styled.section<{ $wide?: boolean }>`
  ${fromTablet} {
    grid-column: ${({ $wide }) => ($wide ? '1 / -1' : 'auto')};
  }
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  h4 {
    margin: 0;
    font-size: 1rem;
  }
  h5 {
    margin: ${({ theme }) => theme.space(2)} 0 0;
    font-size: 0.9rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
  ol {
    margin: 0;
    padding-left: ${({ theme }) => theme.space(5)};
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
  }
  li strong {
    float: right;
    font-variant-numeric: tabular-nums;
  }
`;

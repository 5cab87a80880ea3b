import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { Chips } from '@/components/chips';
import { useListFrame } from '@/components/query-frame';
import { fromTablet } from '@/components/theme';
import { displayCount, displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import type { Dashboard } from '@/domain/schemas/business';
import { dashboardQueryOptions } from '../api/dashboard';
import { useFreshOnOpen } from '../lib/fresh-on-open';
import { percentText } from './stats-panel';

// One lazy chunk (dashboard-chart.tsx, with uPlot) for every chart: fetched when the dashboard first draws.
const loadCharts = () => import('./dashboard-chart');
const DashboardChart = lazy(loadCharts);
const KeptChart = lazy(() => loadCharts().then((m) => ({ default: m.KeptChart })));
const TopItemsChart = lazy(() => loadCharts().then((m) => ({ default: m.TopItemsChart })));

const PERIODS = [
  { value: 'today', label: 'Today' },
  { value: 'week', label: '7 days' },
  { value: 'month', label: '30 days' },
] as const;
type Period = (typeof PERIODS)[number]['value'];

/** The super admin's dashboard: money for today, 7 and 30 days, what is in each state, the last 30 days drawn, top items. */
export function DashboardPanel() {
  const { _ } = useLingui();
  const dashboard = useFreshOnOpen(useQuery(dashboardQueryOptions()));
  const [period, setPeriod] = useState<Period>('today');
  // One toggle for the figures and the charts (issue 52.5: a second one, for the charts alone, said the same thing); a
  // chart of one day shows the week around it.
  const range = period === 'month' ? 'month' : 'week';
  const frame = useListFrame([dashboard], [dashboardQueryOptions().queryKey], <Muted>{_('Loading the dashboard...')}</Muted>);
  if (frame.blocking) return frame.blocking;
  const data = dashboard.data as Dashboard;
  const money = data.money[period];
  const { purchaseRequests: requests, submissions, pickups } = data.counts;
  const days = range === 'week' ? 7 : 30;
  const daily = data.daily.slice(-days);
  const kept = daily.reduce((sum, day) => sum + day.kept, 0);
  const missed = daily.reduce((sum, day) => sum + day.missed, 0);
  const top = data.topItemsBy[range];
  const count = displayCount;
  return (
    <Wrap>
      {frame.note}
      <Chips label={_('Period')} value={period} onChange={setPeriod} options={PERIODS} />
      <Figures aria-label={_('Money')} data-testid="money">
        <Figure label={_('Requested')} value={displayCents(money.requested)} />
        <Figure label={_('Completed')} value={displayCents(money.completed)} />
        <Figure label={_('Paid out to sellers')} value={displayCents(money.paidOut)} />
        <Figure label={_('Credits granted')} value={displayCents(money.creditsGranted)} />
        <Figure label={_('Credit outstanding')} value={displayCents(data.creditOutstanding)} detail={_('Held by players now')} />
        {money.promisesKeptPercent === null ? (
          <Figure
            label={_('Promises kept')}
            value={_('None closed')}
            detail={
              // Credit with no promise closed comes from no-shows disputed and upheld (the promise stays a no-show).
              money.creditsGranted > 0
                ? _('No promise closed in this period; the credit granted is for upheld no-show disputes')
                : _('No promise closed in this period')
            }
          />
        ) : (
          <Figure label={_('Promises kept')} value={percentText(money.promisesKeptPercent)} />
        )}
      </Figures>
      <Figures aria-label={_('Counts')} data-testid="counts">
        <Figure
          label={_('Users')}
          value={count(data.counts.users)}
          detail={_('{count, plural, one {# admin} other {# admins}}', { count: data.counts.admins })}
        />
        <Figure
          label={_('Purchase requests')}
          value={count(requests.total)}
          detail={_('{pending} pending · {approved} approved · {completed} completed · {rejected} rejected · {cancelled} cancelled', {
            pending: count(requests.pending),
            approved: count(requests.approved),
            completed: count(requests.completed),
            rejected: count(requests.rejected),
            cancelled: count(requests.cancelled),
          })}
        />
        <Figure
          label={_('Submissions')}
          value={count(submissions.total)}
          detail={_('{pending} pending · {scheduled} scheduled · {rejected} denied · {cancelled} cancelled', {
            pending: count(submissions.pending),
            scheduled: count(submissions.scheduled),
            rejected: count(submissions.rejected),
            cancelled: count(submissions.cancelled),
          })}
        />
        <Figure
          label={_('Pickups')}
          value={count(pickups.total)}
          detail={_('{scheduled} to collect · {collected} collected · {paid} paid', {
            scheduled: count(pickups.scheduled),
            collected: count(pickups.collected),
            paid: count(pickups.paid),
          })}
        />
      </Figures>
      <Charts>
        <Card $wide>
          <h4>
            {_('Requests and completions per day ({days, plural, one {# day} other {# days}}, {zone})', { days, zone: data.timeZone })}
          </h4>
          <Suspense fallback={<Muted>{_('Drawing…')}</Muted>}>
            <DashboardChart daily={daily} />
          </Suspense>
        </Card>
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
      </Charts>
    </Wrap>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <li aria-label={label}>
      <strong>{value}</strong>
      <span>{label}</span>
      {detail && <small>{detail}</small>}
    </li>
  );
}

const Wrap = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Figures = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${fromTablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  li {
    display: flex;
    flex-direction: column;
    gap: 2px;
    padding: ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    background: ${({ theme }) => theme.color.surfaceRaised};
    min-width: 0;
    /* A figure fits its tile: 'US$ 27,99' (Portuguese) is longer than '$27.99', and a word is never cut. */
    container-type: inline-size;
  }
  strong {
    font-size: clamp(1.05rem, 13cqi, 1.5rem);
    font-variant-numeric: tabular-nums;
    overflow-wrap: normal;
  }
  span {
    font-weight: 600;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
    overflow-wrap: anywhere;
  }
`;

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

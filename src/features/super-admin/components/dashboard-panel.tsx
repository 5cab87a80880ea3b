import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { Chips } from '@/components/chips';
import { useListFrame } from '@/components/query-frame';
import { useLingui } from '@/lib/i18n/react';
import type { Dashboard } from '@/domain/schemas/business';
import { dashboardQueryOptions } from '../api/dashboard';
import { useFreshOnOpen } from '../lib/fresh-on-open';
import { DashboardCharts } from './dashboard-charts';
import { CountFigures, MoneyFigures } from './dashboard-figures';
import { Muted } from './muted';

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
  return (
    <Wrap>
      {frame.note}
      <Chips label={_('Period')} value={period} onChange={setPeriod} options={PERIODS} />
      <MoneyFigures data={data} money={data.money[period]} />
      <CountFigures counts={data.counts} />
      <DashboardCharts data={data} range={range} />
    </Wrap>
  );
}

const Wrap = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
`;

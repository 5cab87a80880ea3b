import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { useListFrame } from '@/components/query-frame';
import { displayCount, displayCents, numberFormat } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { statsQueryOptions } from '../api/stats';
import { useFreshOnOpen } from '../lib/fresh-on-open';

/** System statistics: users, admins and the counts of purchase requests and submissions by status. */
export function StatsPanel() {
  const { _ } = useLingui();
  const stats = useFreshOnOpen(useQuery(statsQueryOptions()));
  const frame = useListFrame([stats], [statsQueryOptions().queryKey], <Loading>{_('Loading statistics...')}</Loading>);
  if (frame.blocking) return frame.blocking;
  const data = stats.data;
  if (!data) return null;
  const { purchaseRequests: requests, submissions } = data;
  const count = displayCount;
  const tiles: Array<{ label: string; value: string; detail?: string }> = [
    { label: _('Total Users'), value: count(data.totalUsers) },
    { label: _('Admins + Super Admin'), value: count(data.admins) },
    {
      label: _('Purchase Requests'),
      value: count(requests.total),
      detail: _('{pending} pending · {approved} approved · {completed} completed · {rejected} rejected', {
        pending: count(requests.pending),
        approved: count(requests.approved),
        completed: count(requests.completed),
        rejected: count(requests.rejected),
      }),
    },
    {
      label: _('Item Submissions'),
      value: count(submissions.total),
      detail: _('{pending} pending · {scheduled} scheduled · {rejected} rejected', {
        pending: count(submissions.pending),
        scheduled: count(submissions.scheduled),
        rejected: count(submissions.rejected),
      }),
    },
    {
      label: _('Promises kept on time'),
      value: data.promisesKeptPercent === null ? '—' : percentText(data.promisesKeptPercent),
      detail: data.promisesKeptPercent === null ? _('No promised time has come due yet') : _('Of drops and pickups whose time has come'),
    },
    { label: _('Credits granted'), value: displayCents(data.creditsGranted), detail: _('For missed promises') },
    { label: _('Credit outstanding'), value: displayCents(data.creditOutstanding), detail: _('Held by players, not yet spent') },
  ];
  return (
    <>
      {frame.note}
      <Tiles>
        {tiles.map((tile) => (
          <Tile key={tile.label}>
            <strong>{tile.value}</strong>
            <span>{tile.label}</span>
            {tile.detail && <small>{tile.detail}</small>}
          </Tile>
        ))}
      </Tiles>
    </>
  );
}

/** '96%', '96 %' (Spanish): a percentage of 0–100 as the language writes it. */
export const percentText = (percent: number) =>
  numberFormat('percent', { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);

const Loading = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Tiles = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(2)};
`;

const Tile = styled.li`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  min-width: 0;
  /* A figure fits its tile on one line: 'US$ 1.234,56' (Portuguese) is longer than '$1,234.56'. */
  container-type: inline-size;
  strong {
    font-size: clamp(1.1rem, 14cqi, 1.6rem);
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  span {
    font-weight: 600;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
  }
`;

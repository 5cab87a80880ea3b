import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { useListFrame } from '@/components/query-frame';
import { formatUsd } from '@/domain/money';
import { statsQueryOptions } from '../api/stats';
import { useFreshOnOpen } from '../lib/fresh-on-open';

/** System statistics: users, admins and the counts of purchase requests and submissions by status. */
export function StatsPanel() {
  const stats = useFreshOnOpen(useQuery(statsQueryOptions()));
  const frame = useListFrame([stats], [statsQueryOptions().queryKey], <Loading>Loading statistics...</Loading>);
  if (frame.blocking) return frame.blocking;
  const data = stats.data;
  if (!data) return null;
  const { purchaseRequests: requests, submissions } = data;
  const tiles: Array<{ label: string; value: number | string; detail?: string }> = [
    { label: 'Total Users', value: data.totalUsers },
    { label: 'Admins + Super Admin', value: data.admins },
    {
      label: 'Purchase Requests',
      value: requests.total,
      detail: `${requests.pending} pending · ${requests.approved} approved · ${requests.completed} completed · ${requests.rejected} rejected`,
    },
    {
      label: 'Item Submissions',
      value: submissions.total,
      detail: `${submissions.pending} pending · ${submissions.scheduled} scheduled · ${submissions.rejected} rejected`,
    },
    {
      label: 'Promises kept on time',
      value: data.promisesKeptPercent === null ? '—' : `${data.promisesKeptPercent}%`,
      detail: data.promisesKeptPercent === null ? 'No promised time has come due yet' : 'Of drops and pickups whose time has come',
    },
    { label: 'Credits granted', value: formatUsd(data.creditsGranted), detail: 'For missed promises' },
    { label: 'Credit outstanding', value: formatUsd(data.creditOutstanding), detail: 'Held by players, not yet spent' },
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
  strong {
    font-size: 1.6rem;
  }
  span {
    font-weight: 600;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
  }
`;

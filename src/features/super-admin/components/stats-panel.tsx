import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { statsQueryOptions } from '../api/stats';

/** System statistics: users, admins and the counts of purchase requests and submissions. */
export function StatsPanel() {
  const stats = useQuery(statsQueryOptions());
  if (stats.isPending) return <Tiles aria-busy="true"><Tile><span>Loading statistics...</span></Tile></Tiles>;
  const data = stats.data;
  if (!data) return null;
  const tiles: Array<[string, number]> = [
    ['Total Users', data.totalUsers],
    ['Admins + Super Admin', data.admins],
    ['Purchase Requests', data.purchaseRequests.total],
    ['Pending Requests', data.purchaseRequests.pending],
    ['Approved Requests', data.purchaseRequests.approved],
    ['Completed Requests', data.purchaseRequests.completed],
    ['Rejected Requests', data.purchaseRequests.rejected],
    ['Item Submissions', data.submissions.total],
    ['Pending Submissions', data.submissions.pending],
    ['Scheduled Submissions', data.submissions.scheduled],
    ['Rejected Submissions', data.submissions.rejected],
  ];
  return (
    <Tiles>
      {tiles.map(([label, value]) => (
        <Tile key={label}>
          <strong>{value}</strong>
          <span>{label}</span>
        </Tile>
      ))}
    </Tiles>
  );
}

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
  strong { font-size: 1.6rem; }
  span { color: ${({ theme }) => theme.color.textMuted}; font-size: 0.9rem; }
`;

import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { usePendingSubmissions } from '../api/pending-submissions';
import { purchaseRequestsQueryOptions } from '../api/purchase-requests';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';
import { dueNowEntries } from '../lib/due-now';
import { queueCounts } from '../lib/queue-counts';
import { useNow } from '../lib/use-now';

/**
 * The home Admin button's live count (issue 33 item 1): what waits for an admin — pending purchase requests and
 * submissions, and promises past their time (then red). Loaded only for admins, with the admin lists they prefetch.
 */
export default function AdminBadge() {
  const requests = useQuery(purchaseRequestsQueryOptions()).data;
  const pickups = useQuery(scheduledPickupsQueryOptions()).data;
  const pendingSubmissions = usePendingSubmissions().pending.length;
  const now = useNow(15_000);
  const overdue = dueNowEntries(requests, pickups).filter((entry) => entry.dueAt <= now).length;
  const waiting = queueCounts(requests, pickups).pending + pendingSubmissions + overdue;
  if (waiting === 0) return null;
  return (
    <Badge aria-hidden="true" data-testid="admin-badge" data-overdue={overdue > 0 ? 'true' : undefined} $overdue={overdue > 0}>
      {waiting}
    </Badge>
  );
}

const Badge = styled.span<{ $overdue: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 1.4rem;
  height: 1.4rem;
  padding: 0 ${({ theme }) => theme.space(1)};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.8rem;
  font-weight: 800;
  background: ${({ theme, $overdue }) => ($overdue ? theme.color.danger : theme.color.info)};
  color: ${({ theme, $overdue }) => ($overdue ? theme.color.text : theme.color.bg)};
`;

import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { adminWaiting } from '@/domain/admin-waiting';
import { itemSubmissionsQueryOptions } from '../api/item-submissions';
import { purchaseRequestsQueryOptions } from '../api/purchase-requests';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';
import { useScheduledMemory } from '../lib/scheduled-memory-store';
import { useNow } from '@/lib/use-now';
import { useLingui } from '@/lib/i18n/react';
import { openProposalsQueryOptions } from '@/lib/deals-api';

/**
 * The home Admin button's live count (issue 33 item 1): what waits for an admin — pending purchase requests and
 * submissions, and promises past their time (then red): `adminWaiting`, as the app icon's badge counts. Loaded only for admins, with the admin lists they prefetch.
 */
export default function AdminBadge() {
  const { _ } = useLingui();
  const requests = useQuery(purchaseRequestsQueryOptions()).data;
  const pickups = useQuery(scheduledPickupsQueryOptions()).data;
  const submissions = useQuery(itemSubmissionsQueryOptions()).data;
  // Submissions this device just scheduled have left the pending list (the server's answer may not say so yet).
  const hidden = new Set(useScheduledMemory().submissionIds);
  const now = useNow(15_000);
  // The same count as the app icon's badge (src/lib/app-badge.ts): one function for both.
  const { total: waiting, overdue } = adminWaiting({ requests, submissions, pickups }, now, hidden);
  // New times players proposed wait for an admin's answer too (issue 47.6): their own mark, so the count above keeps
  // meaning what the app icon's badge means.
  const proposed = (useQuery(openProposalsQueryOptions()).data ?? []).filter((p) => p.proposedByRole === 'player').length;
  return (
    <>
      {waiting > 0 && (
        <Badge aria-hidden="true" data-testid="admin-badge" data-overdue={overdue > 0 ? 'true' : undefined} $overdue={overdue > 0}>
          {waiting}
        </Badge>
      )}
      {proposed > 0 && (
        // Hidden from the button's name like the count above (the name stays "Admin"); Admin Control's tiles say it in words.
        <Proposed
          aria-hidden="true"
          data-testid="admin-proposals-badge"
          title={_('{count, plural, one {# proposed time} other {# proposed times}} to answer', { count: proposed })}
        >
          {proposed}
        </Proposed>
      )}
    </>
  );
}

const Proposed = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 1.4rem;
  height: 1.4rem;
  padding: 0 ${({ theme }) => theme.space(1)};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.8rem;
  font-weight: 800;
  background: ${({ theme }) => theme.color.accent};
  color: ${({ theme }) => theme.color.bg};
`;

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

import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { pruneMemory, visiblePending } from '../lib/scheduled-memory';
import { itemSubmissionsQueryOptions } from './item-submissions';
import { scheduledPickupsQueryOptions } from './scheduled-pickups';
import { updateScheduledMemory, useScheduledMemory } from '../lib/scheduled-memory-store';

/**
 * The pending submissions of User Item Submissions and the menu badge: status pending, minus those this
 * browser just scheduled (scheduled ones leave the pending list at once), with the stored ids pruned whenever newer
 * server data arrives.
 */
export function usePendingSubmissions() {
  const submissions = useQuery(itemSubmissionsQueryOptions());
  const pickups = useQuery(scheduledPickupsQueryOptions());
  const memory = useScheduledMemory();
  const { data: submissionList, dataUpdatedAt: submissionsUpdatedAt } = submissions;
  const { data: pickupList, dataUpdatedAt: pickupsUpdatedAt } = pickups;

  useEffect(() => {
    updateScheduledMemory((current) =>
      pruneMemory(current, { submissions: submissionList, submissionsUpdatedAt, pickups: pickupList, pickupsUpdatedAt }),
    );
  }, [memory, submissionList, submissionsUpdatedAt, pickupList, pickupsUpdatedAt]);

  // The same array while neither changes: the search index and the grid below it are not rebuilt on every render.
  const pending = useMemo(() => visiblePending(submissionList, memory), [submissionList, memory]);
  return { submissions, pending };
}

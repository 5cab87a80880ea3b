import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeSocket } from '../../../lib/socket';
import { openProposalsQueryOptions } from '../../../lib/deals-api';
import { itemSubmissionsQueryOptions } from './item-submissions';
import { purchaseRequestsQueryOptions } from './purchase-requests';
import { scheduledPickupsQueryOptions } from './scheduled-pickups';

/** Keeps the admin lists live over /ws while `enabled`: the connection is open only while the panel is. */
export function useAdminLive(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return subscribeSocket((message) => {
      switch (message.type) {
        case 'NEW_PURCHASE_REQUEST':
        case 'PURCHASE_REQUEST_STATUS_UPDATE':
          void queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryOptions().queryKey });
          break;
        case 'NEW_ITEM_SUBMISSION':
        case 'ITEM_SUBMISSION_STATUS_UPDATE':
        case 'NEW_SCHEDULED_PICKUP':
        case 'PICKUP_STATUS_UPDATE':
          void queryClient.invalidateQueries({ queryKey: itemSubmissionsQueryOptions().queryKey });
          void queryClient.invalidateQueries({ queryKey: scheduledPickupsQueryOptions().queryKey });
          break;
        case 'PROPOSAL_UPDATE':
          void queryClient.invalidateQueries({ queryKey: openProposalsQueryOptions().queryKey });
          break;
        default:
          break;
      }
    });
  }, [enabled, queryClient]);
}

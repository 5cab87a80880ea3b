import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyCreditUpdate } from '@/lib/credit-query';
import { subscribeSocket } from '@/lib/socket';
import { PROPOSALS_KEY } from '@/lib/deals-api';
import { scheduledPickupsQueryOptions } from '@/lib/api/scheduled-pickups';
import { userPurchaseRequestsQueryOptions } from './get-user-purchase-requests';
import { userSellRequestsQueryOptions } from './get-user-sell-requests';

/** Refreshes the account lists from /ws messages while the account screen is open. */
export function useAccountLive(username: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!username) return;
    return subscribeSocket((message) => {
      switch (message.type) {
        case 'NEW_SCHEDULED_PICKUP':
        case 'PICKUP_STATUS_UPDATE':
          void queryClient.invalidateQueries({ queryKey: scheduledPickupsQueryOptions().queryKey });
          void queryClient.invalidateQueries({ queryKey: userSellRequestsQueryOptions(username).queryKey });
          break;
        case 'NEW_SELL_REQUEST':
        case 'SELL_REQUEST_STATUS_UPDATE':
        case 'ITEM_SUBMISSION_STATUS_UPDATE':
          void queryClient.invalidateQueries({ queryKey: userSellRequestsQueryOptions(username).queryKey });
          void queryClient.invalidateQueries({ queryKey: scheduledPickupsQueryOptions().queryKey });
          break;
        case 'NEW_PURCHASE_REQUEST':
        case 'PURCHASE_REQUEST_STATUS_UPDATE':
          void queryClient.invalidateQueries({ queryKey: userPurchaseRequestsQueryOptions(username).queryKey });
          break;
        case 'PROPOSAL_UPDATE':
          // The open list (the store's times to answer) and each record's own (the player's times waiting).
          void queryClient.invalidateQueries({ queryKey: PROPOSALS_KEY });
          break;
        case 'CREDIT_UPDATE':
          if (message.payload.username !== username) break;
          applyCreditUpdate(queryClient, message.payload);
          // A credit for a missed promise also changes that request's or pickup's promise status.
          void queryClient.invalidateQueries({ queryKey: userPurchaseRequestsQueryOptions(username).queryKey });
          void queryClient.invalidateQueries({ queryKey: scheduledPickupsQueryOptions().queryKey });
          break;
        default:
          break;
      }
    });
  }, [queryClient, username]);
}

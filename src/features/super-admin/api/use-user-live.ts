import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyCreditUpdate } from '@/lib/credit-query';
import { subscribeSocket } from '@/lib/socket';
import { userDetailQueryOptions } from './user-detail';

/**
 * Keeps a user's page live from /ws while it is open: their balance as soon as it changes (CREDIT_UPDATE, which admins
 * receive too), and their records when any request, submission or pickup moves.
 */
export function useUserLive(username: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeSocket((message) => {
        switch (message.type) {
          case 'CREDIT_UPDATE':
            if (message.payload.username.toLowerCase() === username.toLowerCase()) applyCreditUpdate(queryClient, message.payload);
            break;
          case 'NEW_PURCHASE_REQUEST':
          case 'PURCHASE_REQUEST_STATUS_UPDATE':
          case 'NEW_SELL_REQUEST':
          case 'SELL_REQUEST_STATUS_UPDATE':
          case 'NEW_ITEM_SUBMISSION':
          case 'ITEM_SUBMISSION_STATUS_UPDATE':
          case 'NEW_SCHEDULED_PICKUP':
          case 'PICKUP_STATUS_UPDATE':
            void queryClient.invalidateQueries({ queryKey: userDetailQueryOptions(username).queryKey });
            break;
          default:
            break;
        }
      }),
    [queryClient, username],
  );
}

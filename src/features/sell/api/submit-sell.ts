import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellCategory } from '../../../domain/sell-catalogue';
import type { PaymentMethod } from '../../../domain/valuation';
import { submitSell } from '../../../lib/outbox';
import { refreshListsAfter } from '../../../lib/list-refresh';

export interface SellSubmission {
  username: string;
  itemName: string;
  category: SellCategory;
  quantity: number;
  paymentMethod: PaymentMethod;
  photo: Blob;
}

/** Sends a sell item through the outbox: the submission, then the customer-side sell request. */
export function useSubmitSell() {
  const queryClient = useQueryClient();
  return useMutation({
    // The outbox decides what happens offline (it queues); React Query must not pause the call meanwhile.
    networkMode: 'always',
    mutationFn: ({ username, itemName, category, quantity, paymentMethod, photo }: SellSubmission) =>
      submitSell({
        username,
        submission: { ps5Name: itemName, robloxName: category, hasMultipleQuantity: false, quantity, paymentMethod },
        photo,
        sellRequest: { itemName, category },
      }),
    // Cached lists never go stale by themselves, so the lists that show sells (My Sell Requests, the pickups) are
    // read again once the server has the item (a queued one is refreshed by the outbox when confirmed).
    // The admin's submissions list is refreshed by the admin socket's NEW_ITEM_SUBMISSION.
    onSuccess: async (outcome, { username }) => {
      if (outcome.status !== 'sent') return;
      await refreshListsAfter('sell', queryClient, { username });
    },
  });
}

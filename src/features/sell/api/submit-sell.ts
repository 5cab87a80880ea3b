import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellCategory } from '../../../domain/sell-catalogue';
import type { PaymentMethod } from '../../../domain/valuation';
import { submitSell } from '../../../lib/outbox';

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
    // Lists of sell requests and submissions (account, admin) are stale now, whoever owns their query options.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => query.queryKey.some((part) => typeof part === 'string' && /sell-requests|item-submissions/.test(part)),
      }),
  });
}

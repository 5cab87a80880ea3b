import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellPayload } from '@/domain/schemas/submissions';
import type { SellCategory } from '@/domain/sell-catalogue';
import type { PaymentMethod } from '@/domain/valuation';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { newRecord, sendOrQueue, type SendResult } from '@/lib/outbox/outbox';
import { refreshListsAfter } from '@/lib/list-refresh';
import { sendSellSteps, type SellResult } from '../lib/send-sell';

export interface SellSubmission {
  username: string;
  itemName: string;
  category: SellCategory;
  quantity: number;
  paymentMethod: PaymentMethod;
  photo: Blob;
}

export interface SellInput extends SellPayload {
  username: string;
  /** The resized JPEG, or null without a photo. */
  photo: Blob | null;
}

/**
 * Submits a sell item. Offline, with no answer or a busy server (408/429/5xx), or with an ended session,
 * it is queued with its photo and replayed later; other refusals answer `refused` with the server's message.
 */
export async function submitSell(input: SellInput): Promise<SendResult<SellResult>> {
  const payload: SellPayload = { submission: input.submission, sellRequest: input.sellRequest };
  return sendOrQueue(newRecord(newIdempotencyKey(), 'sell', input.username, payload, input.photo), sendSellSteps);
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

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type CreatePurchaseRequestJson, PurchaseRequest } from '@/domain/schemas/purchases';
import { getUserData } from '@/lib/current-user';
import { kvGet } from '@/lib/db';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { newRecord, sendOrQueue, type SendResult, type WriteAhead } from '@/lib/outbox/outbox';
import { readSent } from '@/lib/outbox/read-sent';
import { creditQueryOptions } from '@/lib/credit-query';
import { refreshListsAfter } from '@/lib/list-refresh';
import { cartTotalUsd, lineToSend, storedLine, type CartLine } from '../lib/cart-lines';
import { sendPurchaseBody } from '../lib/send-purchase';
import { announceCartChange, changeStoredCart, updateStoredCart, withoutSent, withReturned } from './cart-store';
import { requestContactEmail } from '@/domain/contact-email';

/** The per-user contact cache key, userContact_{username}. */
export const contactCacheKey = (username: string) => `userContact_${username}`;

/** The contact email to send with a request: the cached contact first, then the stored userData. */
export async function cachedContactEmail(username: string): Promise<string | null> {
  let cached: string | null | undefined = null;
  try {
    cached = (await kvGet<{ contactEmail?: string | null }>(contactCacheKey(username)))?.contactEmail;
  } catch {
    /* IndexedDB unavailable: the stored userData answers */
  }
  const user = getUserData();
  return requestContactEmail(cached, user?.username === username ? user.contactEmail : null);
}

/** The POST /api/purchase-requests body for a cart: requesterName, items, totalPrice, requestedAt. */
export function purchaseBody(
  username: string,
  lines: readonly CartLine[],
  contactEmail: string | null,
  now = new Date(),
  applyCredit = false,
): CreatePurchaseRequestJson {
  return {
    requesterName: username,
    items: lines.map(lineToSend),
    totalPrice: cartTotalUsd(lines),
    requestedAt: now.toISOString(),
    ...(contactEmail ? { contactEmail } : {}),
    // The server spends min(balance, total) in the same transaction, whatever balance this screen last saw.
    ...(applyCredit ? { applyCredit: true } : {}),
  };
}

/**
 * Submits a purchase request; with `allowQueue` (the confirm dialog said so) it is queued when it cannot be sent now.
 * With `lines`, the cart gives them up in the same IndexedDB transaction that writes the request ahead of its send
 * (issue 47.1): a reload while the server answers finds the request in the outbox, resumed under its key, and not in
 * the cart to be bought twice; a refusal puts them back.
 */
export async function submitPurchase(
  body: CreatePurchaseRequestJson,
  options: { username: string; allowQueue?: boolean; lines?: readonly CartLine[]; queryClient?: QueryClient },
): Promise<SendResult<PurchaseRequest | null>> {
  const { username, lines, queryClient } = options;
  const record = newRecord(newIdempotencyKey(), 'purchase', username, body);
  const writeAhead: WriteAhead | undefined = lines && {
    alongside: async (kv) => void (await changeStoredCart(kv, username, (stored) => withoutSent(stored, lines))),
    // Back at the price they were sent at: the cart then shows no old → new for a price the player already accepted.
    undo: async () =>
      void (await updateStoredCart(
        username,
        (stored) =>
          withReturned(
            stored,
            lines.map((line) => storedLine(line, false)),
          ),
        queryClient,
      )),
  };
  const outcome = await sendOrQueue(record, sendPurchaseBody, { allowQueue: options.allowQueue ?? false, writeAhead });
  if (lines) announceCartChange(username, queryClient);
  // The request as the server stored it, read into cents for its receipt; the send stands even when the answer is
  // not a whole request (then there is no receipt to show).
  return readSent(outcome, (json) => PurchaseRequest.safeParse(json).data ?? null);
}

/** Sends the cart as a purchase request through the outbox (queued offline when allowed). */
export function useSubmitPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    // The outbox decides what happens offline (it queues); React Query must not pause the call meanwhile.
    networkMode: 'always',
    mutationFn: async ({
      username,
      lines,
      allowQueue,
      applyCredit = false,
    }: {
      username: string;
      lines: CartLine[];
      allowQueue: boolean;
      applyCredit?: boolean;
    }) => {
      const body = purchaseBody(username, lines, await cachedContactEmail(username), new Date(), applyCredit);
      return submitPurchase(body, { username, allowQueue, lines, queryClient });
    },
    // Cached lists never go stale by themselves, so the lists that show purchases (My Buy Requests) are read again
    // once the server has the request (a queued one is refreshed by the outbox when it is confirmed).
    onSuccess: (outcome, { username }) => {
      if (outcome.status === 'sent') {
        void refreshListsAfter('purchase', queryClient, { username });
        void queryClient.invalidateQueries({ queryKey: creditQueryOptions(username).queryKey });
      }
    },
  });
}

// How a purchase request reaches the server: one POST with the key chosen when the player confirmed. The cart's first
// send and the outbox drain (on the page and in the service worker) both send through it, so it uses no DOM-only APIs.
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import type { OutboxSender } from '@/lib/outbox/senders';
import type { RequestResult } from '@/lib/api/request';

/** Sends a purchase request (its CreatePurchaseRequestBody is the item's payload) with its key. */
export const sendPurchaseBody: OutboxSender<PurchaseRequest> = (item, post) =>
  post('/api/purchase-requests', item.payload, item.id) as Promise<RequestResult<PurchaseRequest>>;

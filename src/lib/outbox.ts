// The send path for creating calls that must never be lost nor sent twice (DESIGN §9).
// FIRST VERSION: sends online only. The offline issue extends it with the IndexedDB outbox,
// replay and the queued state; callers keep this interface.
import type { CreatePurchaseRequestBody, PurchaseRequest } from '../domain/schemas/purchases';
import type { CreateItemSubmissionBody, ItemSubmission, UserSellRequest } from '../domain/schemas/submissions';
import { apiRequest } from './api-client';

export type SendResult<T> = { status: 'sent'; result: T } | { status: 'queued'; id: string };

export interface SellInput {
  username: string;
  /** The submission body without the photo. */
  submission: Omit<CreateItemSubmissionBody, 'imageUrl'>;
  /** The resized JPEG, or null without a photo. */
  photo: Blob | null;
  /** The customer-side sell request made after the submission (spec §7). */
  sellRequest: { itemName: string; category: string };
}

export interface SellResult {
  submission: ItemSubmission;
  sellRequest: UserSellRequest | null;
}

/** Reads a Blob as a data URL. */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** Sends the submission then the customer-side sell request, each with its own Idempotency-Key. */
export async function sendSell(input: SellInput, key: string): Promise<SellResult> {
  const imageUrl = input.photo ? await blobToDataUrl(input.photo) : null;
  const submission = await apiRequest<ItemSubmission>('/api/item-submissions', {
    method: 'POST',
    body: { ...input.submission, imageUrl, submittedBy: input.username },
    idempotencyKey: `${key}:submission`,
  });
  let sellRequest: UserSellRequest | null = null;
  try {
    sellRequest = await apiRequest<UserSellRequest>('/api/user-sell-requests', {
      method: 'POST',
      body: {
        username: input.username,
        itemName: input.sellRequest.itemName,
        category: input.sellRequest.category,
        imageUrl: submission.imageUrl,
        hasMultipleQuantity: input.submission.hasMultipleQuantity ?? false,
        quantity: input.submission.quantity ?? 1,
        paymentMethod: input.submission.paymentMethod,
        status: 'pending',
        submissionId: submission.id,
      },
      idempotencyKey: `${key}:sell-request`,
    });
  } catch (error) {
    // Spec §7: a failure of the customer-side record is only logged.
    console.warn('Could not record the sell request', error);
  }
  return { submission, sellRequest };
}

/** Submits a sell item; the offline issue makes it queue on a network failure. */
export async function submitSell(input: SellInput): Promise<SendResult<SellResult>> {
  const key = crypto.randomUUID();
  return { status: 'sent', result: await sendSell(input, key) };
}

/** Submits a purchase request; the offline issue makes it queue on a network failure when allowed. */
export async function submitPurchase(
  body: CreatePurchaseRequestBody,
  _options: { username: string; allowQueue?: boolean },
): Promise<SendResult<PurchaseRequest>> {
  const key = crypto.randomUUID();
  const result = await apiRequest<PurchaseRequest>('/api/purchase-requests', { method: 'POST', body, idempotencyKey: key });
  return { status: 'sent', result };
}

export interface OutboxView {
  id: string;
  kind: 'sell' | 'purchase';
  state: 'queued' | 'sending' | 'failed' | 'needs-login';
  error?: string;
  createdAt: string;
  /** What to show in a list: the sell item name or the purchase summary. */
  payload: unknown;
  /** Object URL of a queued photo, if any. */
  photoUrl?: string;
}

/** Queued items of the signed-in user for My Sell/Buy Requests; the offline issue fills it. */
export function useOutboxItems(_kind: 'sell' | 'purchase'): OutboxView[] {
  return [];
}

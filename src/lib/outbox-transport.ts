// How queued items reach the server. No DOM-only APIs: the page and the service worker share it.
import type { CreatePurchaseRequestBody } from '../domain/schemas/purchases';
import type { CreateItemSubmissionBody, ItemSubmission, UserSellRequest } from '../domain/schemas/submissions';
import { classifyStatus } from './outbox-machine';

/** An answer to a POST: the body on 2xx; otherwise the status (0: no answer at all) and the server's message. */
export type PostOutcome<T = unknown> =
  { ok: true; status: number; data: T } | { ok: false; status: number; message: string | null; error?: unknown };

/** Posts JSON with an Idempotency-Key and never throws for HTTP or network failures. */
export type PostFn = (path: string, body: unknown, idempotencyKey: string) => Promise<PostOutcome>;

/** A send with one bar of signal may hang; past this it counts as no answer and the item waits (the lock is freed). */
export const POST_TIMEOUT_MS = 90_000;

/** An abort signal after `ms`, where the runtime has AbortSignal.timeout. */
export const timeoutSignal = (ms: number): AbortSignal | undefined =>
  typeof AbortSignal !== 'undefined' && typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(ms) : undefined;

/** The plain fetch transport of the drain: a 401 is only reported (the caller marks the item), never redirects. */
export const fetchPost: PostFn = async (path, body, idempotencyKey) => {
  let response: Response;
  const signal = timeoutSignal(POST_TIMEOUT_MS);
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      cache: 'no-store',
      signal,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(body),
    });
  } catch (error) {
    return { ok: false, status: 0, message: null, error };
  }
  let data: unknown = null;
  try {
    const text = await response.text();
    data = text ? JSON.parse(text) : null;
  } catch (error) {
    // The body was cut off or is not JSON: for a 2xx we cannot know what was created, so ask again later
    // (the same key makes the server answer the first result).
    if (response.ok) return { ok: false, status: 0, message: null, error };
  }
  if (response.ok) return { ok: true, status: response.status, data };
  const message =
    data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
      ? (data as { message: string }).message
      : null;
  return { ok: false, status: response.status, message };
};

/** Reads a Blob as a data URL without FileReader (absent in service workers). */
export async function photoToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'image/jpeg'};base64,${btoa(binary)}`;
}

/** What a queued sell keeps: the submission without its photo, and the customer-side request's fields. */
export interface SellPayload {
  submission: Omit<CreateItemSubmissionBody, 'imageUrl'>;
  sellRequest: { itemName: string; category: string };
}

export interface SellResult {
  submission: ItemSubmission;
  sellRequest: UserSellRequest | null;
}

/** Derived keys: each call of a sell has its own, so a replay after a partial success creates nothing twice. */
export const sellKeys = (key: string) => ({ submission: `${key}:submission`, sellRequest: `${key}:sell-request` });

/**
 * Sends a sell: the submission, then the customer-side sell request that points at it. `progress.submission`
 * (a confirmed submission) skips the first call; `onStep` records it as soon as it is confirmed.
 */
export async function sendSellSteps(
  item: { id: string; username: string; payload: SellPayload; photo?: Blob | null; progress?: Record<string, unknown> },
  post: PostFn,
  onStep: (step: 'submission', result: ItemSubmission) => Promise<void> | void = () => undefined,
): Promise<PostOutcome<SellResult>> {
  const keys = sellKeys(item.id);
  let submission = item.progress?.submission as ItemSubmission | undefined;
  if (!submission) {
    const imageUrl = item.photo ? await photoToDataUrl(item.photo) : null;
    const answer = await post(
      '/api/item-submissions',
      { ...item.payload.submission, imageUrl, submittedBy: item.username },
      keys.submission,
    );
    if (!answer.ok) return answer;
    submission = answer.data as ItemSubmission;
    await onStep('submission', submission);
  }
  const answer = await post(
    '/api/user-sell-requests',
    {
      username: item.username,
      itemName: item.payload.sellRequest.itemName,
      category: item.payload.sellRequest.category,
      imageUrl: submission.imageUrl,
      hasMultipleQuantity: item.payload.submission.hasMultipleQuantity ?? false,
      quantity: item.payload.submission.quantity ?? 1,
      paymentMethod: item.payload.submission.paymentMethod,
      status: 'pending',
      submissionId: submission.id,
    },
    keys.sellRequest,
  );
  if (answer.ok) return { ok: true, status: answer.status, data: { submission, sellRequest: answer.data as UserSellRequest } };
  // A refused customer-side record is only logged; the submission stands. A missing answer,
  // a busy server or an ended session keep the item so the record is made on a later replay.
  if (classifyStatus(answer.status) === 'failed') {
    console.warn('Could not record the sell request', answer.status, answer.message);
    return { ok: true, status: 201, data: { submission, sellRequest: null } };
  }
  return answer;
}

/** Sends a purchase request with its key. */
export async function sendPurchaseBody(key: string, body: CreatePurchaseRequestBody, post: PostFn): Promise<PostOutcome> {
  return post('/api/purchase-requests', body, key);
}

// How a sell reaches the server: the submission with its photo, then the customer-side sell request that points at it.
// The sell screen's first send and the outbox drain (on the page and in the service worker) both send through it, so
// it uses no DOM-only APIs.
import type { ItemSubmission, SellPayload, UserSellRequest } from '@/domain/schemas/submissions';
import { classifyStatus } from '@/lib/outbox/machine';
import type { OutboxSender } from '@/lib/outbox/senders';
import { photoToDataUrl } from '@/lib/outbox/transport';

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
export const sendSellSteps: OutboxSender<SellResult> = async (item, post, onStep) => {
  const payload = item.payload as SellPayload;
  const keys = sellKeys(item.id);
  let submission = item.progress?.submission as ItemSubmission | undefined;
  if (!submission) {
    const imageUrl = item.photo ? await photoToDataUrl(item.photo) : null;
    const answer = await post('/api/item-submissions', { ...payload.submission, imageUrl, submittedBy: item.username }, keys.submission);
    if (answer.kind !== 'ok') return answer;
    submission = answer.data as ItemSubmission;
    await onStep('submission', submission);
  }
  const answer = await post(
    '/api/user-sell-requests',
    {
      username: item.username,
      itemName: payload.sellRequest.itemName,
      category: payload.sellRequest.category,
      imageUrl: submission.imageUrl,
      hasMultipleQuantity: payload.submission.hasMultipleQuantity ?? false,
      quantity: payload.submission.quantity ?? 1,
      paymentMethod: payload.submission.paymentMethod,
      status: 'pending',
      submissionId: submission.id,
    },
    keys.sellRequest,
  );
  if (answer.kind === 'ok') return { kind: 'ok', status: answer.status, data: { submission, sellRequest: answer.data as UserSellRequest } };
  // A refused customer-side record is only logged; the submission stands. A missing answer,
  // a busy server or an ended session keep the item so the record is made on a later replay.
  if (answer.kind === 'refused' && classifyStatus(answer.status) === 'failed') {
    console.warn('Could not record the sell request', answer.status, answer.message);
    return { kind: 'ok', status: 201, data: { submission, sellRequest: null } };
  }
  return answer;
};

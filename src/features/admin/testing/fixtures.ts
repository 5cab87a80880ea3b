// Test-only builders of the server's answers.
import { ScheduledPickup, type ScheduledPickupJson } from '@/domain/schemas/pickups';
import { PurchaseRequest, type PurchaseRequestJson } from '@/domain/schemas/purchases';
import { purchaseRequestJson } from '@/domain/schemas/purchase-request.fixture';
import type { ItemSubmission } from '@/domain/schemas/submissions';

let id = 100;

export function makeRequest(over: Partial<PurchaseRequestJson> = {}): PurchaseRequestJson {
  id += 1;
  return purchaseRequestJson({ id, contactEmail: 'sam@example.com', amountDue: 0, ...over });
}

export function makeSubmission(over: Partial<ItemSubmission> = {}): ItemSubmission {
  id += 1;
  return {
    id,
    ps5Name: 'Glock',
    robloxName: 'weapons',
    submittedBy: 'sally',
    imageUrl: null,
    thumbnailUrl: null,
    quantity: 1,
    hasMultipleQuantity: false,
    paymentMethod: 'usd',
    status: 'pending',
    createdAt: '2026-03-01T10:00:00.000Z',
    rejectedAt: null,
    rejectionReason: null,
    ...over,
  };
}

export function makePickup(submission: ItemSubmission, over: Partial<ScheduledPickupJson> = {}): ScheduledPickupJson {
  id += 1;
  return {
    id,
    submissionId: submission.id,
    scheduledDate: '3/7/2026',
    scheduledTime: '4:05 PM',
    isImmediate: false,
    completed: false,
    completedAt: null,
    collectedAt: null,
    paid: false,
    paidAt: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    promisedAt: null,
    promiseStatus: null,
    agreedPrice: null,
    submission: { ...submission, status: 'scheduled' },
    ...over,
  };
}

/** A promise whose time has come (a minute ago): a no-show can be recorded. */
export const pastPromise = { promisedAt: new Date(Date.now() - 60_000).toISOString(), promiseStatus: 'open' as const };

/** A request as the app holds it once read from the API (money in cents). */
export const readRequest = (over: Partial<PurchaseRequestJson> = {}): PurchaseRequest => PurchaseRequest.parse(makeRequest(over));

/** A pickup as the app holds it once read from the API (money in cents). */
export const readPickup = (submission: ItemSubmission, over: Partial<ScheduledPickupJson> = {}): ScheduledPickup =>
  ScheduledPickup.parse(makePickup(submission, over));

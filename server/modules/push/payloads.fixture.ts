import type { ScheduledPickupJson as ScheduledPickup } from '../../../src/domain/schemas/pickups';
import type { PurchaseRequestJson as PurchaseRequest } from '../../../src/domain/schemas/purchases';
import { purchaseRequestJson } from '../../../src/domain/schemas/purchase-request.fixture';
import type { ItemSubmission } from '../../../src/domain/schemas/submissions';

// The records the push notices are made of, for payloads.test.ts and payloads.languages.test.ts.

/** Alice's purchase request 7: two Glocks, $4.00 due. */
export const request = (over: Partial<PurchaseRequest> = {}): PurchaseRequest =>
  purchaseRequestJson({
    id: 7,
    requesterName: 'alice',
    items: [{ id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 2 }],
    totalPrice: 4,
    totalItems: 2,
    contactEmail: 'alice@example.com',
    createdAt: '2026-11-22T10:00:00.000Z',
    amountDue: 4,
    ...over,
  });
/** Bob's pending submission 3: one Golden AK for USD. */
export const submission = (over: Partial<ItemSubmission> = {}): ItemSubmission => ({
  id: 3,
  ps5Name: 'Golden AK',
  robloxName: 'weapons',
  submittedBy: 'bob',
  imageUrl: null,
  thumbnailUrl: null,
  quantity: 1,
  hasMultipleQuantity: false,
  paymentMethod: 'usd',
  status: 'pending',
  createdAt: '2026-11-22T10:00:00.000Z',
  rejectedAt: null,
  rejectionReason: null,
  ...over,
});
/** The pickup of submission 3, promised (open) for 3/14/2030 at 4:30 PM. */
export const pickup = (over: Partial<ScheduledPickup> = {}): ScheduledPickup => ({
  id: 5,
  submissionId: 3,
  scheduledDate: '3/14/2030',
  scheduledTime: '4:30 PM',
  isImmediate: false,
  completed: false,
  completedAt: null,
  collectedAt: null,
  paid: false,
  paidAt: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  promisedAt: null,
  promiseStatus: 'open',
  agreedPrice: null,
  submission: submission({ status: 'scheduled' }),
  ...over,
});

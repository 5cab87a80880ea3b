import type { PurchaseRequestJson } from './purchases';

/**
 * For tests (the server's and the app's): a purchase request as the API writes it (its JSON: dollars and '$2.99'
 * texts), pending — nothing scheduled, decided or paid with credit — one Glock for $2.00 unless `over` says otherwise.
 */
export function purchaseRequestJson(over: Partial<PurchaseRequestJson> = {}): PurchaseRequestJson {
  return {
    id: 1,
    requesterName: 'sam',
    items: [{ id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 1 }],
    totalPrice: 2,
    totalItems: 1,
    contactEmail: null,
    status: 'pending',
    createdAt: '2026-03-01T10:00:00.000Z',
    requestedAt: null,
    approvedAt: null,
    rejectedAt: null,
    completedAt: null,
    rejectionReason: null,
    scheduledDate: null,
    scheduledTime: null,
    isImmediateSchedule: false,
    promisedAt: null,
    promiseStatus: null,
    creditApplied: 0,
    amountDue: 2,
    ...over,
  };
}

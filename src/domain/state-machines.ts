export const PURCHASE_STATUSES = ['pending', 'approved', 'rejected', 'completed', 'cancelled'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export const SUBMISSION_STATUSES = ['pending', 'rejected', 'scheduled', 'cancelled'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const PICKUP_STATUSES = ['scheduled', 'collected', 'paid'] as const;
export type PickupStatus = (typeof PICKUP_STATUSES)[number];

export const SELL_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type SellRequestStatus = (typeof SELL_REQUEST_STATUSES)[number];

/**
 * Purchase request, enforced by the server: pending → approved | rejected; approved → completed | rejected; the player
 * may cancel their own while it is pending (only the owner's cancel call moves it there).
 */
export const PURCHASE_TRANSITIONS: Readonly<Record<PurchaseStatus, readonly PurchaseStatus[]>> = {
  pending: ['approved', 'rejected', 'cancelled'],
  approved: ['completed', 'rejected'],
  rejected: [],
  completed: [],
  cancelled: [],
};

/** Item submission: pending → rejected; pending → scheduled only by creating its pickup; pending → cancelled by its owner. */
export const SUBMISSION_TRANSITIONS: Readonly<Record<SubmissionStatus, readonly SubmissionStatus[]>> = {
  pending: ['rejected', 'scheduled', 'cancelled'],
  rejected: [],
  scheduled: [],
  cancelled: [],
};

/** Pickup: scheduled → collected (complete) → paid. */
export const PICKUP_TRANSITIONS: Readonly<Record<PickupStatus, readonly PickupStatus[]>> = {
  scheduled: ['collected'],
  collected: ['paid'],
  paid: [],
};

/** Whether a machine allows moving from one state to another. */
export function canTransition<S extends string>(machine: Readonly<Record<S, readonly S[]>>, from: S, to: S): boolean {
  return machine[from]?.includes(to) ?? false;
}

/** The state of a pickup from its flags. */
export function pickupStatus(pickup: { completed: boolean; paid: boolean }): PickupStatus {
  if (pickup.paid) return 'paid';
  if (pickup.completed) return 'collected';
  return 'scheduled';
}

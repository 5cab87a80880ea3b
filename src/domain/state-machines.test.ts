import { describe, expect, it } from 'vitest';
import {
  PICKUP_TRANSITIONS,
  PURCHASE_STATUSES,
  PURCHASE_TRANSITIONS,
  SUBMISSION_TRANSITIONS,
  canTransition,
  pickupStatus,
} from './state-machines';

describe('state machines: the only moves each record may make', () => {
  const legalPurchase = new Set(['pending>approved', 'pending>rejected', 'pending>cancelled', 'approved>completed', 'approved>rejected']);
  for (const from of PURCHASE_STATUSES) {
    for (const to of PURCHASE_STATUSES) {
      const legal = legalPurchase.has(`${from}>${to}`);
      it(`when a purchase request goes ${from} → ${to}, then it is ${legal ? 'allowed' : 'refused'}`, () => {
        expect(canTransition(PURCHASE_TRANSITIONS, from, to)).toBe(legal);
      });
    }
  }

  it('when a submission leaves pending, then only rejected, scheduled and cancelled are allowed, and nothing after', () => {
    expect(canTransition(SUBMISSION_TRANSITIONS, 'pending', 'rejected')).toBe(true);
    expect(canTransition(SUBMISSION_TRANSITIONS, 'pending', 'cancelled')).toBe(true);
    expect(canTransition(SUBMISSION_TRANSITIONS, 'cancelled', 'scheduled')).toBe(false);
    expect(canTransition(SUBMISSION_TRANSITIONS, 'scheduled', 'cancelled')).toBe(false);
    expect(canTransition(SUBMISSION_TRANSITIONS, 'pending', 'scheduled')).toBe(true);
    expect(canTransition(SUBMISSION_TRANSITIONS, 'rejected', 'scheduled')).toBe(false);
    expect(canTransition(SUBMISSION_TRANSITIONS, 'scheduled', 'rejected')).toBe(false);
  });

  it('when a pickup moves, then it goes scheduled → collected → paid only', () => {
    expect(canTransition(PICKUP_TRANSITIONS, 'scheduled', 'collected')).toBe(true);
    expect(canTransition(PICKUP_TRANSITIONS, 'collected', 'paid')).toBe(true);
    expect(canTransition(PICKUP_TRANSITIONS, 'scheduled', 'paid')).toBe(false);
    expect(canTransition(PICKUP_TRANSITIONS, 'paid', 'collected')).toBe(false);
    expect(pickupStatus({ completed: false, paid: false })).toBe('scheduled');
    expect(pickupStatus({ completed: true, paid: false })).toBe('collected');
    expect(pickupStatus({ completed: true, paid: true })).toBe('paid');
  });
});

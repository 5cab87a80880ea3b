import { describe, expect, it } from 'vitest';
import { GUNS, AMMO } from '../../../domain/catalogue';
import { CreatePurchaseRequestBody } from '../../../domain/schemas/purchases';
import { lineForCustomCash, lineForItem } from '../lib/cart-lines';
import { purchaseBody } from './submit-purchase';

const ak = GUNS.find((gun) => gun.name === 'AK-47')!;
const rockets = AMMO.find((item) => item.name === 'Rockets')!;

describe('purchaseBody', () => {
  it('when a cart is sent, then the body carries the requester, the lines, the cart total, an ISO time and the contact email', () => {
    const now = new Date('2026-11-21T06:00:00.000Z');
    const lines = [lineForItem(ak, 2), lineForItem(rockets, 7), lineForCustomCash(1_000_000, 90)];
    const body = purchaseBody('player1', lines, 'p@example.com', now);
    expect(body).toEqual({
      requesterName: 'player1',
      items: lines,
      // 36 + 7 × 0.16 + 90
      totalPrice: 127.12,
      requestedAt: '2026-11-21T06:00:00.000Z',
      contactEmail: 'p@example.com',
    });
    expect(CreatePurchaseRequestBody.safeParse(body).success).toBe(true);
  });

  it('when there is no cached contact, then contactEmail is left out', () => {
    expect(purchaseBody('player1', [lineForItem(ak, 1)], null)).not.toHaveProperty('contactEmail');
  });
});

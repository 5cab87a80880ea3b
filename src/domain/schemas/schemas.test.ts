import { describe, expect, it } from 'vitest';
import { SignupBody } from './auth';
import { ScheduleDate, ScheduleTime } from './common';
import { CreatePurchaseRequestBody } from './purchases';
import { CreateItemSubmissionBody } from './submissions';
import { ContactBody } from './users';
import { SocketMessage } from '../socket-messages';

describe('request schemas of the calls the app makes', () => {
  const item = { id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 2 };

  it('when items arrive as a JSON string, then they parse like a list', () => {
    const fromString = CreatePurchaseRequestBody.parse({ requesterName: 'sam', items: JSON.stringify([item]), totalPrice: 4 });
    const fromList = CreatePurchaseRequestBody.parse({ requesterName: 'sam', items: [item], totalPrice: 4 });
    expect(fromString.items).toEqual(fromList.items);
  });

  it('when items are broken JSON, an empty list or have a zero quantity, then the body is refused', () => {
    expect(CreatePurchaseRequestBody.safeParse({ items: '[{', totalPrice: 1 }).success).toBe(false);
    expect(CreatePurchaseRequestBody.safeParse({ items: [], totalPrice: 1 }).success).toBe(false);
    expect(CreatePurchaseRequestBody.safeParse({ items: [{ ...item, quantity: 0 }], totalPrice: 1 }).success).toBe(false);
    expect(CreatePurchaseRequestBody.safeParse({ items: [{ ...item, quantity: 1.5 }], totalPrice: 1 }).success).toBe(false);
  });

  it('when a submission omits quantity and hasMultipleQuantity, then they default to 1 and false', () => {
    const body = CreateItemSubmissionBody.parse({ ps5Name: 'Glock', robloxName: 'weapons', paymentMethod: 'usd' });
    expect(body).toMatchObject({ quantity: 1, hasMultipleQuantity: false });
    expect(CreateItemSubmissionBody.safeParse({ ps5Name: 'Glock', paymentMethod: 'paypal' }).success).toBe(false);
    expect(CreateItemSubmissionBody.safeParse({ ps5Name: 'Glock', paymentMethod: 'usd', imageUrl: 'http://x/y.jpg' }).success).toBe(false);
  });

  it('when a username is too short or has odd characters, then signup is refused with a reason', () => {
    expect(SignupBody.safeParse({ username: 'ab', password: 'secret12' }).success).toBe(false);
    expect(SignupBody.safeParse({ username: 'a b c', password: 'secret12' }).success).toBe(false);
    expect(SignupBody.safeParse({ username: 'player.one', password: '1234567' }).success).toBe(false);
    expect(SignupBody.safeParse({ username: 'player.one', password: '12345678' }).success).toBe(true);
  });

  it('when a contact email is malformed, then it is refused; empty values are allowed', () => {
    expect(ContactBody.safeParse({ contactEmail: 'nope' }).success).toBe(false);
    expect(ContactBody.safeParse({ contactEmail: 'a@b.co', ps5Username: '' }).success).toBe(true);
  });

  it.each([
    ['Immediately', true],
    ['12/31/2026', true],
    ['1/5/2025', true],
    ['13/1/2026', false],
    ['12/32/2026', false],
    ['tomorrow', false],
  ])('when a schedule date is %j, then valid is %s', (value, valid) => {
    expect(ScheduleDate.safeParse(value).success).toBe(valid);
  });

  it.each([
    ['', true],
    ['9:05 AM', true],
    ['12:59 PM', true],
    ['13:00 PM', false],
    ['9:60 AM', false],
    ['9:05', false],
  ])('when a schedule time is %j, then valid is %s', (value, valid) => {
    expect(ScheduleTime.safeParse(value).success).toBe(valid);
  });

  it('when a socket message has an unknown type, then it is refused', () => {
    expect(SocketMessage.safeParse({ type: 'HELLO', payload: {} }).success).toBe(false);
  });
});

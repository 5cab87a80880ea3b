import { asCents } from '@/domain/money';
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { seedItem } from '@/test/catalogue-fixture';
import { CreatePurchaseRequestBody } from '@/domain/schemas/purchases';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { listOutboxRecords } from '@/lib/outbox/store';
import { clearSessionNotice, getSessionNotice, setSessionNotice } from '@/lib/session-notice';
import { withScriptedServer } from '@/test/outbox-server';
import { lineForCustomCash, lineForItem } from '../lib/cart-lines';
import { purchaseBody, submitPurchase } from './submit-purchase';

const ak = seedItem('AK-47');
const rockets = seedItem('Rockets');

describe('purchaseBody', () => {
  it('when a cart is sent, then the body carries the requester, the lines, the cart total, an ISO time and the contact email', () => {
    const now = new Date('2026-11-21T06:00:00.000Z');
    const lines = [lineForItem(ak, 2), lineForItem(rockets, 7), lineForCustomCash(1_000_000, asCents(9000))];
    const body = purchaseBody('player1', lines, 'p@example.com', now);
    expect(body).toEqual({
      requesterName: 'player1',
      // The cart keeps cents; the request carries the API's '$2.99' texts.
      items: [
        { id: ak.id, name: 'AK-47', category: 'Weapons', price: '$18.00', quantity: 2, subcategory: 'guns' },
        { id: rockets.id, name: 'Rockets', category: 'Ammo', price: '$0.16', quantity: 7, subcategory: 'ammo' },
        {
          id: 'custom-cash-1000000',
          name: '$1,000,000 Custom Cash',
          category: 'Custom Cash',
          price: '$90.00',
          quantity: 1,
          subcategory: 'custom cash',
        },
      ],
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

describe('submitPurchase', () => {
  const purchase = { requesterName: 'alice', items: [{ name: 'Glock', category: 'Weapons', quantity: 1 }], totalPrice: 2 };
  const scripted = withScriptedServer();

  it('when offline and the dialog allowed queueing, then it is queued', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const outcome = await submitPurchase(purchase, { username: 'alice', allowQueue: true });
    expect(outcome.status).toBe('queued');
    expect(await listOutboxRecords()).toMatchObject([{ kind: 'purchase', payload: purchase }]);
  });

  it('when offline without permission to queue, then it answers not-sent', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(await submitPurchase(purchase, { username: 'alice' })).toEqual({ status: 'not-sent' });
    expect(await listOutboxRecords()).toEqual([]);
  });

  it('when the network fails while sending and queueing is allowed, then it is queued under the key it was sent with', async () => {
    scripted.state.answers = ['network'];
    const outcome = await submitPurchase(purchase, { username: 'alice', allowQueue: true });
    expect(outcome).toEqual({ status: 'queued', id: scripted.state.calls[0].key });
  });

  it('when the server says the prices changed, then it answers refused with that message and nothing is queued', async () => {
    scripted.state.answers = [{ status: 409, body: { message: 'Prices have changed' } }];
    const outcome = await submitPurchase(purchase, { username: 'alice', allowQueue: true });
    expect(outcome).toEqual({ status: 'refused', code: 409, message: 'Prices have changed' });
    expect(await listOutboxRecords()).toEqual([]);
  });

  it('when the session has ended (401) and queueing is allowed, then it is kept until the login and the login screen is told', async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    });
    setUnauthorizedHandler(() => undefined);
    setSessionNotice('session-ended', 'alice');
    scripted.state.answers = [{ status: 401, body: { message: 'Please log in to continue', reason: 'session-ended' } }];
    const outcome = await submitPurchase(purchase, { username: 'alice', allowQueue: true });
    expect(outcome).toEqual({ status: 'queued', id: scripted.state.calls[0].key, needsLogin: true });
    expect(await listOutboxRecords()).toMatchObject([
      { id: scripted.state.calls[0].key, kind: 'purchase', state: 'needs-login', payload: purchase },
    ]);
    expect(getSessionNotice()).toMatchObject({ reason: 'session-ended', username: 'alice', kept: true });
    clearSessionNotice();
  });
});

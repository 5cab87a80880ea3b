import { describe, expect, it } from 'vitest';
import { apiJson } from '../support/api-json';
import { PurchaseRequest } from '../../src/domain/schemas/purchases';
import { auditHistory, CART, countRows, signUp, useServer, useServerWithCast } from './helpers';

const { server, cast } = useServerWithCast();

describe('POST /api/purchase-requests', () => {
  it('when the cart is valid, then it answers 201 with server prices and the session user as owner', async () => {
    const answer = await cast.alice.post('/api/purchase-requests', { ...CART, requesterName: 'bob', requestedAt: '2026-01-01T00:00:00Z' });
    expect(answer.status).toBe(201);
    const request = apiJson(PurchaseRequest, answer.body);
    expect(request).toMatchObject({
      requesterName: 'alice',
      status: 'pending',
      totalPrice: 6.99,
      totalItems: 3,
      requestedAt: '2026-01-01T00:00:00Z',
    });
    expect(request.items.map((item) => item.price)).toEqual(['$2.00', '$2.99']);
    expect(await auditHistory(server, 'purchase_request', request.id)).toMatchObject([{ from: null, to: 'pending', who: 'alice' }]);
  });

  it('when items arrive as a JSON string, then they are accepted', async () => {
    const answer = await cast.alice.post('/api/purchase-requests', { items: JSON.stringify(CART.items), totalPrice: '$6.99' });
    expect(answer.status).toBe(201);
    expect(answer.body.items).toHaveLength(2);
  });

  it('when names differ in capitalisation and prices are lies, then the catalogue prices are stored', async () => {
    const answer = await cast.alice.post('/api/purchase-requests', {
      items: [
        { name: 'ak47', category: 'weapons', price: '$0.01', quantity: 1 },
        { name: '$1,000,000 Custom Cash', category: 'Custom Cash', price: 1, quantity: 1 },
      ],
      totalPrice: 108,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.items.map((item: { price: string }) => item.price)).toEqual(['$18.00', '$90.00']);
    expect(answer.body.totalPrice).toBe(108);
  });

  it('when the total is off by more than a cent, then it answers 409 Prices have changed and stores nothing', async () => {
    const before = await countRows(server, 'purchase_requests');
    const answer = await cast.alice.post('/api/purchase-requests', { ...CART, totalPrice: 6.97 });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Prices have changed');
    expect(await countRows(server, 'purchase_requests')).toBe(before);
  });

  it('when the total is off by at most a cent, then it is accepted and the server total stored', async () => {
    const answer = await cast.alice.post('/api/purchase-requests', { ...CART, totalPrice: 7.0 });
    expect(answer.status).toBe(201);
    expect(answer.body.totalPrice).toBe(6.99);
  });

  it('when a line names nothing the shop sells, then it answers 400 naming the line', async () => {
    const answer = await cast.alice.post('/api/purchase-requests', {
      items: [{ name: 'Regular Pot', category: 'Farming', quantity: 1 }],
      totalPrice: 0,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues[0].path).toBe('items.0.name');
  });

  it.each([
    [{ items: [], totalPrice: 0 }, 'items'],
    [{ items: 'not json', totalPrice: 1 }, 'items'],
    [{ items: [{ name: 'Glock', category: 'Weapons', quantity: 0 }], totalPrice: 0 }, 'items.0.quantity'],
    [{ items: [{ name: 'Glock', category: 'Weapons', quantity: 1.5 }], totalPrice: 3 }, 'items.0.quantity'],
    [{ items: CART.items }, 'totalPrice'],
    [{ items: [{ name: '$100 Custom Cash', category: 'Custom Cash', quantity: 1 }], totalPrice: 1 }, 'items.0.name'],
  ])('when the body is %j, then it answers 400 with an issue at %s', async (body, issuePath) => {
    const answer = await cast.alice.post('/api/purchase-requests', body);
    expect(answer.status).toBe(400);
    expect(answer.body.issues.map((issue: { path: string }) => issue.path)).toContain(issuePath);
  });

  it('when a line asks for more than the maximum quantity, then it answers 400 naming the maximum and stores nothing', async () => {
    const before = await countRows(server, 'purchase_requests');
    const answer = await cast.alice.post('/api/purchase-requests', {
      items: [{ name: 'Glock', category: 'Weapons', quantity: 1_000_001 }],
      totalPrice: 2_000_002,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Quantity must be at most 1,000,000');
    expect(answer.body.issues).toContainEqual({ path: 'items.0.quantity', message: 'Quantity must be at most 1,000,000' });
    expect(await countRows(server, 'purchase_requests')).toBe(before);
  });

  it('when the same Idempotency-Key is replayed, then the first answer comes back and one row exists', async () => {
    const before = await countRows(server, 'purchase_requests');
    const headers = { 'Idempotency-Key': 'purchase-key-1' };
    const first = await cast.bob.post('/api/purchase-requests', CART, headers);
    const second = await cast.bob.post('/api/purchase-requests', CART, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await countRows(server, 'purchase_requests')).toBe(before + 1);
  });

  it('when retries with one key race each other, then every one answers the same request and one row exists', async () => {
    const before = await countRows(server, 'purchase_requests');
    const headers = { 'Idempotency-Key': 'purchase-key-race' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => cast.bob.post('/api/purchase-requests', CART, headers)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await countRows(server, 'purchase_requests')).toBe(before + 1);
  });

  it('when the same key comes with a different body, then it answers 422 and creates nothing', async () => {
    const headers = { 'Idempotency-Key': 'purchase-key-2' };
    await cast.bob.post('/api/purchase-requests', CART, headers);
    const before = await countRows(server, 'purchase_requests');
    const other = await cast.bob.post('/api/purchase-requests', { ...CART, items: [CART.items[0]], totalPrice: 4 }, headers);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different request');
    expect(await countRows(server, 'purchase_requests')).toBe(before);
  });

  it('when another user uses the same key, then it is their own key', async () => {
    const headers = { 'Idempotency-Key': 'shared-key' };
    const a = await cast.alice.post('/api/purchase-requests', CART, headers);
    const b = await cast.bob.post('/api/purchase-requests', CART, headers);
    expect(b.status).toBe(201);
    expect(b.body.id).not.toBe(a.body.id);
    expect(b.body.requesterName).toBe('bob');
  });
});

describe('POST /api/purchase-requests contact email', () => {
  const own = useServer();

  it('when no contact email or an empty one is given, then the requester’s saved email is stored; a given one wins', async () => {
    const carol = await signUp(own, 'carol_contact');
    expect((await carol.post('/api/purchase-requests', CART)).body.contactEmail).toBeNull();
    expect((await carol.put('/api/marketplace/contact/carol_contact', { contactEmail: 'carol@example.com' })).status).toBe(200);
    expect((await carol.post('/api/purchase-requests', CART)).body.contactEmail).toBe('carol@example.com');
    expect((await carol.post('/api/purchase-requests', { ...CART, contactEmail: '' })).body.contactEmail).toBe('carol@example.com');
    expect((await carol.post('/api/purchase-requests', { ...CART, contactEmail: 'other@example.com' })).body.contactEmail).toBe(
      'other@example.com',
    );
    const stored = (await carol.get('/api/user-purchase-requests/carol_contact')).body.map(
      (request: { contactEmail: string | null }) => request.contactEmail,
    );
    expect(stored).toEqual(['other@example.com', 'carol@example.com', 'carol@example.com', null]);
  });
});

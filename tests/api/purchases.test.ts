import { describe, expect, it } from 'vitest';
import { apiJson } from '../support/api-json';
import { PurchaseRequest } from '../../src/domain/schemas/purchases';
import { PURCHASE_STATUSES, PURCHASE_TRANSITIONS, type PurchaseStatus } from '../../src/domain/state-machines';
import { auditHistory, CART, countRows, createPurchase, queryDatabase, signUp, useServer, useServerWithCast } from './helpers';
import { YEAR } from '../support/dates';
import { formatCents, fromCents, sumCents } from '../../src/domain/money';
import { priceLine } from '../../src/domain/pricing';

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

describe('GET /api/purchase-requests and /api/user-purchase-requests/{username}', () => {
  it('when an admin lists, then every request comes newest first', async () => {
    const answer = await cast.admin.get('/api/purchase-requests');
    expect(answer.status).toBe(200);
    const ids = answer.body.map((request: { id: number }) => request.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(answer.body.map((r: { requesterName: string }) => r.requesterName))).toEqual(new Set(['alice', 'bob']));
  });

  it('when a user lists their own, then only theirs come back, newest first', async () => {
    const older = await createPurchase(cast.alice);
    const newer = await createPurchase(cast.alice);
    const answer = await cast.alice.get('/api/user-purchase-requests/ALICE');
    expect(answer.status).toBe(200);
    expect(answer.body.every((r: { requesterName: string }) => r.requesterName === 'alice')).toBe(true);
    const ids = answer.body.map((request: { id: number }) => request.id);
    expect(ids.slice(0, 2)).toEqual([newer.id, older.id]);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const times = answer.body.map((request: { createdAt: string }) => Date.parse(request.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('when listed, then each entry is exactly the request as created and as changed (every field, typed)', async () => {
    const created = (await cast.bob.post('/api/purchase-requests', { ...CART, requestedAt: '2026-03-04T05:06:07Z' })).body;
    const approved = (
      await cast.admin.patch(`/api/purchase-requests/${created.id}/status`, {
        status: 'approved',
        scheduledDate: `12/24/${YEAR}`,
        scheduledTime: '3:30 PM',
        isImmediateSchedule: false,
      })
    ).body;
    const adminList = (await cast.admin.get('/api/purchase-requests')).body as unknown[];
    const ownList = (await cast.bob.get('/api/user-purchase-requests/bob')).body as unknown[];
    for (const list of [adminList, ownList]) {
      const entry = apiJson(
        PurchaseRequest,
        list.find((r) => (r as { id: number }).id === created.id),
      );
      expect(entry).toEqual(approved);
      expect(entry).toMatchObject({
        status: 'approved',
        isImmediateSchedule: false,
        scheduledDate: `12/24/${YEAR}`,
        totalPrice: created.totalPrice,
        items: created.items,
      });
    }
    expect((await cast.bob.get('/api/user-purchase-requests/bob')).headers.get('content-type')).toMatch(/application\/json/);
  });

  it('when a user has no requests, then the list is an empty array', async () => {
    const answer = await cast.admin.get('/api/user-purchase-requests/carol');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
  });

  it('when an admin reads an unknown user, then it answers 404', async () => {
    expect((await cast.admin.get('/api/user-purchase-requests/nobody_at_all')).status).toBe(404);
  });
});

/** Brings a fresh request to a status along legal transitions. */
async function requestIn(status: PurchaseStatus) {
  const request = await createPurchase(cast.alice);
  const path = `/api/purchase-requests/${request.id}/status`;
  if (status === 'approved' || status === 'completed') expect((await cast.admin.patch(path, { status: 'approved' })).status).toBe(200);
  if (status === 'completed') expect((await cast.admin.patch(path, { status: 'completed' })).status).toBe(200);
  if (status === 'rejected') expect((await cast.admin.patch(path, { status: 'rejected' })).status).toBe(200);
  if (status === 'cancelled') expect((await cast.alice.post(`/api/purchase-requests/${request.id}/cancel`, {})).status).toBe(200);
  return request.id as number;
}

describe('PATCH /api/purchase-requests/{id}/status', () => {
  const targets = ['approved', 'rejected', 'completed'] as const;
  const cases = PURCHASE_STATUSES.flatMap((from) => targets.map((to) => ({ from, to, legal: PURCHASE_TRANSITIONS[from].includes(to) })));

  it.each(cases)('when the request is $from and becomes $to, then legal=$legal', async ({ from, to, legal }) => {
    const id = await requestIn(from);
    const answer = await cast.admin.patch(`/api/purchase-requests/${id}/status`, { status: to });
    if (legal) {
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe(to);
      const stamp = { approved: 'approvedAt', rejected: 'rejectedAt', completed: 'completedAt' }[to];
      expect(typeof answer.body[stamp]).toBe('string');
      expect((await auditHistory(server, 'purchase_request', id)).at(-1)).toMatchObject({ from, to, who: 'carol' });
    } else {
      expect(answer.status).toBe(409);
      // The refusal names the present status and who set it: the player for pending and cancelled, the admin otherwise.
      const by = from === 'pending' || from === 'cancelled' ? 'alice' : 'carol';
      expect(answer.body.message).toBe(
        from === to
          ? `This purchase request was already ${to} by ${by}.`
          : `This purchase request was ${from} by ${by}, so it can't become ${to}.`,
      );
      const after = await cast.admin.get('/api/purchase-requests');
      expect(after.body.find((r: { id: number }) => r.id === id).status).toBe(from);
    }
  });

  it('when approving with a schedule, then the schedule is stored', async () => {
    const id = await requestIn('pending');
    const answer = await cast.admin.patch(`/api/purchase-requests/${id}/status`, {
      status: 'approved',
      scheduledDate: `3/14/${YEAR}`,
      scheduledTime: '4:30 PM',
      isImmediateSchedule: false,
    });
    expect(answer.body).toMatchObject({ scheduledDate: `3/14/${YEAR}`, scheduledTime: '4:30 PM', isImmediateSchedule: false });
  });

  it('when approving immediately, then the date reads Immediately', async () => {
    const id = await requestIn('pending');
    const answer = await cast.admin.patch(`/api/purchase-requests/${id}/status`, { status: 'approved', isImmediateSchedule: true });
    expect(answer.body).toMatchObject({ scheduledDate: 'Immediately', scheduledTime: '', isImmediateSchedule: true });
  });

  it('when rejecting with a reason, then the reason is stored', async () => {
    const id = await requestIn('pending');
    const answer = await cast.admin.patch(`/api/purchase-requests/${id}/status`, { status: 'rejected', rejectionReason: 'Out of stock' });
    expect(answer.body.rejectionReason).toBe('Out of stock');
  });

  it.each([[{ status: 'pending' }], [{ status: 'approved', scheduledDate: '13/1/2026' }], [{}]])(
    'when the body is %j, then it answers 400',
    async (body) => {
      const id = await requestIn('pending');
      expect((await cast.admin.patch(`/api/purchase-requests/${id}/status`, body)).status).toBe(400);
    },
  );

  it('when the id is unknown, then it answers 404; when it is not a number, 400', async () => {
    expect((await cast.admin.patch('/api/purchase-requests/999999/status', { status: 'approved' })).status).toBe(404);
    expect((await cast.admin.patch('/api/purchase-requests/abc/status', { status: 'approved' })).status).toBe(400);
  });
});

describe('PUT /api/purchase-requests/{id}/complete', () => {
  it.each(PURCHASE_STATUSES.map((from) => ({ from, legal: from === 'approved' })))(
    'when the request is $from, then legal=$legal',
    async ({ from, legal }) => {
      const id = await requestIn(from);
      const answer = await cast.admin.put(`/api/purchase-requests/${id}/complete`);
      expect(answer.status).toBe(legal ? 200 : 409);
      if (legal) expect(answer.body).toMatchObject({ status: 'completed' });
    },
  );
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

describe("an order's lines (issue 34 item 1: rows with unit cents)", () => {
  it('when lines carry a subcategory, a description and a price over $1,000, then the answer, both lists and a transition give the same items, keys only where set', async () => {
    const lines = [
      { id: 'a', name: 'glock', category: 'Weapons', price: '$2.00', quantity: 2, subcategory: 'Pistols', description: 'the spare' },
      { name: '$100,000,000 Custom Cash', category: 'Custom Cash', quantity: 1 },
      { id: 7, name: 'Rifle Ammo', category: 'Ammo', quantity: 3, description: '' },
      { id: 'x', name: 'First Aid Kit', category: 'Equipment', quantity: 1, subcategory: null, description: null },
    ];
    const priced = lines.map((line) => {
      const price = priceLine(line);
      if (!price.ok) throw new Error(price.reason);
      return price;
    });
    const cents = priced.map((line) => line.unitCents);
    const total = fromCents(sumCents(priced.map((line) => line.lineCents)));
    // The custom cash line is priced in thousands of dollars: its text is grouped ('$9,000.00'-style).
    expect(formatCents(cents[1])).toMatch(/^\$\d{1,3},\d{3}\.\d{2}$/);
    const expected = [
      { id: 'a', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 2, subcategory: 'Pistols', description: 'the spare' },
      { id: '2', name: '$100,000,000 Custom Cash', category: 'Custom Cash', price: formatCents(cents[1]), quantity: 1 },
      { id: '7', name: 'Rifle Ammo', category: 'Ammo', price: formatCents(cents[2]), quantity: 3, description: '' },
      { id: 'x', name: 'First Aid Kit', category: 'Equipment', price: formatCents(cents[3]), quantity: 1 },
    ];
    const keys = [
      ['id', 'name', 'category', 'price', 'quantity', 'subcategory', 'description'],
      ['id', 'name', 'category', 'price', 'quantity'],
      ['id', 'name', 'category', 'price', 'quantity', 'description'],
      ['id', 'name', 'category', 'price', 'quantity'],
    ];
    const player = await signUp(server, 'lines');
    const answer = await player.post('/api/purchase-requests', { items: lines, totalPrice: total });
    expect(answer.status).toBe(201);
    const id = answer.body.id as number;
    const readings = {
      created: answer.body,
      own: ((await player.get('/api/user-purchase-requests/lines')).body as { id: number }[]).find((r) => r.id === id),
      admin: ((await cast.admin.get('/api/purchase-requests')).body as { id: number }[]).find((r) => r.id === id),
      rejected: (await cast.admin.patch(`/api/purchase-requests/${id}/status`, { status: 'rejected', expectedStatus: 'pending' })).body,
    };
    for (const reading of Object.values(readings) as { items: Record<string, unknown>[]; totalPrice: number }[]) {
      expect(reading.items).toEqual(expected);
      expect(reading.items.map((item) => Object.keys(item))).toEqual(keys);
      expect(reading.totalPrice).toBe(total);
    }
    // Stored as rows, each unit price its whole cents.
    const rows = await queryDatabase(
      server,
      'SELECT position, CAST(unit_cents AS integer) AS unit_cents FROM purchase_request_lines WHERE request_id = ? ORDER BY position',
      [id],
    );
    expect(rows).toEqual(cents.map((unit, position) => ({ position, unit_cents: unit })));
  });
});

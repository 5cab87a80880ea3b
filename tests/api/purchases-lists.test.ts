import { beforeAll, describe, expect, it } from 'vitest';
import { apiJson } from '../support/api-json';
import { PurchaseRequest } from '../../src/domain/schemas/purchases';
import { CART, createPurchase, queryDatabase, signUp, useServerWithCast } from './helpers';
import { YEAR } from '../support/dates';
import { formatCents, fromCents, sumCents } from '../../src/domain/money';
import { priceLine } from '../../src/domain/pricing';

const { server, cast } = useServerWithCast();

describe('GET /api/purchase-requests and /api/user-purchase-requests/{username}', () => {
  // The requests the admin's list shows: one of each player's.
  beforeAll(async () => {
    await createPurchase(cast.alice);
    await createPurchase(cast.bob);
  });

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

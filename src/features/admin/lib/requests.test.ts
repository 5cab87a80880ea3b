import { describe, expect, it } from 'vitest';
import { PurchaseRequest, type PurchaseRequestJson } from '@/domain/schemas/purchases';
import { makeRequest } from '../testing/fixtures';
import { approvedEmptyText, filterDrops, NO_TOGGLES, sortLabel, sortRequests, summariseItems, toggleDrop } from './requests';

// Approved, empty and dated 1 January unless a test says otherwise; read from the API's JSON as the app reads it.
const request = (over: Partial<PurchaseRequestJson>): PurchaseRequest =>
  PurchaseRequest.parse(
    makeRequest({
      items: [],
      totalPrice: 0,
      totalItems: 0,
      contactEmail: null,
      status: 'approved',
      createdAt: '2026-01-01T00:00:00.000Z',
      ...over,
    }),
  );

const a = request({
  createdAt: '2026-01-02T00:00:00.000Z',
  totalPrice: 5,
  totalItems: 9,
  scheduledDate: '5/1/2026',
  scheduledTime: '3:00 PM',
});
const b = request({
  createdAt: '2026-01-03T00:00:00.000Z',
  totalPrice: 40,
  totalItems: 1,
  scheduledDate: 'Immediately',
  scheduledTime: '',
  isImmediateSchedule: true,
});
const c = request({
  createdAt: '2026-01-01T00:00:00.000Z',
  totalPrice: 12.5,
  totalItems: 4,
  scheduledDate: '5/1/2026',
  scheduledTime: '9:30 AM',
});
const d = request({
  createdAt: '2026-01-04T00:00:00.000Z',
  totalPrice: 1,
  totalItems: 2,
  scheduledDate: '4/30/2026',
  scheduledTime: '11:59 PM',
});
const all = [a, b, c, d];
const ids = (list: PurchaseRequest[]) => list.map((r) => r.id);

describe('request sorts: Most recent, Oldest, Price (highest first), Total Items', () => {
  it('Most recent puts the newest first, Oldest the oldest first', () => {
    expect(ids(sortRequests(all, 'recent'))).toEqual(ids([d, b, a, c]));
    expect(ids(sortRequests(all, 'oldest'))).toEqual(ids([c, a, b, d]));
  });

  it('Price puts the highest total first', () => {
    expect(ids(sortRequests(all, 'price'))).toEqual(ids([b, c, a, d]));
  });

  it('Total Items puts the most items first', () => {
    expect(ids(sortRequests(all, 'items'))).toEqual(ids([a, c, d, b]));
  });

  it('Next Up puts the soonest scheduled date and time first', () => {
    const scheduled = filterDrops(all, { scheduledOnly: true, immediateOnly: false });
    expect(ids(sortRequests(scheduled, 'recent', true))).toEqual(ids([d, c, a]));
  });

  it('does not change the list it was given', () => {
    const copy = [...all];
    sortRequests(all, 'price');
    expect(all).toEqual(copy);
  });
});

describe('Approved Requests toggles', () => {
  it('turning one toggle on turns the other off', () => {
    const scheduled = toggleDrop(NO_TOGGLES, 'scheduledOnly');
    expect(scheduled).toEqual({ scheduledOnly: true, immediateOnly: false });
    const immediate = toggleDrop(scheduled, 'immediateOnly');
    expect(immediate).toEqual({ scheduledOnly: false, immediateOnly: true });
    expect(toggleDrop(immediate, 'scheduledOnly')).toEqual({ scheduledOnly: true, immediateOnly: false });
    expect(toggleDrop(immediate, 'immediateOnly')).toEqual(NO_TOGGLES);
  });

  it('scheduled-only keeps dated drops, immediate-only keeps immediate drops', () => {
    expect(ids(filterDrops(all, { scheduledOnly: true, immediateOnly: false }))).toEqual(ids([a, c, d]));
    expect(ids(filterDrops(all, { scheduledOnly: false, immediateOnly: true }))).toEqual(ids([b]));
    expect(filterDrops(all, NO_TOGGLES)).toHaveLength(4);
  });

  it('the Most recent sort reads Next Up only while scheduled-only is on', () => {
    expect(sortLabel('recent', 'approved', true)).toBe('Next Up');
    expect(sortLabel('recent', 'approved', false)).toBe('Most recent');
    expect(sortLabel('recent', 'pending', true)).toBe('Most recent');
    expect(sortLabel('items', 'approved')).toBe('Total Items Approved');
    expect(sortLabel('items', 'pending')).toBe('Total Items Requested');
  });

  it('each toggle has its own empty text', () => {
    expect(approvedEmptyText(NO_TOGGLES)).toBe('No Approved Requests');
    expect(approvedEmptyText({ scheduledOnly: true, immediateOnly: false })).toBe('No scheduled requests found');
    expect(approvedEmptyText({ scheduledOnly: false, immediateOnly: true })).toBe('No immediate drops found');
  });
});

describe('Total Items Requested breakdown', () => {
  it('counts items and orders and totals each category, Weapons first', () => {
    const one = request({
      items: [
        { id: 'g', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 2 },
        { id: 'r', name: 'Regular Soil', category: 'Farming', price: '$0.10', quantity: 10 },
      ],
    });
    const two = request({
      items: [
        { id: 'g', name: 'glock', category: 'Weapons', price: '$2.00', quantity: 1 },
        { id: 'a', name: 'AK-47', category: 'Weapons', price: '$18.00', quantity: 1 },
        { id: 'c', name: '$12,000 Cash', category: 'Cash', price: '$2.99', quantity: 3 },
      ],
    });
    const summary = summariseItems([one, two]);
    expect(summary.itemCount).toBe(17);
    expect(summary.orderCount).toBe(2);
    expect(summary.categories.map((c) => c.category)).toEqual(['Weapons', 'Cash', 'Farming']);
    expect(summary.categories[0]).toEqual({
      category: 'Weapons',
      items: [
        { name: 'Glock', quantity: 3, total: 600 },
        { name: 'AK-47', quantity: 1, total: 1800 },
      ],
      quantity: 4,
      total: 2400,
    });
    expect(summary.categories[1]).toMatchObject({ quantity: 3, total: 897 });
    expect(summary.categories[2]).toMatchObject({ quantity: 10, total: 100 });
    expect(summary.total).toBe(3397);
  });

  it('when a thousand requests of a $0.10 line are summed, then the total is exact in cents', () => {
    const line = { id: 's', name: 'Regular Soil', category: 'Farming', price: '$0.10', quantity: 1 };
    const summary = summariseItems(Array.from({ length: 1000 }, () => request({ items: [line] })));
    expect(summary.total).toBe(10_000);
    expect(summary.categories[0].items[0]).toEqual({ name: 'Regular Soil', quantity: 1000, total: 10_000 });
  });

  it('an empty set counts nothing', () => {
    expect(summariseItems([])).toEqual({ itemCount: 0, orderCount: 0, total: 0, categories: [] });
  });
});

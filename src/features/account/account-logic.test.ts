import { describe, expect, it } from 'vitest';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { UserSellRequest } from '@/domain/schemas/submissions';
import { choicesFrom, validateContact } from './contact-validation';
import { filterPurchaseRequests, parseRequestItems } from './purchase-requests';
import { buildSellRequestViews, filterSellRequests, sellFilterCounts } from './sell-requests';

const on = (value: string) => ({ enabled: true, value });
const off = { enabled: false, value: '' };

describe('validateContact', () => {
  it('when no option is Yes, then it asks for at least one', () => {
    expect(validateContact('u', { contactEmail: off, ps5Username: off, robloxUsername: off })).toEqual({
      error: "You must have at least one form of contact. Please select 'Yes' for at least one option.",
    });
  });
  it('when there is no stored user, then the session has expired', () => {
    expect(validateContact(null, choicesFrom({ contactEmail: 'a@b.co' }))).toEqual({ error: 'User session expired. Please log in again.' });
  });
  it('names one, two or three empty options', () => {
    expect(validateContact('u', { contactEmail: off, ps5Username: on(' '), robloxUsername: off })).toEqual({
      error: 'Please enter your PS5 username or select "No" for that option.',
    });
    expect(validateContact('u', { contactEmail: on(''), ps5Username: on(''), robloxUsername: on('') })).toEqual({
      error: 'Please enter your email address, PS5 username and Roblox username or select "No" for those options.',
    });
  });
  it('trims values and sends null for No', () => {
    expect(validateContact('u', { contactEmail: on('  me@x.io '), ps5Username: off, robloxUsername: on(' rob ') })).toEqual({
      body: { contactEmail: 'me@x.io', ps5Username: null, robloxUsername: 'rob' },
    });
  });
  it('rejects a malformed email with the shared schema message', () => {
    expect(validateContact('u', { contactEmail: on('nope'), ps5Username: off, robloxUsername: off })).toEqual({
      error: 'Please enter a valid email address',
    });
  });
});

const request = (id: number, status: UserSellRequest['status'], createdAt: string): UserSellRequest => ({
  id,
  username: 'u',
  itemName: 'Glock',
  category: 'weapons',
  imageUrl: null,
  thumbnailUrl: null,
  hasMultipleQuantity: false,
  quantity: 1,
  paymentMethod: 'usd',
  status,
  submissionId: id,
  createdAt,
});
const pickup = (submissionId: number, completed: boolean, paid: boolean): ScheduledPickup => ({
  id: submissionId,
  submissionId,
  scheduledDate: 'Immediately',
  scheduledTime: '',
  isImmediate: true,
  completed,
  completedAt: null,
  collectedAt: null,
  paid,
  paidAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  promisedAt: null,
  promiseStatus: null,
  agreedPrice: null,
});

describe('buildSellRequestViews', () => {
  const views = buildSellRequestViews(
    [
      request(1, 'pending', '2026-01-01T00:00:00Z'),
      request(2, 'rejected', '2026-01-09T00:00:00Z'),
      request(3, 'pending', '2026-01-03T00:00:00Z'),
      request(4, 'pending', '2026-01-04T00:00:00Z'),
      request(5, 'pending', '2026-01-05T00:00:00Z'),
      request(6, 'approved', '2026-01-06T00:00:00Z'),
      request(7, 'pending', '2026-01-07T00:00:00Z'),
    ],
    [pickup(3, false, false), pickup(4, true, false), pickup(5, true, true)],
  );

  it('derives from the pickup and sorts by the spec order, newest first within a status', () => {
    expect(views.map((view) => [view.id, view.status])).toEqual([
      [5, 'paid'],
      [4, 'payment pending...'],
      [3, 'scheduled'],
      [6, 'approved'],
      [7, 'pending'],
      [1, 'pending'],
      [2, 'rejected'],
    ]);
  });

  it('filters and counts by derived status', () => {
    expect(filterSellRequests(views, 'pending').map((v) => v.id)).toEqual([7, 1]);
    expect(sellFilterCounts(views)).toEqual({
      all: 7,
      pending: 2,
      scheduled: 1,
      'payment pending...': 1,
      paid: 1,
      rejected: 1,
      cancelled: 0,
    });
    // Outbox items are pending to the player: they count under All and Pending only.
    expect(sellFilterCounts(views, 2)).toEqual({
      all: 9,
      pending: 4,
      scheduled: 1,
      'payment pending...': 1,
      paid: 1,
      rejected: 1,
      cancelled: 0,
    });
  });
});

describe('purchase helpers', () => {
  it('reads items from a list or a JSON string; null when unreadable', () => {
    const list = [{ name: 'Glock', category: 'Weapons', quantity: 2, price: '$2.00' }];
    expect(parseRequestItems(list)).toEqual(list);
    expect(parseRequestItems(JSON.stringify(list))).toEqual(list);
    expect(parseRequestItems('{oops')).toBeNull();
    expect(parseRequestItems([])).toEqual([]);
  });
  it('filters by status', () => {
    const items = [{ status: 'pending' as const }, { status: 'approved' as const }];
    expect(filterPurchaseRequests(items, 'all')).toHaveLength(2);
    expect(filterPurchaseRequests(items, 'approved')).toEqual([{ status: 'approved' }]);
  });
});

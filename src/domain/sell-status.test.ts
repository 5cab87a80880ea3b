import { describe, expect, it } from 'vitest';
import { deriveSellStatus, filterSellRequests, sortSellRequests } from './sell-status';

describe('derived sell status: the pickup decides once one exists', () => {
  it.each([
    [{ status: 'pending' as const }, undefined, 'pending'],
    [{ status: 'rejected' as const }, undefined, 'rejected'],
    [{ status: 'approved' as const }, undefined, 'approved'],
    [{ status: 'pending' as const }, { completed: false, paid: false }, 'scheduled'],
    [{ status: 'pending' as const }, { completed: true, paid: false }, 'payment pending...'],
    [{ status: 'pending' as const }, { completed: true, paid: true }, 'paid'],
  ])('when the request is %j and its pickup %j, then it shows %s', (request, pickup, shown) => {
    expect(deriveSellStatus(request, pickup)).toBe(shown);
  });

  it('when sorting, then the order is paid, payment pending..., collected, scheduled, approved, pending, rejected, newest first on ties', () => {
    const items = [
      { id: 1, status: 'rejected' as const, createdAt: '2026-01-01T00:00:00Z' },
      { id: 2, status: 'pending' as const, createdAt: '2026-01-01T00:00:00Z' },
      { id: 3, status: 'pending' as const, createdAt: '2026-02-01T00:00:00Z' },
      { id: 4, status: 'paid' as const, createdAt: '2026-01-01T00:00:00Z' },
      { id: 5, status: 'collected' as const, createdAt: '2026-01-01T00:00:00Z' },
      { id: 6, status: 'scheduled' as const, createdAt: '2026-01-01T00:00:00Z' },
      { id: 7, status: 'payment pending...' as const, createdAt: '2026-01-01T00:00:00Z' },
      { id: 8, status: 'approved' as const, createdAt: '2026-01-01T00:00:00Z' },
    ];
    expect(sortSellRequests(items).map((item) => item.id)).toEqual([4, 7, 5, 6, 8, 3, 2, 1]);
    expect(filterSellRequests(items, 'pending').map((item) => item.id)).toEqual([2, 3]);
    expect(filterSellRequests(items, 'all')).toHaveLength(8);
  });
});

import { describe, expect, it } from 'vitest';
import { readPickup, makeSubmission } from '../testing/fixtures';
import { byPickupTime, matchesSearch, sortPickups } from './find';

describe('matchesSearch', () => {
  it('when every word appears in some field, in any case and order, then it matches', () => {
    expect(matchesSearch('ak ALICE', ['alice', 'Golden AK-47'])).toBe(true);
    expect(matchesSearch('  ', ['anything'])).toBe(true);
    expect(matchesSearch('shotgun', ['alice', 'Golden AK-47'])).toBe(false);
    expect(matchesSearch('alice bob', ['alice', 'AK'])).toBe(false);
  });
});

describe('byPickupTime', () => {
  /** A pickup of submission `id`, scheduled at that date and time, created at `createdAt`. */
  const at = (id: number, scheduledDate: string, scheduledTime: string, createdAt: string) =>
    readPickup(makeSubmission({ id }), { id, scheduledDate, scheduledTime, isImmediate: scheduledDate === 'Immediately', createdAt });

  it('when pickups have times, then Immediately comes first and the rest follow by date and time, not by creation', () => {
    const pickups = [
      at(1, '3/15/2030', '9:00 AM', '2026-03-01T00:00:00.000Z'),
      at(2, '3/14/2030', '4:30 PM', '2026-03-02T00:00:00.000Z'),
      at(3, 'Immediately', '', '2026-03-04T00:00:00.000Z'),
      at(4, '3/14/2030', '12:15 PM', '2026-03-05T00:00:00.000Z'),
      at(5, 'Immediately', '', '2026-03-03T00:00:00.000Z'),
    ];
    expect([...pickups].sort(byPickupTime).map((pickup) => pickup.id)).toEqual([5, 3, 4, 2, 1]);
  });

  it('when pickups are sorted with their keys read once (sortPickups), then the order is the same, ties by creation then number', () => {
    const pickups = [
      at(1, '3/15/2030', '9:00 AM', '2026-03-01T00:00:00.000Z'),
      at(2, '3/14/2030', '4:30 PM', '2026-03-02T00:00:00.000Z'),
      at(3, 'Immediately', '', '2026-03-04T00:00:00.000Z'),
      at(4, '3/14/2030', '12:15 PM', '2026-03-05T00:00:00.000Z'),
      at(5, 'Immediately', '', '2026-03-03T00:00:00.000Z'),
      at(7, '3/14/2030', '4:30 PM', '2026-03-02T00:00:00.000Z'),
      at(6, '3/14/2030', '4:30 PM', '2026-03-02T00:00:00.000Z'),
      at(8, 'someday', '', '2026-03-01T00:00:00.000Z'),
    ];
    expect(sortPickups(pickups).map((pickup) => pickup.id)).toEqual([5, 3, 4, 2, 6, 7, 1, 8]);
    expect(sortPickups(pickups)).toEqual([...pickups].sort(byPickupTime));
  });
});

describe('matchesSearch with a record number', () => {
  it("when '#3' is typed, then only the record whose number is 3 matches, not #30", () => {
    expect(matchesSearch('#3', ['sam', '#3'])).toBe(true);
    expect(matchesSearch('#3', ['sam', '#30'])).toBe(false);
    expect(matchesSearch('#3', ['player#3x'])).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { EMPTY_SCHEDULE } from './schedule';
import { applyShortcut, describeChoice, fieldsOf, instantOf, nextHalfHour, wallTimeAt, yearRange } from './store-time';

const NY = 'America/New_York';
// 4:10 PM in New York on Thursday 14 March 2030 (EDT, UTC-4).
const NOW = Date.parse('2030-03-14T20:10:00.000Z');

describe('store time', () => {
  it('reads and writes wall times in the store zone, not the device zone', () => {
    expect(wallTimeAt(NOW, NY)).toEqual({ year: 2030, month: 3, day: 14, hour: 16, minute: 10 });
    expect(instantOf({ year: 2030, month: 3, day: 14, hour: 16, minute: 10 }, NY)).toBe(NOW);
    expect(instantOf({ year: 2030, month: 1, day: 14, hour: 16, minute: 10 }, NY)).toBe(Date.parse('2030-01-14T21:10:00.000Z'));
  });

  it('starts at the next half hour', () => {
    expect(fieldsOf(wallTimeAt(nextHalfHour(NOW), NY))).toMatchObject({
      month: '3',
      day: '14',
      year: '2030',
      hour: '4',
      minute: '30',
      meridiem: 'PM',
    });
    expect(nextHalfHour(Date.parse('2030-03-14T20:30:00.000Z'))).toBe(Date.parse('2030-03-14T21:00:00.000Z'));
  });

  it('Today, Tomorrow, +1 h, +2 h and Immediately set the fields in one tap', () => {
    const chosen = fieldsOf({ year: 2030, month: 3, day: 20, hour: 9, minute: 0 });
    expect(applyShortcut('tomorrow', chosen, NOW, NY)).toMatchObject({ month: '3', day: '15', hour: '9', minute: '00', meridiem: 'AM' });
    // 9:00 AM today has passed: Today takes the next half hour instead.
    expect(applyShortcut('today', chosen, NOW, NY)).toMatchObject({ day: '14', hour: '4', minute: '30', meridiem: 'PM' });
    expect(applyShortcut('today', EMPTY_SCHEDULE, NOW, NY)).toMatchObject({ day: '14', hour: '4', minute: '30' });
    expect(applyShortcut('plus-1h', EMPTY_SCHEDULE, NOW, NY)).toMatchObject({ day: '14', hour: '5', minute: '10', meridiem: 'PM' });
    expect(applyShortcut('plus-2h', EMPTY_SCHEDULE, NOW + 60_000, NY)).toMatchObject({ hour: '6', minute: '15', meridiem: 'PM' });
    expect(applyShortcut('immediately', chosen, NOW, NY).immediately).toBe(true);
    // Tomorrow across a month's end.
    expect(applyShortcut('tomorrow', chosen, Date.parse('2030-03-31T20:00:00.000Z'), NY)).toMatchObject({ month: '4', day: '1' });
  });

  it('says the choice in words', () => {
    expect(describeChoice(fieldsOf({ year: 2030, month: 3, day: 14, hour: 16, minute: 30 }), NOW, NY)).toBe('Today 4:30 PM');
    expect(describeChoice(fieldsOf({ year: 2030, month: 3, day: 15, hour: 9, minute: 0 }), NOW, NY)).toBe('Tomorrow 9:00 AM');
    expect(describeChoice(EMPTY_SCHEDULE, NOW, NY)).toBeNull();
  });

  it('rolls the year range: this year to this year + 4', () => {
    expect(yearRange(Date.parse('2030-06-01T00:00:00Z'))).toEqual({ min: 2030, max: 2034 });
    expect(yearRange(Date.parse('2031-06-01T00:00:00Z'))).toEqual({ min: 2031, max: 2035 });
  });
});

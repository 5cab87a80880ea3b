import { describe, expect, it } from 'vitest';
import { promiseTime } from './promise-time';

const NY = { storeTimeZone: 'America/New_York', immediateWindowMs: 60 * 60_000, promiseGraceMs: 15 * 60_000 };
const at = (date: string, time: string, settings = NY, now = new Date('2026-01-01T12:00:00Z')) =>
  promiseTime({ scheduledDate: date, scheduledTime: time, isImmediate: false }, settings, now);

describe('promiseTime', () => {
  it('when a date and time are given, then they are read in the store time zone, on either side of a daylight-saving change', () => {
    // New York is UTC−5 in winter and UTC−4 from 8 March 2026 (2:00 → 3:00).
    expect(at('3/7/2026', '4:30 PM')).toMatchObject({ ok: true, promisedAt: new Date('2026-03-07T21:30:00Z') });
    expect(at('3/9/2026', '4:30 PM')).toMatchObject({ ok: true, promisedAt: new Date('2026-03-09T20:30:00Z') });
    // 12 AM is midnight and 12 PM noon.
    expect(at('3/9/2026', '12:00 AM')).toMatchObject({ promisedAt: new Date('2026-03-09T04:00:00Z') });
    expect(at('3/9/2026', '12:05 PM')).toMatchObject({ promisedAt: new Date('2026-03-09T16:05:00Z') });
    // The same wall time is another instant in another zone.
    expect(at('3/9/2026', '4:30 PM', { ...NY, storeTimeZone: 'Europe/London' })).toMatchObject({
      promisedAt: new Date('2026-03-09T16:30:00Z'),
    });
  });

  it('when the wall time falls in the spring-forward gap or the autumn repeat, then it is still one definite instant', () => {
    // 2:30 AM does not exist on 8 March 2026 in New York: it moves on by the hour skipped.
    expect(at('3/8/2026', '2:30 AM')).toMatchObject({ ok: true, promisedAt: new Date('2026-03-08T07:30:00Z') });
    // 1:30 AM happens twice on 1 November 2026: the second (standard time, UTC−5), the later of the two.
    expect(at('11/1/2026', '1:30 AM')).toMatchObject({ ok: true, promisedAt: new Date('2026-11-01T06:30:00Z') });
  });

  it('when the promise is made, then the deadline adds the grace period, fractions of a minute included', () => {
    const result = at('3/9/2026', '4:30 PM', { ...NY, promiseGraceMs: 0.5 * 60_000 });
    expect(result).toMatchObject({ deadlineAt: new Date('2026-03-09T20:30:30Z') });
  });

  it('when it is Immediately, then it promises now plus the window', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const result = promiseTime(
      { scheduledDate: 'Immediately', scheduledTime: '', isImmediate: true },
      { ...NY, immediateWindowMs: 90_000 },
      now,
    );
    expect(result).toEqual({ ok: true, promisedAt: new Date('2026-05-01T12:01:30Z'), deadlineAt: new Date('2026-05-01T12:16:30Z') });
  });

  it.each([
    ['2/30/2026', '4:30 PM', 'February 2026 has 28 days'],
    ['2/29/2027', '4:30 PM', 'February 2027 has 28 days'],
    ['13/1/2026', '4:30 PM', 'The month must be between 1 and 12'],
    ['4/31/2026', '4:30 PM', 'April 2026 has 30 days'],
    ['12/31/2025', '11:59 PM', 'That time has already passed: choose a time from now on'],
    ['3/9/2026', '13:00 PM', 'The hour must be between 1 and 12'],
  ])('when the date is %s %s, then it is refused: %s', (date, time, message) => {
    expect(at(date, time)).toMatchObject({ ok: false, message });
  });

  it('when it is a leap day of a leap year, then it is accepted', () => {
    expect(at('2/29/2028', '9:00 AM')).toMatchObject({ ok: true });
  });

  it('when the year is past this year + 4 in the store zone, then it is refused; the limit rolls with the clock', () => {
    expect(at('12/31/2030', '4:30 PM')).toMatchObject({ ok: true });
    expect(at('1/1/2031', '4:30 PM')).toEqual({ ok: false, field: 'date', message: 'The year must be 2030 or earlier' });
    expect(at('1/1/2031', '4:30 PM', NY, new Date('2027-06-01T12:00:00Z'))).toMatchObject({ ok: true });
  });
});

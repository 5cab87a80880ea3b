import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APPROVAL_RANGES,
  EMPTY_SCHEDULE,
  MISSING_SCHEDULE_MESSAGE,
  PICKUP_RANGES,
  approvalSchedule,
  approvalScheduleComplete,
  clampField,
  pickupSchedule,
  scheduledMillis,
  scheduleProblem,
  setImmediately,
  type ScheduleFields,
} from './schedule';
import { PAST_PROMISE_MESSAGE } from '@/domain/schedule-date';

const full: ScheduleFields = { immediately: false, month: '3', day: '7', year: '2026', hour: '4', minute: '5', meridiem: 'PM' };

// The year range rolls with the clock: these tests run in mid-2026, so it is 2026-2030.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 5, 1));
});
afterAll(() => vi.useRealTimers());

describe('approval scheduling: Immediately, or a full date (this year to this year + 4) and time', () => {
  it('when Immediately is chosen, then the form is complete and sends Immediately with an empty time', () => {
    const fields = { ...EMPTY_SCHEDULE, immediately: true };
    expect(approvalScheduleComplete(fields)).toBe(true);
    expect(approvalSchedule(fields)).toEqual({ scheduledDate: 'Immediately', scheduledTime: '', isImmediateSchedule: true });
  });

  it('when every field is filled, then it sends M/D/YYYY and h:mm AM/PM', () => {
    expect(approvalSchedule(full)).toEqual({ scheduledDate: '3/7/2026', scheduledTime: '4:05 PM', isImmediateSchedule: false });
  });

  it.each(['month', 'day', 'year', 'hour', 'minute'] as const)('when %s is empty, then Confirm stays disabled', (field) => {
    expect(approvalScheduleComplete({ ...full, [field]: '' })).toBe(false);
    expect(approvalSchedule({ ...full, [field]: '' })).toBeNull();
  });

  it('when a value is out of range, then the form is incomplete', () => {
    expect(approvalScheduleComplete({ ...full, month: '13' })).toBe(false);
    expect(approvalScheduleComplete({ ...full, day: '32' })).toBe(false);
    expect(approvalScheduleComplete({ ...full, year: '2025' })).toBe(false);
    expect(approvalScheduleComplete({ ...full, year: '2031' })).toBe(false);
    expect(approvalScheduleComplete({ ...full, year: '2030' })).toBe(true);
    expect(approvalScheduleComplete({ ...full, minute: '0' })).toBe(true);
  });

  it('when hour or minute is typed out of range, then it is clamped', () => {
    expect(clampField('13', APPROVAL_RANGES.hour)).toBe('12');
    expect(clampField('0', APPROVAL_RANGES.hour)).toBe('1');
    expect(clampField('75', APPROVAL_RANGES.minute)).toBe('59');
    expect(clampField('-3', APPROVAL_RANGES.minute)).toBe('3');
    expect(clampField('', APPROVAL_RANGES.minute)).toBe('');
    expect(clampField('07', APPROVAL_RANGES.minute)).toBe('7');
  });
});

describe('pickup scheduling: Immediately, or a full date (this year to this year + 4) and time', () => {
  it('when a field is missing, then it answers the Missing Information error', () => {
    expect(pickupSchedule({ ...full, hour: '' })).toEqual({ ok: false, message: MISSING_SCHEDULE_MESSAGE });
    expect(MISSING_SCHEDULE_MESSAGE).toBe('Missing Information: Please fill in all date and time fields before scheduling');
  });

  it('when the year is before this year or after this year + 4, then it is refused; the range rolls with the clock', () => {
    expect(pickupSchedule({ ...full, year: '2025' }).ok).toBe(false);
    expect(pickupSchedule({ ...full, year: '2026' }).ok).toBe(true);
    expect(pickupSchedule({ ...full, year: '2030' }).ok).toBe(true);
    expect(pickupSchedule({ ...full, year: '2031' }).ok).toBe(false);
    expect(PICKUP_RANGES.year).toEqual({ min: 2026, max: 2030 });
    // In 2031 the app still works: 2031-2035.
    vi.setSystemTime(new Date(2031, 0, 2));
    expect(APPROVAL_RANGES.year).toEqual({ min: 2031, max: 2035 });
    expect(pickupSchedule({ ...full, year: '2035' }).ok).toBe(true);
    vi.setSystemTime(new Date(2026, 5, 1));
  });

  it('when complete, then it sends the date, the time and isImmediate false', () => {
    expect(pickupSchedule({ ...full, meridiem: 'AM', hour: '12', minute: '30' })).toEqual({
      ok: true,
      schedule: { scheduledDate: '3/7/2026', scheduledTime: '12:30 AM', isImmediate: false },
    });
  });

  it('when Immediately is ticked, then date and time are cleared and it schedules Immediately', () => {
    const ticked = setImmediately(full, true);
    expect(ticked).toMatchObject({ immediately: true, month: '', day: '', year: '', hour: '', minute: '' });
    expect(pickupSchedule(ticked)).toEqual({ ok: true, schedule: { scheduledDate: 'Immediately', scheduledTime: '', isImmediate: true } });
    expect(setImmediately(ticked, false).immediately).toBe(false);
  });
});

describe('stored schedules', () => {
  it('reads M/D/YYYY h:mm AM/PM as a local time', () => {
    expect(scheduledMillis('3/7/2026', '4:05 PM')).toBe(new Date(2026, 2, 7, 16, 5).getTime());
    expect(scheduledMillis('3/7/2026', '12:00 AM')).toBe(new Date(2026, 2, 7, 0, 0).getTime());
    expect(scheduledMillis('Immediately', '')).toBeNull();
  });
});

describe('what is wrong with a schedule, said next to the field', () => {
  const now = new Date(2026, 10, 22, 18, 40);
  const at = (patch: Partial<ScheduleFields>): ScheduleFields => ({ ...full, month: '3', day: '7', year: '2027', ...patch });

  it('when 2/30 is typed, then the date says February has 28 days', () => {
    expect(scheduleProblem(at({ month: '2', day: '30', year: '2027' }), APPROVAL_RANGES, now)).toEqual({
      field: 'date',
      part: 'day',
      message: 'February 2027 has 28 days',
    });
  });

  it('when month 13 is typed, then the date says so before the rest is filled in', () => {
    expect(scheduleProblem({ ...EMPTY_SCHEDULE, month: '13' }, APPROVAL_RANGES, now)).toEqual({
      field: 'date',
      part: 'month',
      message: 'The month must be between 1 and 12',
    });
  });

  it('when the year is 2019, then the date names the allowed years', () => {
    expect(scheduleProblem(at({ year: '2019' }), APPROVAL_RANGES, now)?.message).toBe('The year must be between 2026 and 2030');
    expect(scheduleProblem(at({ year: '2019' }), PICKUP_RANGES, now)?.message).toBe('The year must be between 2026 and 2030');
  });

  it('when the day has passed, then the date says the time has passed; earlier today, the time says it', () => {
    expect(scheduleProblem(at({ month: '11', day: '21', year: '2026' }), APPROVAL_RANGES, now)).toEqual({
      field: 'date',
      message: PAST_PROMISE_MESSAGE,
    });
    expect(
      scheduleProblem(at({ month: '11', day: '22', year: '2026', hour: '6', minute: '0', meridiem: 'PM' }), APPROVAL_RANGES, now),
    ).toEqual({
      field: 'time',
      message: PAST_PROMISE_MESSAGE,
    });
  });

  it('when the time is later today, in the current minute, or Immediately, then nothing is wrong', () => {
    expect(
      scheduleProblem(at({ month: '11', day: '22', year: '2026', hour: '7', minute: '0', meridiem: 'PM' }), APPROVAL_RANGES, now),
    ).toBeNull();
    expect(
      scheduleProblem(at({ month: '11', day: '22', year: '2026', hour: '6', minute: '40', meridiem: 'PM' }), APPROVAL_RANGES, now),
    ).toBeNull();
    expect(scheduleProblem({ ...EMPTY_SCHEDULE, immediately: true }, APPROVAL_RANGES, now)).toBeNull();
  });

  it('while the year is still being typed, then nothing is reported yet', () => {
    expect(scheduleProblem(at({ year: '20' }), APPROVAL_RANGES, now)).toBeNull();
  });
});

describe('the past-time check in the store time zone', () => {
  it('when the device is in another zone, then "past" is judged by the store clock', () => {
    // 4:10 PM in New York (20:10 UTC).
    const now = new Date(Date.parse('2026-11-22T21:10:00.000Z'));
    const fields = (hour: string, meridiem: 'AM' | 'PM'): ScheduleFields => ({
      ...full,
      month: '11',
      day: '22',
      year: '2026',
      hour,
      minute: '30',
      meridiem,
    });
    expect(scheduleProblem(fields('4', 'PM'), APPROVAL_RANGES, now, 'America/New_York')).toBeNull();
    expect(scheduleProblem(fields('3', 'PM'), APPROVAL_RANGES, now, 'America/New_York')?.message).toBe(PAST_PROMISE_MESSAGE);
    // The same 4:30 PM read in Tokyo has long passed.
    expect(scheduleProblem(fields('4', 'PM'), APPROVAL_RANGES, now, 'Asia/Tokyo')?.message).toBe(PAST_PROMISE_MESSAGE);
  });
});

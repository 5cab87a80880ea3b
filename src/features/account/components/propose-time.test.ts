import { describe, expect, it } from 'vitest';
import { toSchedule } from './propose-time';

describe('toSchedule', () => {
  it('turns a datetime-local value into the store’s date and time', () => {
    expect(toSchedule('2030-03-14T16:30')).toEqual({ scheduledDate: '3/14/2030', scheduledTime: '4:30 PM' });
    expect(toSchedule('2030-01-02T00:05')).toEqual({ scheduledDate: '1/2/2030', scheduledTime: '12:05 AM' });
    expect(toSchedule('2030-01-02T12:00')).toEqual({ scheduledDate: '1/2/2030', scheduledTime: '12:00 PM' });
    expect(toSchedule('')).toBeNull();
  });
});

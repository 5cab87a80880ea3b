import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

// Local noon, so the calendar date is the same in every time zone the tests may run in.
const noon = new Date(2026, 10, 21, 12, 5).toISOString();

describe('formatDate / formatDateTime', () => {
  it('when given a stored time, then they write it the way players and admins read it', () => {
    expect(formatDate(noon)).toBe('Nov 21, 2026');
    expect(formatDateTime(noon)).toBe('Nov 21, 2026, 12:05 PM');
  });

  it('when the time is missing, then they write nothing; when it is not a date, then they keep the text', () => {
    for (const format of [formatDate, formatDateTime]) {
      expect(format(null)).toBe('');
      expect(format(undefined)).toBe('');
      expect(format('')).toBe('');
      expect(format('soon')).toBe('soon');
    }
  });
});

import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { countValue, dayValue } from './dashboard-chart';

const plot = {} as uPlot;

describe("the dashboard chart's legend (issue 52.5: it read 'Time: -- Requests: --' on a phone)", () => {
  it('when no day is chosen, then its values are blank; once one is, they are the day and its counts', () => {
    expect(dayValue(plot, null)).toBe('');
    expect(countValue(plot, null)).toBe('');
    expect(dayValue(plot, Date.parse('2026-03-14T12:00:00Z') / 1000)).toMatch(/Mar 14|14 Mar/);
    expect(countValue(plot, 3)).toBe('3');
  });
});

import { describe, expect, it } from 'vitest';
import { stepTitle } from './history-timeline';

describe('stepTitle', () => {
  it('when a step keeps its status, then it reads as a reschedule with the times, never Approved → Approved', () => {
    const steps = [
      { from: 'pending', to: 'approved', note: null },
      { from: 'approved', to: 'approved', note: 'Drop rescheduled to 3/14/2030 at 4:30 PM.' },
      { from: 'approved', to: 'approved', note: 'Drop rescheduled to 3/14/2030 at 5:00 PM.' },
      { from: 'approved', to: 'completed', note: null },
      { from: 'scheduled', to: 'no-show', note: null },
    ];
    expect(steps.map((_, index) => stepTitle(steps, index))).toEqual([
      'Requested → Approved',
      'Rescheduled to 3/14/2030 at 4:30 PM',
      'Rescheduled from 3/14/2030 at 4:30 PM to 3/14/2030 at 5:00 PM',
      'Approved → Completed',
      'Scheduled → Player did not show',
    ]);
    expect(stepTitle([{ from: 'approved', to: 'approved' }], 0)).toBe('Rescheduled');
  });
});

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
    expect(stepTitle([{ from: 'approved', to: 'approved' }], 0)).toBe('Approved: updated');
  });

  it('when a step is a no-show, a proposal nobody answered, a declined one or a dispute, then it reads so, never "Rescheduled" (issue 47.8)', () => {
    const steps = [
      {
        from: 'approved',
        to: 'approved',
        note: 'New drop time proposed: 3/14/2030 at 5:00 PM. The current promise stands until the player accepts.',
      },
      { from: 'approved', to: 'approved', note: 'Proposed time 3/14/2030 at 5:00 PM declined; the promised time stands.' },
      { from: 'approved', to: 'approved', note: 'The player did not show. No store credit is owed unless a dispute is upheld.' },
      { from: 'approved', to: 'approved', note: 'The player disputed the no-show: I was there' },
      { from: 'approved', to: 'approved', note: 'Dispute dismissed: The admin waited.' },
      { from: 'approved', to: 'approved', note: 'Drop rescheduled to 3/14/2030 at 5:00 PM (proposed by Admin, accepted by noa).' },
    ];
    expect(steps.map((_, index) => stepTitle(steps, index))).toEqual([
      'New time proposed',
      'Proposed time declined',
      'No-show recorded',
      'No-show disputed',
      'Dispute dismissed',
      'Rescheduled to 3/14/2030 at 5:00 PM',
    ]);
    // The server's own title wins.
    expect(stepTitle([{ from: 'approved', to: 'approved', note: null, title: 'Dispute upheld' }], 0)).toBe('Dispute upheld');
  });
});

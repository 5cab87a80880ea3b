import { describe, expect, it } from 'vitest';
import { readPickup, readRequest, makeSubmission } from '../testing/fixtures';
import { countdownText, dueNowEntries, overdueCount } from './due-now';

const NOW = Date.parse('2030-03-14T16:00:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('dueNowEntries', () => {
  it('when drops and pickups have open promises, then they come earliest deadline first, overdue ones leading', () => {
    const later = readRequest({ status: 'approved', promiseStatus: 'open', promisedAt: at(90) });
    const overdue = readRequest({ status: 'approved', promiseStatus: 'open', promisedAt: at(-10) });
    const pickup = readPickup(makeSubmission({ submittedBy: 'sally' }), { promiseStatus: 'open', promisedAt: at(20) });
    const oldestOverdue = readPickup(makeSubmission({ submittedBy: 'olly' }), { promiseStatus: 'open', promisedAt: at(-30) });
    const entries = dueNowEntries([later, overdue], [pickup, oldestOverdue]);
    expect(entries.map((entry) => entry.key)).toEqual([
      `pickup-${oldestOverdue.id}`,
      `drop-${overdue.id}`,
      `pickup-${pickup.id}`,
      `drop-${later.id}`,
    ]);
    expect(overdueCount(entries, NOW)).toBe(2);
    expect(entries[0].player).toBe('olly');
  });

  it('when a promise is kept, not yet made, or the record is closed (even after a miss or a no-show), then it is not due', () => {
    const entries = dueNowEntries(
      [
        readRequest({ status: 'pending' }),
        readRequest({ status: 'completed', promiseStatus: 'kept', promisedAt: at(5) }),
        readRequest({ status: 'completed', promiseStatus: 'missed', promisedAt: at(-60) }),
        readRequest({ status: 'rejected', promiseStatus: 'open', promisedAt: at(5) }),
        readRequest({ status: 'rejected', promiseStatus: 'no-show', promisedAt: at(-60) }),
      ],
      [
        readPickup(makeSubmission(), { completed: true, promiseStatus: 'kept', promisedAt: at(5) }),
        readPickup(makeSubmission(), { completed: true, promiseStatus: 'no-show', promisedAt: at(-60) }),
        readPickup(makeSubmission(), { promiseStatus: 'rescheduled', promisedAt: at(5) }),
      ],
    );
    expect(entries).toEqual([]);
  });

  it('when a drop or pickup was missed or a no-show and its items are still owed, then it stays, marked, after the open ones and not counted overdue (issue 47.7)', () => {
    const missed = readRequest({ status: 'approved', promiseStatus: 'missed', promisedAt: at(-120) });
    const noShow = readPickup(makeSubmission({ submittedBy: 'nina' }), { promiseStatus: 'no-show', promisedAt: at(-90) });
    const open = readRequest({ status: 'approved', promiseStatus: 'open', promisedAt: at(-10) });
    const entries = dueNowEntries([missed, open], [noShow]);
    expect(entries.map((entry) => [entry.key, entry.state])).toEqual([
      [`drop-${open.id}`, 'open'],
      [`drop-${missed.id}`, 'missed'],
      [`pickup-${noShow.id}`, 'no-show'],
    ]);
    expect(overdueCount(entries, NOW)).toBe(1);
    expect(entries[2].player).toBe('nina');
  });

  it('when two promises fall at the same minute, then drops come before pickups and lower numbers first', () => {
    const b = readRequest({ status: 'approved', promiseStatus: 'open', promisedAt: at(5) });
    const a = readRequest({ status: 'approved', promiseStatus: 'open', promisedAt: at(5) });
    const pickup = readPickup(makeSubmission(), { promiseStatus: 'open', promisedAt: at(5) });
    expect(dueNowEntries([a, b], [pickup]).map((entry) => entry.kind)).toEqual(['drop', 'drop', 'pickup']);
    expect(dueNowEntries([a, b], []).map((entry) => entry.id)).toEqual([b.id, a.id].sort((x, y) => x - y));
  });
});

describe('countdownText', () => {
  it('counts down to the deadline and up past it', () => {
    expect(countdownText(NOW + 90 * 60_000, NOW)).toBe('in 1 h 30 min');
    expect(countdownText(NOW + 42 * 60_000 + 10_000, NOW)).toBe('in 42 min');
    expect(countdownText(NOW + 61_000, NOW)).toBe('in 1:01');
    expect(countdownText(NOW, NOW)).toBe('due now');
    expect(countdownText(NOW - 3 * 60_000, NOW)).toBe('overdue 3:00');
    expect(countdownText(NOW - 26 * 3600_000, NOW)).toBe('overdue 1 d 2 h');
  });
});

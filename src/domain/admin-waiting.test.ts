import { describe, expect, it } from 'vitest';
import { adminWaiting, promiseDueAt } from './admin-waiting';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('adminWaiting (the Admin button, the app icon badge and Due now count the same)', () => {
  it('when requests and submissions are pending and promises are overdue, then each counts once in the total', () => {
    const waiting = adminWaiting(
      {
        requests: [
          { status: 'pending' },
          { status: 'approved', promiseStatus: 'open', promisedAt: at(-1) },
          { status: 'approved', promiseStatus: 'open', promisedAt: at(10) },
          { status: 'completed', promiseStatus: 'open', promisedAt: at(-1) },
        ],
        submissions: [
          { id: 1, status: 'pending' },
          { id: 2, status: 'pending' },
          { id: 3, status: 'scheduled' },
        ],
        pickups: [
          { completed: false, promiseStatus: 'open', promisedAt: at(0) },
          { completed: false, promiseStatus: 'missed', promisedAt: at(-30) },
          { completed: true, promiseStatus: 'open', promisedAt: at(-30) },
        ],
      },
      NOW,
    );
    expect(waiting).toEqual({ pendingRequests: 1, pendingSubmissions: 2, overdue: 2, total: 5 });
  });

  it('when this device just scheduled a submission, then it no longer waits', () => {
    const submissions = [
      { id: 1, status: 'pending' },
      { id: 2, status: 'pending' },
    ];
    expect(adminWaiting({ submissions }, NOW, new Set([2])).pendingSubmissions).toBe(1);
  });

  it('when the lists are not loaded, then nothing waits', () => {
    expect(adminWaiting({}, NOW).total).toBe(0);
  });

  it('a promise is due only while open: a drop approved, a pickup not collected, with a valid time', () => {
    expect(promiseDueAt({ status: 'approved', promiseStatus: 'open', promisedAt: at(5) })).toBe(NOW + 5 * 60_000);
    expect(promiseDueAt({ status: 'approved', promiseStatus: 'open', promisedAt: 'soon' })).toBeNull();
    expect(promiseDueAt({ status: 'approved', promiseStatus: null, promisedAt: at(5) })).toBeNull();
    expect(promiseDueAt({ completed: true, promiseStatus: 'open', promisedAt: at(5) })).toBeNull();
  });
});

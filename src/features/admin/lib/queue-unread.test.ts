import { describe, expect, it } from 'vitest';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import type { ItemSubmission } from '@/domain/schemas/submissions';
import { queueUnread } from './queue-unread';

const request = (id: number, status: PurchaseRequest['status']) => ({ id, status }) as PurchaseRequest;
const submission = (id: number, status: ItemSubmission['status']) => ({ id, status }) as ItemSubmission;
const pickup = (submissionId: number, completed: boolean, paid: boolean) => ({ submissionId, completed, paid }) as ScheduledPickup;

describe('queueUnread', () => {
  it('when threads have unread messages, then each counts in the queue its deal is in now', () => {
    const counts = queueUnread(
      {
        total: 0,
        threads: [
          { subjectType: 'purchase-request', subjectId: 1, count: 2 },
          { subjectType: 'purchase-request', subjectId: 2, count: 1 },
          { subjectType: 'purchase-request', subjectId: 3, count: 4 },
          { subjectType: 'submission', subjectId: 10, count: 1 },
          { subjectType: 'submission', subjectId: 11, count: 3 },
          { subjectType: 'submission', subjectId: 12, count: 5 },
          { subjectType: 'submission', subjectId: 13, count: 6 },
          { subjectType: 'submission', subjectId: 14, count: 7 },
          // A deal not in the loaded lists counts nowhere.
          { subjectType: 'submission', subjectId: 99, count: 9 },
        ],
      },
      {
        requests: [request(1, 'pending'), request(2, 'approved'), request(3, 'completed')],
        submissions: [submission(10, 'pending'), submission(11, 'rejected'), submission(12, 'scheduled')],
        pickups: [pickup(12, false, false), pickup(13, true, false), pickup(14, true, true)],
      },
    );
    expect(counts).toEqual({ pending: 2, approved: 1, completed: 4, submissions: 1, denied: 3, pickups: 5, collected: 6, paid: 7 });
  });

  it('when the counts are not loaded, then no queue has a count', () => {
    expect(queueUnread(undefined, {})).toEqual({});
  });
});

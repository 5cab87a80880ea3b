import { describe, expect, it } from 'vitest';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { ItemSubmission } from '@/domain/schemas/submissions';
import { makeSubmission } from '../testing/fixtures';
import {
  EMPTY_MEMORY,
  pruneMemory,
  readMemory,
  rememberPickup,
  SCHEDULED_PICKUPS_KEY,
  SCHEDULED_SUBMISSION_IDS_KEY,
  visiblePending,
  writeMemory,
  type MemoryStorage,
  type ServerView,
} from './scheduled-memory';

function fakeStorage(initial: Record<string, string> = {}): MemoryStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const submission = (id: number, status: ItemSubmission['status'] = 'pending'): ItemSubmission => makeSubmission({ id, status });

const pickup = (id: number, submissionId: number): ScheduledPickup => ({
  id,
  submissionId,
  scheduledDate: 'Immediately',
  scheduledTime: '',
  isImmediate: true,
  completed: false,
  completedAt: null,
  collectedAt: null,
  paid: false,
  paidAt: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  promisedAt: null,
  promiseStatus: null,
  agreedPrice: null,
  submission: submission(submissionId, 'scheduled'),
});

const STORED_AT = 1_000;
const remembered = rememberPickup(EMPTY_MEMORY, pickup(90, 7), STORED_AT);

const view = (over: Partial<ServerView>): ServerView => ({
  submissions: undefined,
  submissionsUpdatedAt: 0,
  pickups: undefined,
  pickupsUpdatedAt: 0,
  ...over,
});

describe('scheduled memory: locally stored scheduledPickups / scheduledSubmissionIds hide just-scheduled submissions', () => {
  it('when a pickup is scheduled, then its submission id and the pickup (without the submission) are stored under the spec keys', () => {
    const storage = fakeStorage();
    writeMemory(storage, remembered);
    expect(JSON.parse(storage.items.get(SCHEDULED_SUBMISSION_IDS_KEY)!)).toEqual([7]);
    const stored = JSON.parse(storage.items.get(SCHEDULED_PICKUPS_KEY)!) as Array<Record<string, unknown>>;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: 90, submissionId: 7, scheduledDate: 'Immediately', storedAt: STORED_AT });
    expect(stored[0]).not.toHaveProperty('submission');
    expect(readMemory(storage)).toEqual(remembered);
  });

  it('when the same pickup is remembered twice, then it is stored once', () => {
    expect(rememberPickup(remembered, pickup(90, 7), 2_000)).toEqual({
      submissionIds: [7],
      pickups: [expect.objectContaining({ id: 90, storedAt: 2_000 })],
    });
  });

  it('when the stored values are unreadable, then the memory is empty', () => {
    expect(readMemory(fakeStorage({ [SCHEDULED_SUBMISSION_IDS_KEY]: '{oops', [SCHEDULED_PICKUPS_KEY]: '"x"' }))).toEqual(EMPTY_MEMORY);
    expect(readMemory(fakeStorage({ [SCHEDULED_SUBMISSION_IDS_KEY]: '[3, "4", -1, 3]' }))).toEqual({ submissionIds: [3], pickups: [] });
  });

  it('when the memory empties, then both keys are removed', () => {
    const storage = fakeStorage();
    writeMemory(storage, remembered);
    writeMemory(storage, EMPTY_MEMORY);
    expect(storage.items.size).toBe(0);
  });

  it('hides a remembered submission from the pending list at once, even while the server still says pending', () => {
    expect(visiblePending([submission(7), submission(8), submission(9, 'rejected')], remembered).map((s) => s.id)).toEqual([8]);
  });

  it('when no server answer is newer than the schedule, then the id is kept', () => {
    const stale = view({ submissions: [submission(7)], submissionsUpdatedAt: STORED_AT - 5, pickups: [], pickupsUpdatedAt: STORED_AT - 5 });
    expect(pruneMemory(remembered, stale)).toBe(remembered);
    expect(pruneMemory(remembered, view({}))).toBe(remembered);
  });

  it('when newer data shows the submission scheduled, then the id and its pickup are pruned (redundant)', () => {
    const fresh = view({
      submissions: [submission(7, 'scheduled')],
      submissionsUpdatedAt: STORED_AT + 5,
      pickups: [pickup(90, 7)],
      pickupsUpdatedAt: STORED_AT + 5,
    });
    expect(pruneMemory(remembered, fresh)).toEqual(EMPTY_MEMORY);
  });

  it('when newer data shows the submission pending with no pickup, then it is genuinely pending and shows again', () => {
    const fresh = view({ submissions: [submission(7)], submissionsUpdatedAt: STORED_AT + 5, pickups: [], pickupsUpdatedAt: STORED_AT + 5 });
    const pruned = pruneMemory(remembered, fresh);
    expect(pruned).toEqual(EMPTY_MEMORY);
    expect(visiblePending(fresh.submissions, pruned).map((s) => s.id)).toEqual([7]);
  });

  it('when newer data still lists it pending but also lists its pickup, then it stays hidden (pending-and-scheduled)', () => {
    const fresh = view({
      submissions: [submission(7)],
      submissionsUpdatedAt: STORED_AT + 5,
      pickups: [pickup(90, 7)],
      pickupsUpdatedAt: STORED_AT + 5,
    });
    expect(pruneMemory(remembered, fresh)).toBe(remembered);
  });

  it('when the pickups were not answered since the schedule, then a submission the server calls pending is not hidden on their account', () => {
    const fresh = view({
      submissions: [submission(7)],
      submissionsUpdatedAt: STORED_AT + 5,
      pickups: [pickup(90, 7)],
      pickupsUpdatedAt: STORED_AT - 5,
    });
    expect(pruneMemory(remembered, fresh)).toEqual(EMPTY_MEMORY);
  });

  it('when the submission is gone or rejected, then the id is pruned', () => {
    expect(pruneMemory(remembered, view({ submissions: [], submissionsUpdatedAt: STORED_AT + 5 }))).toEqual(EMPTY_MEMORY);
    expect(pruneMemory(remembered, view({ submissions: [submission(7, 'rejected')], submissionsUpdatedAt: STORED_AT + 5 }))).toEqual(
      EMPTY_MEMORY,
    );
  });

  it('an id stored without its pickup (another writer, an old version) is pruned by the first answer unless pending-and-scheduled', () => {
    const bare = { submissionIds: [7, 8], pickups: [] };
    const answer = view({
      submissions: [submission(7), submission(8)],
      submissionsUpdatedAt: 1,
      pickups: [pickup(91, 8)],
      pickupsUpdatedAt: 1,
    });
    expect(pruneMemory(bare, answer)).toEqual({ submissionIds: [8], pickups: [] });
  });
});

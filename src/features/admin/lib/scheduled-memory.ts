import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { ItemSubmission } from '@/domain/schemas/submissions';

// Once POST /api/scheduled-pickups answers ok, the admin app stores the new pickup and its submission id
// locally (scheduledPickups, scheduledSubmissionIds) and hides that submission from the pending list.
// The server already moves the submission to 'scheduled' in the same transaction, so this memory only bridges
// the moment until the refetch lands. It is pruned as soon as server data newer than the schedule makes it
// redundant or wrong, so it can never hide a genuinely pending submission for good.

export const SCHEDULED_PICKUPS_KEY = 'scheduledPickups';
export const SCHEDULED_SUBMISSION_IDS_KEY = 'scheduledSubmissionIds';

export type MemoryStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A pickup as stored locally (without its submission object) and when it was stored (epoch ms). */
export type StoredPickup = Omit<ScheduledPickup, 'submission'> & { storedAt: number };

export interface ScheduledMemory {
  submissionIds: number[];
  pickups: StoredPickup[];
}

export const EMPTY_MEMORY: ScheduledMemory = { submissionIds: [], pickups: [] };

function parseJson(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

function isStoredPickup(value: unknown): value is StoredPickup {
  if (!value || typeof value !== 'object') return false;
  const pickup = value as Partial<StoredPickup>;
  return isId(pickup.id) && isId(pickup.submissionId) && typeof pickup.storedAt === 'number';
}

/** The stored memory; anything unreadable counts as empty. */
export function readMemory(storage: MemoryStorage): ScheduledMemory {
  try {
    const ids = parseJson(storage.getItem(SCHEDULED_SUBMISSION_IDS_KEY));
    const pickups = parseJson(storage.getItem(SCHEDULED_PICKUPS_KEY));
    return {
      submissionIds: Array.isArray(ids) ? [...new Set(ids.filter(isId))] : [],
      pickups: Array.isArray(pickups) ? pickups.filter(isStoredPickup) : [],
    };
  } catch {
    return EMPTY_MEMORY;
  }
}

/** Stores the memory; an empty one removes both keys. */
export function writeMemory(storage: MemoryStorage, memory: ScheduledMemory): void {
  try {
    if (memory.submissionIds.length === 0 && memory.pickups.length === 0) {
      storage.removeItem(SCHEDULED_SUBMISSION_IDS_KEY);
      storage.removeItem(SCHEDULED_PICKUPS_KEY);
      return;
    }
    storage.setItem(SCHEDULED_SUBMISSION_IDS_KEY, JSON.stringify(memory.submissionIds));
    storage.setItem(SCHEDULED_PICKUPS_KEY, JSON.stringify(memory.pickups));
  } catch {
    /* storage full or unavailable: the server's own status still hides scheduled submissions */
  }
}

/** Adds a pickup the server just created (POST /api/scheduled-pickups answered ok). */
export function rememberPickup(memory: ScheduledMemory, pickup: ScheduledPickup, now: number): ScheduledMemory {
  const { submission: _submission, ...stored } = pickup;
  return {
    submissionIds: [...memory.submissionIds.filter((id) => id !== pickup.submissionId), pickup.submissionId],
    pickups: [...memory.pickups.filter((kept) => kept.id !== pickup.id), { ...stored, storedAt: now }],
  };
}

/** What the server last answered, and when (React Query's dataUpdatedAt; 0 when not loaded yet). */
export interface ServerView {
  submissions: readonly ItemSubmission[] | undefined;
  submissionsUpdatedAt: number;
  pickups: readonly ScheduledPickup[] | undefined;
  pickupsUpdatedAt: number;
}

/**
 * Drops every id the server no longer reports as pending-and-scheduled. While the submissions list has not
 * been answered since the schedule, the id stays (that is the moment it bridges). After that it stays only if
 * the server still lists the submission as pending and a pickup for it — otherwise it is either scheduled
 * there already (redundant) or genuinely pending (hiding it would be wrong).
 */
export function pruneMemory(memory: ScheduledMemory, server: ServerView): ScheduledMemory {
  const storedAt = (id: number) =>
    Math.max(0, ...memory.pickups.filter((pickup) => pickup.submissionId === id).map((pickup) => pickup.storedAt));
  const keep = (id: number): boolean => {
    const since = storedAt(id);
    if (!server.submissions || server.submissionsUpdatedAt <= since) return true;
    const submission = server.submissions.find((candidate) => candidate.id === id);
    if (!submission || submission.status !== 'pending') return false;
    return !!server.pickups && server.pickupsUpdatedAt > since && server.pickups.some((pickup) => pickup.submissionId === id);
  };
  const submissionIds = memory.submissionIds.filter(keep);
  const pickups = memory.pickups.filter((pickup) => submissionIds.includes(pickup.submissionId));
  return submissionIds.length === memory.submissionIds.length && pickups.length === memory.pickups.length
    ? memory
    : { submissionIds, pickups };
}

/** The submissions the pending list shows: status pending and not just scheduled from this browser. */
export function visiblePending(submissions: readonly ItemSubmission[] | undefined, memory: ScheduledMemory): ItemSubmission[] {
  const hidden = new Set(memory.submissionIds);
  return (submissions ?? []).filter((submission) => submission.status === 'pending' && !hidden.has(submission.id));
}

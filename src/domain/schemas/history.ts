import * as z from 'zod/mini';
import { RECORD_KINDS } from '../record-kind';
import { ExpectedStatus } from './common';
import { ImageDataUrl } from './submissions';

/** The records that have a timeline: GET /api/history/{subject}/{id}. */
export const HISTORY_SUBJECTS = RECORD_KINDS;
export const HistorySubject = z.enum(HISTORY_SUBJECTS, 'The history is of a purchase-request, a submission or a pickup');
export type HistorySubject = z.infer<typeof HistorySubject>;

/** One step of a record's timeline, oldest first; a player sees admins as "Admin". */
export const HistoryEntry = z.object({
  from: z.nullable(z.string()),
  to: z.string(),
  /** How the step reads ('Approved → Completed', 'No-show recorded'): src/domain/history-wording.ts, issue 47.8. */
  title: z.optional(z.string()),
  actorName: z.string(),
  at: z.string(),
  note: z.nullable(z.string()),
  photoUrl: z.nullable(z.string()),
  thumbnailUrl: z.nullable(z.string()),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;
export const History = z.array(HistoryEntry);

/** Completing a drop or collecting a pickup: an optional photo taken at the handover and a note. */
export const HandoverBody = z.object({
  proofPhoto: z.optional(z.nullable(ImageDataUrl)),
  note: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500, 'The note is too long (at most 500 characters)')))),
  expectedStatus: ExpectedStatus,
});
export type HandoverBody = z.infer<typeof HandoverBody>;

/** A refused transition (409): the record's present status, and who moved it there and when. */
export const TransitionConflict = z.object({
  message: z.string(),
  current: z.object({ status: z.string(), actorName: z.nullable(z.string()), at: z.nullable(z.string()) }),
});
export type TransitionConflict = z.infer<typeof TransitionConflict>;

/**
 * PATCH …/{id}/no-show: the player did not come, inside the window (promised time … promised time + grace), with a
 * note and an optional photo taken at the spot.
 */
export const NoShowBody = z.object({
  note: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500, 'The note is too long (at most 500 characters)')))),
  proofPhoto: z.optional(z.nullable(ImageDataUrl)),
  expectedStatus: ExpectedStatus,
});
export type NoShowBody = z.infer<typeof NoShowBody>;

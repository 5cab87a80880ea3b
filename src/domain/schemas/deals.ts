import * as z from 'zod/mini';
import { UsdCents } from './money';
import { PROMISE_KINDS } from '../record-kind';
import { IdParam, RecordId, ScheduleDate, ScheduleTime } from './common';

/** The records that carry a promise: a purchase request's drop, a pickup. */
export const PROMISE_SUBJECTS = PROMISE_KINDS;
export const PromiseSubjectType = z.enum(PROMISE_SUBJECTS, "subjectType must be 'purchase-request' or 'pickup'");
export type PromiseSubjectType = z.infer<typeof PromiseSubjectType>;

const SubjectId = RecordId('subjectId must be the id of the purchase request or pickup');

/** POST /api/proposals: a new time for a drop or a pickup, by an admin or by the record's owner (DESIGN.md §10). */
export const CreateProposalBody = z.object({
  subjectType: PromiseSubjectType,
  subjectId: SubjectId,
  scheduledDate: ScheduleDate,
  scheduledTime: z._default(ScheduleTime, ''),
  isImmediate: z.optional(z.boolean()),
});
export type CreateProposalBody = z.infer<typeof CreateProposalBody>;

export const PROPOSAL_STATUSES = ['open', 'accepted', 'declined', 'withdrawn'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A proposed time; until accepted the old promise stands and its credit runs. */
export const Proposal = z.object({
  id: z.number(),
  subjectType: PromiseSubjectType,
  subjectId: z.number(),
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  isImmediate: z.boolean(),
  promisedAt: z.string(),
  /** Who proposed it; a player sees an admin as "Admin". */
  proposedBy: z.string(),
  proposedByRole: z.enum(['admin', 'player']),
  status: z.enum(PROPOSAL_STATUSES),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
  decidedBy: z.nullable(z.string()),
});
export type Proposal = z.infer<typeof Proposal>;
export const Proposals = z.array(Proposal);

/** GET /api/proposals: one record's proposals, or with neither field the open ones the session user may answer. */
export const ProposalQuery = z.object({
  subjectType: z.optional(PromiseSubjectType),
  subjectId: z.optional(IdParam),
  /** `own`: the open list also holds the viewer's side's proposals waiting for the other side (issue 47.6). */
  include: z.optional(z.literal('own', 'include may only be own')),
});

/** POST /api/disputes: the owner disputes a no-show within 48 hours. */
export const CreateDisputeBody = z.object({
  subjectType: PromiseSubjectType,
  subjectId: SubjectId,
  reason: z
    .string('Say what happened')
    .check(z.trim(), z.minLength(3, 'Say what happened'), z.maxLength(1000, 'Keep it under 1,000 characters')),
});
export type CreateDisputeBody = z.infer<typeof CreateDisputeBody>;

/** POST /api/admin/disputes/{id}/uphold or /dismiss (the super admin). */
export const DecideDisputeBody = z.object({
  note: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500, 'Keep the note under 500 characters')))),
});
export type DecideDisputeBody = z.infer<typeof DecideDisputeBody>;

/** How long after a no-show the player may dispute it. */
export const DISPUTE_WINDOW_MS = 48 * 3600_000;

export const DISPUTE_STATUSES = ['open', 'upheld', 'dismissed'] as const;

export const Dispute = z.object({
  id: z.number(),
  subjectType: PromiseSubjectType,
  subjectId: z.number(),
  /** A pickup's submission, whose conversation the pickup shares; null for a drop. */
  submissionId: z.nullable(z.number()),
  username: z.string(),
  reason: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
  decidedBy: z.nullable(z.string()),
  decisionNote: z.nullable(z.string()),
  /** The disputed promise: its time, when the no-show was recorded and by whom, and the 25% at stake (USD). */
  promisedAt: z.string(),
  noShowAt: z.nullable(z.string()),
  noShowBy: z.nullable(z.string()),
  credit: UsdCents,
});
export type Dispute = z.infer<typeof Dispute>;
export type DisputeJson = z.input<typeof Dispute>;
export const Disputes = z.array(Dispute);

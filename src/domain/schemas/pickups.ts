import * as z from 'zod/mini';
import { ScheduleDate, ScheduleTime } from './common';
import { ItemSubmission } from './submissions';

export const CreatePickupBody = z.object({
  submissionId: z.int('submissionId is required').check(z.gte(1, 'submissionId is required')),
  scheduledDate: ScheduleDate,
  scheduledTime: z._default(ScheduleTime, ''),
  isImmediate: z.optional(z.boolean()),
});
export type CreatePickupBody = z.infer<typeof CreatePickupBody>;

export const ScheduledPickup = z.object({
  id: z.number(),
  submissionId: z.number(),
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  isImmediate: z.boolean(),
  completed: z.boolean(),
  completedAt: z.nullable(z.string()),
  collectedAt: z.nullable(z.string()),
  paid: z.boolean(),
  paidAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** The admin view receives the submission object (spec §3 Scheduled pickup). */
  submission: z.optional(z.nullable(ItemSubmission)),
});
export type ScheduledPickup = z.infer<typeof ScheduledPickup>;

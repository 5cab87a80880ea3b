import * as z from 'zod/mini';
import { toCents } from '../money';
import { UsdCents } from './money';
import { ExpectedStatus, RecordId, ScheduleDate, ScheduleTime } from './common';
import { PromiseStatus } from './purchases';
import { ItemSubmission } from './submissions';

export const CreatePickupBody = z.object({
  submissionId: RecordId('submissionId must be the id of a submission'),
  scheduledDate: ScheduleDate,
  scheduledTime: z._default(ScheduleTime, ''),
  isImmediate: z.optional(z.boolean()),
  /**
   * The price agreed with the player for an item the catalogue has no price for (USD in the JSON, read as cents); used
   * by the promise credit.
   */
  agreedPrice: z.optional(
    z.nullable(
      z.pipe(
        z
          .number('The agreed price must be a number')
          .check(z.gt(0, 'The agreed price must be above $0'), z.lte(1_000_000, 'The agreed price is too large')),
        z.transform((usd: number) => toCents(usd)),
      ),
    ),
  ),
  /** The submission's status the admin saw ('pending'). */
  expectedStatus: ExpectedStatus,
});
export type CreatePickupBody = z.infer<typeof CreatePickupBody>;
export type CreatePickupBodyJson = z.input<typeof CreatePickupBody>;

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
  promisedAt: z.nullable(z.string()),
  promiseStatus: z.nullable(PromiseStatus),
  /** When the promise ended (kept, missed, rescheduled, no-show…); a no-show may be disputed for 48 hours from it. */
  promiseClosedAt: z.optional(z.nullable(z.string())),
  /** The agreed price (USD) of an item without a catalogue price, or null. */
  agreedPrice: z.nullable(UsdCents),
  /** The admin view receives the pickup's submission object in this field. */
  submission: z.optional(z.nullable(ItemSubmission)),
});
export type ScheduledPickup = z.infer<typeof ScheduledPickup>;
export const ScheduledPickups = z.array(ScheduledPickup);
export type ScheduledPickupJson = z.input<typeof ScheduledPickup>;

/** PATCH /api/scheduled-pickups/{id}/paid. */
export const MarkPaidBody = z.object({ expectedStatus: ExpectedStatus });
export type MarkPaidBody = z.infer<typeof MarkPaidBody>;

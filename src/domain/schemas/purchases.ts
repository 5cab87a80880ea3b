import * as z from 'zod/mini';
import { ClaimedTotalCents, PriceTextCents, UsdCents } from './money';
import { INVALID_EMAIL_MESSAGE, isEmailAddress } from '../email';
import { PROMISE_STATUSES } from '../promise';
import { PURCHASE_STATUSES } from '../state-machines';
import { RejectionReason } from './credit';
import { ExpectedStatus, Quantity, ScheduleDate, ScheduleTime } from './common';

/** A cart line as the shop sends it; the price is informational, the server reprices it. */
export const PurchaseItemInput = z.object({
  id: z.optional(z.union([z.string().check(z.maxLength(100)), z.number()])),
  name: z.string('Each item needs a name').check(z.trim(), z.minLength(1, 'Each item needs a name'), z.maxLength(120)),
  category: z.string('Each item needs a category').check(z.trim(), z.minLength(1, 'Each item needs a category'), z.maxLength(40)),
  price: z.optional(z.union([z.string().check(z.maxLength(40)), z.number()])),
  quantity: Quantity,
  subcategory: z.optional(z.nullable(z.string().check(z.maxLength(60)))),
  description: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
});
export type PurchaseItemInput = z.infer<typeof PurchaseItemInput>;

/** Items may arrive as a list or as a JSON string; both are accepted. */
export const PurchaseItemsField = z.pipe(
  z.pipe(
    z.union([z.array(z.unknown()), z.string()], 'items must be a list of items'),
    z.transform((value: unknown[] | string, ctx) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.issues.push({ code: 'custom', message: 'items is not valid JSON', input: value });
        return z.NEVER;
      }
    }),
  ),
  z.array(PurchaseItemInput).check(z.minLength(1, 'The cart is empty'), z.maxLength(200, 'Too many items in one request')),
);

export const CreatePurchaseRequestBody = z.object({
  requesterName: z.optional(z.string().check(z.maxLength(64))),
  items: PurchaseItemsField,
  totalPrice: ClaimedTotalCents,
  requestedAt: z.optional(z.string().check(z.maxLength(40))),
  // The address an admin writes to about this order: a valid one, or none.
  contactEmail: z.optional(
    z.nullable(
      z.string().check(
        z.trim(),
        z.maxLength(254),
        z.refine((text) => text === '' || isEmailAddress(text), INVALID_EMAIL_MESSAGE),
      ),
    ),
  ),
  /** Pay with the player's store credit first: the server applies min(balance, total). */
  applyCredit: z.optional(z.boolean()),
});
export type CreatePurchaseRequestBody = z.infer<typeof CreatePurchaseRequestBody>;
/** The body as the app sends it: its items a list, its `totalPrice` the dollars (or '$x' text) the server reads as cents. */
export type CreatePurchaseRequestJson = Omit<CreatePurchaseRequestBody, 'totalPrice'> & { totalPrice: z.input<typeof ClaimedTotalCents> };

/** A stored line: its price is the server's, written '$2.99' by the API and read as cents. */
export const PurchaseItem = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  price: PriceTextCents,
  quantity: z.number(),
  subcategory: z.optional(z.nullable(z.string())),
  description: z.optional(z.nullable(z.string())),
});
export type PurchaseItem = z.infer<typeof PurchaseItem>;
export type PurchaseItemJson = z.input<typeof PurchaseItem>;

export const PurchaseStatus = z.enum(PURCHASE_STATUSES);
export const PromiseStatus = z.enum(PROMISE_STATUSES);

export const PurchaseRequest = z.object({
  id: z.number(),
  requesterName: z.string(),
  items: z.array(PurchaseItem),
  totalPrice: UsdCents,
  totalItems: z.number(),
  contactEmail: z.nullable(z.string()),
  status: PurchaseStatus,
  createdAt: z.string(),
  requestedAt: z.nullable(z.string()),
  approvedAt: z.nullable(z.string()),
  rejectedAt: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
  rejectionReason: z.nullable(z.string()),
  scheduledDate: z.nullable(z.string()),
  scheduledTime: z.nullable(z.string()),
  isImmediateSchedule: z.boolean(),
  /** The promised drop time as an instant (ISO 8601), or null before a schedule. */
  promisedAt: z.nullable(z.string()),
  promiseStatus: z.nullable(PromiseStatus),
  /** When the promise ended (kept, missed, rescheduled, no-show…); a no-show may be disputed for 48 hours from it. */
  promiseClosedAt: z.optional(z.nullable(z.string())),
  /** Store credit used for this request, and what is left to pay (USD in the API, cents once read). */
  creditApplied: UsdCents,
  amountDue: UsdCents,
});
export type PurchaseRequest = z.infer<typeof PurchaseRequest>;
/** Lists of them (GET /api/purchase-requests, /api/user-purchase-requests/{username}). */
export const PurchaseRequests = z.array(PurchaseRequest);
/** A purchase request as the API writes it (dollars and '$2.99' texts). */
export type PurchaseRequestJson = z.input<typeof PurchaseRequest>;

/** PATCH /api/purchase-requests/{id}/status; scheduling fields only on approval. */
export const UpdatePurchaseStatusBody = z.object({
  status: z.enum(['approved', 'rejected', 'completed'], "status must be 'approved', 'rejected' or 'completed'"),
  scheduledDate: z.optional(z.nullable(ScheduleDate)),
  scheduledTime: z.optional(z.nullable(ScheduleTime)),
  isImmediateSchedule: z.optional(z.boolean()),
  rejectionReason: RejectionReason,
  expectedStatus: ExpectedStatus,
});
export type UpdatePurchaseStatusBody = z.infer<typeof UpdatePurchaseStatusBody>;

/** PATCH /api/purchase-requests/{id}/schedule and /api/scheduled-pickups/{id}/schedule: a new promised time. */
export const RescheduleBody = z.object({
  scheduledDate: ScheduleDate,
  scheduledTime: z._default(ScheduleTime, ''),
  isImmediate: z.optional(z.boolean()),
  isImmediateSchedule: z.optional(z.boolean()),
});
export type RescheduleBody = z.infer<typeof RescheduleBody>;

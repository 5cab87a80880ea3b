import * as z from 'zod/mini';
import { SELL_REQUEST_STATUSES, SUBMISSION_STATUSES } from '../state-machines';
import { PAYMENT_METHODS } from '../valuation';
import { ITEM_NAME_MAX_LENGTH, ITEM_NAME_TOO_LONG_TEXT } from '../item-name';
import { ExpectedStatus, Quantity, RecordId } from './common';
import { cashSubmissionProblem } from '../cash-sell';
import { RejectionReason } from './credit';

/** Upper bound of an uploaded photo's data URL, in characters (≈ 6 MB of image). */
export const MAX_IMAGE_DATA_URL_LENGTH = 8_000_000;

export const PaymentMethod = z.enum(PAYMENT_METHODS, "paymentMethod must be 'usd' or 'blockspin'");

/** The photo as the sell screen sends it: a data URL (JPEG; PNG and WebP accepted). */
export const ImageDataUrl = z
  .string()
  .check(
    z.maxLength(MAX_IMAGE_DATA_URL_LENGTH, 'The photo is too large'),
    z.regex(/^data:image\/[a-z+.-]+;base64,/, 'imageUrl must be an image data URL'),
  );

export const CreateItemSubmissionBody = z
  .object({
    ps5Name: z
      .string('ps5Name (the item name) is required')
      .check(z.trim(), z.minLength(1, 'ps5Name (the item name) is required'), z.maxLength(ITEM_NAME_MAX_LENGTH, ITEM_NAME_TOO_LONG_TEXT)),
    robloxName: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(40)), 'Item'),
    imageUrl: z.optional(z.nullable(ImageDataUrl)),
    hasMultipleQuantity: z._default(z.boolean(), false),
    quantity: z._default(Quantity, 1),
    paymentMethod: PaymentMethod,
    submittedBy: z.optional(z.string().check(z.maxLength(64))),
  })
  .check(
    // Cash: USD only, at least a cent, at most the cap (issue 30 item 4), the same rules as the sell screen.
    z.superRefine((body, ctx) => {
      const problem = cashSubmissionProblem(body);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: body, path: ['ps5Name'] });
    }),
  );
export type CreateItemSubmissionBody = z.infer<typeof CreateItemSubmissionBody>;

export const SubmissionStatus = z.enum(SUBMISSION_STATUSES);

export const ItemSubmission = z.object({
  id: z.number(),
  ps5Name: z.string(),
  robloxName: z.string(),
  submittedBy: z.string(),
  imageUrl: z.nullable(z.string()),
  thumbnailUrl: z.nullable(z.string()),
  quantity: z.number(),
  hasMultipleQuantity: z.boolean(),
  paymentMethod: z.nullable(PaymentMethod),
  status: SubmissionStatus,
  createdAt: z.string(),
  rejectedAt: z.nullable(z.string()),
  rejectionReason: z.nullable(z.string()),
});
export type ItemSubmission = z.infer<typeof ItemSubmission>;

/** PATCH /api/item-submissions/{id}/status: only a denial; scheduling goes through a pickup. */
export const UpdateSubmissionStatusBody = z.object({
  status: z.enum(['rejected', 'scheduled', 'pending'], "status must be 'rejected'"),
  rejectionReason: RejectionReason,
  expectedStatus: ExpectedStatus,
});
export type UpdateSubmissionStatusBody = z.infer<typeof UpdateSubmissionStatusBody>;

export const CreateUserSellRequestBody = z.object({
  username: z.optional(z.string().check(z.maxLength(64))),
  itemName: z
    .string('itemName is required')
    .check(z.trim(), z.minLength(1, 'itemName is required'), z.maxLength(ITEM_NAME_MAX_LENGTH, ITEM_NAME_TOO_LONG_TEXT)),
  category: z.string('category is required').check(z.trim(), z.minLength(1, 'category is required'), z.maxLength(40)),
  // The stored photo is taken from the linked submission; a URL or data URL here is ignored.
  imageUrl: z.optional(z.nullable(z.string().check(z.maxLength(MAX_IMAGE_DATA_URL_LENGTH)))),
  hasMultipleQuantity: z._default(z.boolean(), false),
  quantity: z._default(Quantity, 1),
  paymentMethod: PaymentMethod,
  status: z.optional(z.literal('pending', "A new sell request's status is 'pending'")),
  submissionId: RecordId('submissionId must be the id of your submission'),
});
export type CreateUserSellRequestBody = z.infer<typeof CreateUserSellRequestBody>;

export const SellRequestStatus = z.enum(SELL_REQUEST_STATUSES);

export const UserSellRequest = z.object({
  id: z.number(),
  username: z.string(),
  itemName: z.string(),
  category: z.string(),
  imageUrl: z.nullable(z.string()),
  thumbnailUrl: z.nullable(z.string()),
  hasMultipleQuantity: z.boolean(),
  quantity: z.number(),
  paymentMethod: PaymentMethod,
  status: SellRequestStatus,
  submissionId: z.number(),
  createdAt: z.string(),
});
export type UserSellRequest = z.infer<typeof UserSellRequest>;

/**
 * What a sell waiting in the outbox keeps: the submission without its photo (the photo is stored beside it, as a
 * Blob), and the customer-side request's fields. The sell screen writes it, the drain sends it and the account lists
 * describe it, so it lives with the bodies it is sent as.
 */
export interface SellPayload {
  submission: Omit<CreateItemSubmissionBody, 'imageUrl'>;
  sellRequest: { itemName: string; category: string };
}

import * as z from 'zod/mini';
import { toCents } from '../money';
import { UsdCents } from './money';
import { CREDIT_KINDS } from '../promise';
import { PROMISE_KINDS } from '../record-kind';

export const CreditKind = z.enum(CREDIT_KINDS);

/** One ledger entry: amounts in USD with cents, negative when credit is spent or taken back. */
export const CreditEntry = z.object({
  id: z.number(),
  amount: UsdCents,
  kind: CreditKind,
  subjectType: z.nullable(z.enum(PROMISE_KINDS)),
  subjectId: z.nullable(z.number()),
  reason: z.nullable(z.string()),
  createdAt: z.string(),
  createdBy: z.nullable(z.string()),
});
export type CreditEntry = z.infer<typeof CreditEntry>;
export type CreditEntryJson = z.input<typeof CreditEntry>;

/** GET /api/marketplace/credit/{username}: the balance (never below zero) and every entry, newest first. */
export const CreditAccount = z.object({ balance: UsdCents, entries: z.array(CreditEntry) });
export type CreditAccount = z.infer<typeof CreditAccount>;
export type CreditAccountJson = z.input<typeof CreditAccount>;

/** POST /api/admin/credits/{entryId}/reverse (the super admin). */
export const ReverseCreditBody = z.object({
  reason: z
    .string('Say why the credit is reversed')
    .check(z.trim(), z.minLength(3, 'Say why the credit is reversed'), z.maxLength(300, 'Keep the reason under 300 characters')),
});
export type ReverseCreditBody = z.infer<typeof ReverseCreditBody>;

/**
 * GET /api/admin/credits/{entryId}/reversal (the super admin, issue 52.5): what reversing would take back now (USD),
 * out of the credit, or the sentence saying why it cannot yet (part spent on a request still open, or all spent).
 */
export const CreditReversalPreview = z.object({ credit: UsdCents, amount: UsdCents, refusal: z.nullable(z.string()) });
export type CreditReversalPreview = z.infer<typeof CreditReversalPreview>;
export type CreditReversalPreviewJson = z.input<typeof CreditReversalPreview>;

/** A reason given when refusing (optional). */
export const RejectionReason = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(300, 'Keep the reason under 300 characters'))));

/** The reason of a manual adjustment: the player reads it beside the entry. */
export const ADJUSTMENT_REASON_MIN = 3;
export const ADJUSTMENT_REASON_MAX = 200;
/** The largest single adjustment, either way (USD). */
export const ADJUSTMENT_MAX = 10_000;

/**
 * POST /api/admin/marketplace-users/{username}/credit-adjustments (the super admin, issue 33 item 7): a new ledger
 * entry of kind 'adjustment', positive (credit given) or negative (taken back), never an edit of another entry.
 */
export const CreditAdjustmentBody = z.object({
  /** USD with cents in the JSON (5, -2.5), read as whole cents. */
  amount: z.pipe(
    z.number('Enter the amount in USD, for example 5 or -2.50').check(
      z.refine((value) => Number.isFinite(value) && value !== 0, 'The amount must not be zero'),
      z.refine(
        (value) => Math.abs(value) <= ADJUSTMENT_MAX,
        `An adjustment is at most $${ADJUSTMENT_MAX.toLocaleString('en-US')} either way`,
      ),
      z.refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Use whole cents (at most two decimals)'),
    ),
    z.transform((usd: number) => toCents(usd)),
  ),
  reason: z
    .string('Say why the credit is adjusted')
    .check(
      z.trim(),
      z.minLength(ADJUSTMENT_REASON_MIN, `Say why the credit is adjusted (at least ${ADJUSTMENT_REASON_MIN} characters)`),
      z.maxLength(ADJUSTMENT_REASON_MAX, `Keep the reason to ${ADJUSTMENT_REASON_MAX} characters`),
    ),
});
export type CreditAdjustmentBody = z.infer<typeof CreditAdjustmentBody>;
export type CreditAdjustmentBodyJson = z.input<typeof CreditAdjustmentBody>;

/** The adjustment's answer: the new entry and the balance after it. */
export const CreditAdjustment = z.object({ entry: CreditEntry, balance: UsdCents });
export type CreditAdjustment = z.infer<typeof CreditAdjustment>;
export type CreditAdjustmentJson = z.input<typeof CreditAdjustment>;

import * as z from 'zod/mini';
import { CREDIT_KINDS } from '../promise';

export const CreditKind = z.enum(CREDIT_KINDS);

/** One ledger entry: amounts in USD with cents, negative when credit is spent or taken back. */
export const CreditEntry = z.object({
  id: z.number(),
  amount: z.number(),
  kind: CreditKind,
  subjectType: z.nullable(z.enum(['purchase-request', 'pickup'])),
  subjectId: z.nullable(z.number()),
  reason: z.nullable(z.string()),
  createdAt: z.string(),
  createdBy: z.nullable(z.string()),
});
export type CreditEntry = z.infer<typeof CreditEntry>;

/** GET /api/marketplace/credit/{username}: the balance (never below zero) and every entry, newest first. */
export const CreditAccount = z.object({ balance: z.number(), entries: z.array(CreditEntry) });
export type CreditAccount = z.infer<typeof CreditAccount>;

/** POST /api/admin/credits/{entryId}/reverse (the super admin). */
export const ReverseCreditBody = z.object({
  reason: z
    .string('Say why the credit is reversed')
    .check(z.trim(), z.minLength(3, 'Say why the credit is reversed'), z.maxLength(300, 'Keep the reason under 300 characters')),
});
export type ReverseCreditBody = z.infer<typeof ReverseCreditBody>;

/** A reason given when refusing (optional). */
export const RejectionReason = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(300, 'Keep the reason under 300 characters'))));

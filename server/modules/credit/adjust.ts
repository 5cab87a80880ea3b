import { randomUUID } from 'node:crypto';
import { asCents, type Cents, formatCents, fromCents } from '../../../src/domain/money';
import type { CreditAdjustmentJson as CreditAdjustment, CreditAdjustmentBody } from '../../../src/domain/schemas/credit';
import { conflict, notFound } from '../../lib/app-error';
import { nowIso } from '../../lib/time';
import { recordTransition } from '../history/audit';
import { createOnce, type Created, type IdempotencyContext } from '../idempotency/keys';
import type { AuthUser } from '../users/repository';
import { announceBalance } from './announce';
import type { CreditDeps } from './deps';

/** The 409 of an adjustment that would take more than the player holds. */
const belowZero = (username: string, balanceCents: Cents) =>
  conflict(
    `${username} holds ${formatCents(balanceCents)} in store credit: an adjustment cannot take the balance below zero, so take at most ${formatCents(balanceCents)}.`,
  );

/**
 * The super admin's manual adjustment (issue 33 item 7): one new 'adjustment' entry with the reason, positive or
 * negative, and a row in the audit history naming the super admin; never below a zero balance (409 saying how much
 * the player holds). Once per Idempotency-Key: the entry, the audit row and the key's answer are one transaction.
 */
export async function adjustCredit(
  deps: CreditDeps,
  username: string,
  body: CreditAdjustmentBody,
  superAdmin: AuthUser,
  idempotency: IdempotencyContext | null,
): Promise<Created<CreditAdjustment>> {
  const { tx, users, credit } = deps;
  const cents = body.amount;
  // Set inside the transaction: whom to tell of the new balance afterwards.
  const owner = { id: null as number | null };
  const created = await createOnce(tx, idempotency, 201, async (tx): Promise<CreditAdjustment> => {
    const found = await users.findByName(tx, username);
    if (!found) throw notFound(`There is no user named '${username}'`);
    owner.id = found.id;
    const before = await credit.balanceCents(tx, found.id);
    if (before + cents < 0) throw belowZero(found.username, before);
    const { entry } = await credit.append(tx, {
      userId: found.id,
      amountCents: cents,
      kind: 'adjustment',
      subjectType: null,
      subjectId: null,
      reason: body.reason,
      cause: `adjustment:${randomUUID()}`,
      createdAt: nowIso(),
      createdBy: superAdmin.username,
    });
    const sign = cents < 0 ? '−' : '+';
    await recordTransition(tx, {
      subject: 'user',
      subjectId: found.id,
      from: null,
      to: 'credit-adjusted',
      actor: superAdmin,
      note: `${sign}${formatCents(asCents(Math.abs(cents)))} store credit for ${found.username} (balance ${formatCents(before)} → ${formatCents(asCents(before + cents))}): ${body.reason}`,
    });
    return { entry, balance: fromCents(before + cents) };
  }).catch(async (error: unknown) => {
    // Two adjustments at once on PostgreSQL: the ledger's own trigger refuses the one that would go below zero.
    if (error instanceof Error && /below zero/.test(error.message) && owner.id !== null)
      throw belowZero(username, await credit.balanceCents(tx, owner.id));
    throw error;
  });
  if (owner.id !== null && !created.replayed) await announceBalance(deps, owner.id);
  return created;
}

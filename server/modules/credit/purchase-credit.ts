import { asCents, type Cents } from '../../../src/domain/money';
import type { PromiseKind } from '../../../src/domain/record-kind';
import type { Tx } from '../../db/scope';
import { nowIso } from '../../lib/time';
import type { CreditDeps, PurchaseCredit } from './deps';

/** A missed promise's credit: to whom, for which record and promise, how much, why, when and by whom. */
export interface MissedPromiseGrant {
  userId: number;
  kind: PromiseKind;
  subjectId: number;
  promiseId: number;
  cents: Cents;
  reason: string | null;
  at: string;
  by: string | null;
}

/**
 * The credit of a missed promise (caller's transaction), under the promise's own cause: the due job, a late
 * close and an upheld dispute all write it this way, so one promise is credited once however it came about.
 * Answers whether this call wrote it.
 */
export async function grantMissedPromise({ credit }: CreditDeps, tx: Tx, grant: MissedPromiseGrant): Promise<boolean> {
  const { created } = await credit.append(tx, {
    userId: grant.userId,
    amountCents: grant.cents,
    kind: grant.kind === 'purchase-request' ? 'missed-drop' : 'missed-pickup',
    subjectType: grant.kind,
    subjectId: grant.subjectId,
    reason: grant.reason,
    cause: `promise:${grant.promiseId}`,
    createdAt: grant.at,
    createdBy: grant.by,
  });
  return created;
}

/** Pays with store credit (caller's transaction): min(balance, cents) is spent; answers the cents applied. */
export async function spendCredit({ credit }: CreditDeps, tx: Tx, { userId, purchaseId, cents, by }: PurchaseCredit): Promise<Cents> {
  const applied = asCents(Math.min(await credit.balanceCents(tx, userId), cents));
  if (applied <= 0) return asCents(0);
  await credit.append(tx, {
    userId,
    amountCents: asCents(-applied),
    kind: 'spent',
    subjectType: 'purchase-request',
    subjectId: purchaseId,
    reason: null,
    cause: `spent:purchase_request:${purchaseId}`,
    createdAt: nowIso(),
    createdBy: by,
  });
  return applied;
}

/** Gives back the credit a rejected or cancelled request used (caller's transaction); once per request. */
export async function refundCredit(
  { credit, users }: CreditDeps,
  tx: Tx,
  { userId, purchaseId, cents, by }: Omit<PurchaseCredit, 'userId'> & { userId: number | null },
): Promise<boolean> {
  if (userId === null || cents <= 0) return false;
  // A deleted account keeps what it held under its tombstone; nothing new lands on it.
  if ((await users.findById(tx, userId))?.deleted_at) return false;
  const { created } = await credit.append(tx, {
    userId,
    amountCents: cents,
    kind: 'returned',
    subjectType: 'purchase-request',
    subjectId: purchaseId,
    reason: null,
    cause: `returned:purchase_request:${purchaseId}`,
    createdAt: nowIso(),
    createdBy: by,
  });
  return created;
}

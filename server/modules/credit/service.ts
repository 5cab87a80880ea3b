import type { CreditAdjustmentBody } from '../../../src/domain/schemas/credit';
import type { Tx } from '../../db/scope';
import type { IdempotencyContext } from '../idempotency/keys';
import type { AuthUser } from '../users/repository';
import { adjustCredit } from './adjust';
import { announceBalance } from './announce';
import type { CreditDeps, PurchaseCredit } from './deps';
import { grantMissedPromise, type MissedPromiseGrant, refundCredit, spendCredit } from './purchase-credit';
import { creditAccount, creditStats } from './queries';
import { reversalPreview, reverseCredit } from './reversal';

export type { CreditDeps, PurchaseCredit } from './deps';

/**
 * The store credit ledger: spent on a purchase, given back when it is rejected or cancelled, granted for a missed
 * promise (modules/promises decides when), taken back or adjusted by the super admin. Entries are append-only and
 * unique by their cause, so however many runs, restarts or processes write the same cause, it counts once. Writes run
 * inside the caller's transaction (passed as `tx`) or their own. Each use case is a file of its own; this binds them.
 */
export function createCreditService(deps: CreditDeps) {
  return {
    /** Tells the player (and admins) their new balance, after the commit. */
    announce: (userId: number | null) => announceBalance(deps, userId),
    /** GET /api/admin/credits/{entryId}/reversal: what a reversal would take back now, before the super admin asks. */
    reversalPreview: (entryId: number) => reversalPreview(deps, entryId),
    /** The credit of a missed promise (caller's transaction), once per promise; answers whether this call wrote it. */
    grantMissedPromise: (tx: Tx, grant: MissedPromiseGrant) => grantMissedPromise(deps, tx, grant),
    /** Pays with store credit (caller's transaction): min(balance, cents) is spent; answers the cents applied. */
    spend: (tx: Tx, spend: PurchaseCredit) => spendCredit(deps, tx, spend),
    /** Gives back the credit a rejected or cancelled request used (caller's transaction); once per request. */
    refund: (tx: Tx, refund: Omit<PurchaseCredit, 'userId'> & { userId: number | null }) => refundCredit(deps, tx, refund),
    /** A player's balance and entries: their own, or any player's for admins. */
    account: (viewer: AuthUser, username: string) => creditAccount(deps, viewer, username),
    /** The super admin takes back a promise credit, with a reason; never more than the player still holds. */
    reverse: (entryId: number, reason: string, superAdmin: AuthUser) => reverseCredit(deps, entryId, reason, superAdmin),
    /** The super admin's manual adjustment: once per Idempotency-Key, never below a zero balance. */
    adjust: (username: string, body: CreditAdjustmentBody, superAdmin: AuthUser, idempotency: IdempotencyContext | null) =>
      adjustCredit(deps, username, body, superAdmin, idempotency),
    /** Super admin statistics: credits granted for missed promises and credit outstanding (USD). */
    stats: () => creditStats(deps),
  };
}
export type CreditService = ReturnType<typeof createCreditService>;

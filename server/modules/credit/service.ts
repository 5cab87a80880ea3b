import { randomUUID } from 'node:crypto';
import { asCents, type Cents, formatCents, fromCents, toCents } from '../../../src/domain/money';
import type { PromiseKind } from '../../../src/domain/record-kind';
import type { CreditAccount, CreditAdjustment, CreditAdjustmentBody, CreditReversalPreview } from '../../../src/domain/schemas/credit';
import type { Tx } from '../../db/scope';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { nowIso } from '../../lib/time';
import type { Hub } from '../../realtime/hub';
import { recordTransition } from '../history/audit';
import { createOnce, type Created, type IdempotencyContext } from '../idempotency/keys';
import type { AuthUser, UsersRepository } from '../users/repository';
import type { CreditRepository } from './repository';

/** Who owes or gets what for a purchase request: its owner, the request, the cents and who made the change. */
export interface PurchaseCredit {
  userId: number;
  purchaseId: number;
  cents: Cents;
  by: string;
}

/**
 * The store credit ledger: spent on a purchase, given back when it is rejected or cancelled, granted for a missed
 * promise (modules/promises decides when), taken back or adjusted by the super admin. Entries are append-only and
 * unique by their cause, so however many runs, restarts or processes write the same cause, it counts once. Writes run
 * inside the caller's transaction (passed as `tx`) or their own.
 */
export function createCreditService({
  tx,
  credit,
  users,
  hub,
}: {
  /** The database: reads outside a transaction, and `tx.run` to open one. */
  tx: Tx;
  credit: CreditRepository;
  users: UsersRepository;
  hub: Hub;
}) {
  /** Tells the player (and admins) their new balance, after the commit. */
  async function announce(userId: number | null) {
    if (userId === null) return;
    const user = await users.findById(tx, userId);
    if (!user) return;
    const balance = fromCents(await credit.balanceCents(tx, userId));
    hub.publish({ type: 'CREDIT_UPDATE', payload: { username: user.username, balance } }, { ownerId: userId });
  }

  /** The 409 of an adjustment that would take more than the player holds. */
  const belowZero = (username: string, balanceCents: Cents) =>
    conflict(
      `${username} holds ${formatCents(balanceCents)} in store credit: an adjustment cannot take the balance below zero, so take at most ${formatCents(balanceCents)}.`,
    );

  /**
   * How much of a missed-promise credit a reversal can take back now (issue 29.7's rule), and why not when it cannot:
   * the reversal and its preview (issue 52.5) read it the same way.
   */
  async function reversible(within: Tx, entryId: number) {
    const found = await credit.findEntry(within, entryId);
    if (!found) throw notFound(`There is no credit entry ${entryId}`);
    if (found.entry.kind !== 'missed-drop' && found.entry.kind !== 'missed-pickup')
      throw conflict('Only a credit for a missed promise can be reversed');
    if (await credit.hasCause(within, `reversal:${entryId}`)) throw conflict('This credit was already reversed');
    const balance = await credit.balanceCents(within, found.userId);
    // A reversal takes back the whole credit, or what is left of it once the rest is spent for good. Credit spent on a
    // request still open would come back if it were cancelled or rejected, and a reversal taken now could not cover
    // it: so while such a request holds the missing part, the reversal waits.
    const open = balance < found.cents ? await credit.openSpendersOf(within, found.userId) : [];
    const cents = asCents(open.length > 0 ? 0 : Math.min(found.cents, balance));
    const refusal =
      open.length > 0
        ? `The player has spent part of this credit on purchase request ${open.map((id) => `#${id}`).join(', ')}, still open. Reverse it once that request is completed, rejected or cancelled.`
        : cents <= 0
          ? 'The player has already spent this credit, so there is nothing left to reverse'
          : null;
    return { found, cents, refusal };
  }

  return {
    announce,

    /** GET /api/admin/credits/{entryId}/reversal: what a reversal would take back now, before the super admin asks. */
    async reversalPreview(entryId: number): Promise<CreditReversalPreview> {
      const { found, cents, refusal } = await reversible(tx, entryId);
      return { credit: fromCents(found.cents), amount: fromCents(cents), refusal };
    },

    /**
     * The credit of a missed promise (caller's transaction), under the promise's own cause: the due job, a late
     * close and an upheld dispute all write it this way, so one promise is credited once however it came about.
     * Answers whether this call wrote it.
     */
    async grantMissedPromise(
      tx: Tx,
      grant: {
        userId: number;
        kind: PromiseKind;
        subjectId: number;
        promiseId: number;
        cents: Cents;
        reason: string | null;
        at: string;
        by: string | null;
      },
    ): Promise<boolean> {
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
    },

    /** Pays with store credit (caller's transaction): min(balance, cents) is spent; answers the cents applied. */
    async spend(tx: Tx, { userId, purchaseId, cents, by }: PurchaseCredit): Promise<Cents> {
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
    },

    /** Gives back the credit a rejected or cancelled request used (caller's transaction); once per request. */
    async refund(tx: Tx, { userId, purchaseId, cents, by }: Omit<PurchaseCredit, 'userId'> & { userId: number | null }): Promise<boolean> {
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
    },

    /** A player's balance and entries: their own, or any player's for admins. */
    async account(viewer: AuthUser, username: string): Promise<CreditAccount> {
      const owner = await users.findByName(tx, username);
      if (!owner) throw notFound(`There is no user named '${username}'`);
      if (!viewer.isAdmin && owner.id !== viewer.id) throw forbidden('You may only see your own store credit');
      return { balance: fromCents(await credit.balanceCents(tx, owner.id)), entries: await credit.entriesOf(tx, owner.id) };
    },

    /** The super admin takes back a promise credit, with a reason; never more than the player still holds. */
    async reverse(entryId: number, reason: string, superAdmin: AuthUser) {
      const result = await tx.run(async (tx) => {
        // The reversal rule (issue 29.7), read as the preview reads it.
        const { found, cents, refusal } = await reversible(tx, entryId);
        if (refusal) throw conflict(refusal);
        const appended = await credit.append(tx, {
          userId: found.userId,
          amountCents: asCents(-cents),
          kind: 'reversal',
          subjectType: found.entry.subjectType,
          subjectId: found.entry.subjectId,
          reason,
          cause: `reversal:${entryId}`,
          createdAt: nowIso(),
          createdBy: superAdmin.username,
        });
        return { entry: appended.entry, userId: found.userId };
      });
      await announce(result.userId);
      return result.entry;
    },

    /**
     * The super admin's manual adjustment (issue 33 item 7): one new 'adjustment' entry with the reason, positive or
     * negative, and a row in the audit history naming the super admin; never below a zero balance (409 saying how much
     * the player holds). Once per Idempotency-Key: the entry, the audit row and the key's answer are one transaction.
     */
    async adjust(
      username: string,
      body: CreditAdjustmentBody,
      superAdmin: AuthUser,
      idempotency: IdempotencyContext | null,
    ): Promise<Created<CreditAdjustment>> {
      const cents = toCents(body.amount);
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
      if (owner.id !== null && !created.replayed) await announce(owner.id);
      return created;
    },

    /** Super admin statistics: credits granted for missed promises and credit outstanding (USD). */
    async stats() {
      const row = await credit.grantedAndOutstanding(tx);
      return { creditsGranted: fromCents(row.granted), creditOutstanding: fromCents(row.outstanding) };
    },
  };
}
export type CreditService = ReturnType<typeof createCreditService>;

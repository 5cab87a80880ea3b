import { randomUUID } from 'node:crypto';
import { formatUsd } from '../../../src/domain/money';
import { fromCents, missedPromiseCredit, toCents } from '../../../src/domain/promise';
import type { CreditAccount, CreditAdjustment, CreditAdjustmentBody } from '../../../src/domain/schemas/credit';
import type { Tx } from '../../db/scope';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { recordTransition, staleConflict, storeTime, SYSTEM_ACTOR, type AuditSubject } from '../history/audit';
import { createOnce, type Created, type IdempotencyContext } from '../idempotency/keys';
import type { Logger } from '../../lib/logger';
import { now as clockNow, nowIso } from '../../lib/time';
import type { Hub } from '../../realtime/hub';
import type { AuthUser, UsersRepository } from '../users/repository';
import { promiseTime, type PromiseSettings } from './promise-time';
import type { CreditRepository, PromiseRow, PromiseSubject } from './repository';

export interface Schedule {
  scheduledDate: string;
  scheduledTime: string;
  isImmediate: boolean;
}

const AUDIT_SUBJECT: Record<PromiseSubject, AuditSubject> = { purchase_request: 'purchase_request', pickup: 'scheduled_pickup' };
const NOUN: Record<PromiseSubject, string> = { purchase_request: 'drop', pickup: 'pickup' };

/**
 * The pickup promise and the store credit ledger: a missed promise credits 25% of the order, once.
 * Every write here runs inside the caller's transaction
 * (passed as `tx`) or its own; the ledger row of a missed promise is written before the promise is closed and is unique by its
 * cause, so however many runs, restarts or processes meet the same missed promise, it is credited once.
 */
export function createCreditService({
  tx,
  credit,
  users,
  hub,
  logger,
  settings,
}: {
  /** The database: reads outside a transaction, and `tx.run` to open one. */
  tx: Tx;
  credit: CreditRepository;
  users: UsersRepository;
  hub: Hub;
  logger: Logger;
  settings: PromiseSettings;
}) {
  /** Tells the player (and admins) their new balance, after the commit. */
  async function announce(userId: number | null) {
    if (userId === null) return;
    const user = await users.findById(tx, userId);
    if (!user) return;
    const balance = fromCents(await credit.balanceCents(tx, userId));
    hub.publish({ type: 'CREDIT_UPDATE', payload: { username: user.username, balance } }, { ownerId: userId });
  }

  /** The promised instant of a schedule, or a 400 saying what is wrong with the date or time. */
  function checkSchedule(schedule: Schedule) {
    const time = promiseTime(schedule, settings);
    if (!time.ok) {
      const path = time.field === 'date' ? 'scheduledDate' : 'scheduledTime';
      throw badRequest(time.message, [{ path, message: time.message }]);
    }
    return time;
  }

  /** Credits a missed promise (ledger first, then the promise closed) and notes it in the record's history. */
  async function creditMissed(tx: Tx, promise: PromiseRow, recordStatus: string): Promise<{ userId: number | null; cents: number }> {
    const cents = promise.base_cents === null ? 0 : missedPromiseCredit(promise.base_cents);
    const at = nowIso();
    if (promise.user_id !== null && cents > 0) {
      await credit.append(tx, {
        userId: promise.user_id,
        amountCents: cents,
        kind: promise.subject_type === 'purchase_request' ? 'missed-drop' : 'missed-pickup',
        subjectType: promise.subject_type,
        subjectId: promise.subject_id,
        reason: null,
        cause: `promise:${promise.id}`,
        createdAt: at,
        createdBy: null,
      });
    }
    if (!(await credit.closePromise(tx, promise.id, 'missed', at, null))) return { userId: null, cents: 0 };
    const note =
      cents > 0
        ? `The promised ${NOUN[promise.subject_type]} time was missed: ${formatUsd(fromCents(cents))} store credit was added to the player's account.`
        : `The promised ${NOUN[promise.subject_type]} time was missed (no price to credit 25% of).`;
    await recordTransition(tx, {
      subject: AUDIT_SUBJECT[promise.subject_type],
      subjectId: promise.subject_id,
      from: recordStatus,
      to: recordStatus,
      actor: SYSTEM_ACTOR,
      note,
    });
    return { userId: promise.user_id, cents };
  }

  /** The 409 of an adjustment that would take more than the player holds. */
  const belowZero = (username: string, balanceCents: number) =>
    conflict(
      `${username} holds ${formatUsd(fromCents(balanceCents))} in store credit: an adjustment cannot take the balance below zero, so take at most ${formatUsd(fromCents(balanceCents))}.`,
    );

  const isPast = (promise: PromiseRow, now = nowIso()) => promise.deadline_at < now;

  return {
    checkSchedule,
    announce,
    /** The store's time zone, in which times are told to people ("Already approved by sam at 12:31 PM"). */
    timeZone: settings.storeTimeZone,

    /**
     * Makes the promise of a schedule (in the caller's transaction): the open one, if any, ends as rescheduled.
     * Answers the new promise's id.
     */
    async promise(
      tx: Tx,
      subject: PromiseSubject,
      subjectId: number,
      ownerId: number | null,
      schedule: Schedule,
      baseCents: number | null,
      actor: AuthUser,
    ): Promise<number> {
      const time = checkSchedule(schedule);
      const open = await credit.openPromiseOf(tx, subject, subjectId);
      if (open) await credit.closePromise(tx, open.id, 'rescheduled', nowIso(), actor.username);
      return credit.insertPromise(tx, {
        subjectType: subject,
        subjectId,
        userId: ownerId,
        promisedAt: time.promisedAt.toISOString(),
        deadlineAt: time.deadlineAt.toISOString(),
        baseCents,
        createdAt: nowIso(),
      });
    },

    /**
     * Before a reschedule or a no-show (in the caller's transaction): a promise whose deadline has passed is credited
     * now if the job has not yet, and the change is refused — after the deadline the credit stands.
     */
    async requireBeforeDeadline(
      tx: Tx,
      subject: PromiseSubject,
      subjectId: number,
      recordStatus: string,
    ): Promise<{ credited: { userId: number | null; cents: number } | null; missed: boolean }> {
      const open = await credit.openPromiseOf(tx, subject, subjectId);
      if (!open) return { credited: null, missed: (await credit.latestPromiseOf(tx, subject, subjectId))?.status === 'missed' };
      if (!isPast(open)) return { credited: null, missed: false };
      return { credited: await creditMissed(tx, open, recordStatus), missed: true };
    },

    /** The drop was completed or the pickup collected (caller's transaction): kept if on time, else credited now. */
    async settle(
      tx: Tx,
      subject: PromiseSubject,
      subjectId: number,
      recordStatus: string,
      actor: AuthUser,
    ): Promise<{ userId: number | null; cents: number } | null> {
      const open = await credit.openPromiseOf(tx, subject, subjectId);
      if (!open) return null;
      if (isPast(open)) return creditMissed(tx, open, recordStatus);
      await credit.closePromise(tx, open.id, 'kept', nowIso(), actor.username);
      return null;
    },

    /** A scheduled drop rejected (caller's transaction): before its deadline the promise is withdrawn, after it the credit stands. */
    async withdraw(
      tx: Tx,
      subject: PromiseSubject,
      subjectId: number,
      recordStatus: string,
      actor: AuthUser,
    ): Promise<{ userId: number | null; cents: number } | null> {
      const open = await credit.openPromiseOf(tx, subject, subjectId);
      if (!open) return null;
      if (isPast(open)) return creditMissed(tx, open, recordStatus);
      await credit.closePromise(tx, open.id, 'withdrawn', nowIso(), actor.username);
      return null;
    },

    /**
     * The player did not come (caller's transaction): only inside the window — from the promised time until the
     * deadline — and then the promise ends without credit; the note and the photo go into the record's history.
     * Before the promised time it answers 400 with the reason; a second no-show answers 409 naming the first.
     */
    async noShow(
      tx: Tx,
      subject: PromiseSubject,
      subjectId: number,
      recordStatus: string,
      actor: AuthUser,
      handover: { note: string | null; photo: { imageFile: string; thumbnailFile: string } | null } = { note: null, photo: null },
    ) {
      const open = await credit.openPromiseOf(tx, subject, subjectId);
      if (!open) {
        const latest = await credit.latestPromiseOf(tx, subject, subjectId);
        if (latest?.status === 'no-show')
          throw staleConflict({ status: 'no-show', actorName: latest.closed_by, at: latest.closed_at }, settings.storeTimeZone);
        throw conflict(`This ${NOUN[subject]} has no open promise to record a no-show on`);
      }
      if (clockNow().toISOString() < open.promised_at) {
        const message = `The promised ${NOUN[subject]} time (${storeTime(open.promised_at, settings.storeTimeZone)}) has not come yet: a no-show can be recorded from then until ${storeTime(open.deadline_at, settings.storeTimeZone)}.`;
        throw badRequest(message);
      }
      await credit.closePromise(tx, open.id, 'no-show', nowIso(), actor.username);
      await recordTransition(tx, {
        subject: AUDIT_SUBJECT[subject],
        subjectId,
        from: recordStatus,
        to: recordStatus,
        actor,
        note: `The player did not show; recorded by ${actor.username}.${handover.note ? ` ${handover.note}` : ''} No store credit is owed unless a dispute is upheld.`,
        photo: handover.photo,
      });
    },

    /** Pays with store credit (caller's transaction): min(balance, total) is spent; answers the cents applied. */
    async spend(tx: Tx, userId: number, purchaseId: number, totalCents: number, by: string): Promise<number> {
      const applied = Math.min(await credit.balanceCents(tx, userId), totalCents);
      if (applied <= 0) return 0;
      await credit.append(tx, {
        userId,
        amountCents: -applied,
        kind: 'spent',
        subjectType: 'purchase_request',
        subjectId: purchaseId,
        reason: null,
        cause: `spent:purchase_request:${purchaseId}`,
        createdAt: nowIso(),
        createdBy: by,
      });
      return applied;
    },

    /**
     * Ends a deleted account's open promises and their open proposals (caller's transaction), each noted in its
     * record's history: nothing is credited to an account nobody can use any more.
     */
    async endPromisesOf(tx: Tx, userId: number, actor: AuthUser) {
      for (const open of await credit.openPromisesOfUser(tx, userId)) {
        await credit.closePromise(tx, open.id, 'withdrawn', nowIso(), actor.username);
        await credit.withdrawOpenProposals(tx, open.subject_type, open.subject_id, nowIso(), actor.username);
        const status = open.subject_type === 'purchase_request' ? 'approved' : 'scheduled';
        await recordTransition(tx, {
          subject: AUDIT_SUBJECT[open.subject_type],
          subjectId: open.subject_id,
          from: status,
          to: status,
          actor,
          note: `The player's account was deleted, so the promised ${NOUN[open.subject_type]} time no longer holds and no store credit is owed.`,
        });
      }
    },

    /** Gives back the credit a rejected or cancelled request used (caller's transaction); once per request. */
    async refund(tx: Tx, userId: number | null, purchaseId: number, cents: number, by: string): Promise<boolean> {
      if (userId === null || cents <= 0) return false;
      // A deleted account keeps what it held under its tombstone; nothing new lands on it.
      if ((await users.findById(tx, userId))?.deleted_at) return false;
      const { created } = await credit.append(tx, {
        userId,
        amountCents: cents,
        kind: 'returned',
        subjectType: 'purchase_request',
        subjectId: purchaseId,
        reason: null,
        cause: `returned:purchase_request:${purchaseId}`,
        createdAt: nowIso(),
        createdBy: by,
      });
      return created;
    },

    /** Finds missed promises and credits each once; answers how many were credited. Safe to run at once from anywhere. */
    async runDue(now = clockNow()): Promise<number> {
      let count = 0;
      const touched = new Set<number>();
      for (const due of await credit.duePromises(tx, now.toISOString())) {
        const result = await tx.run(async (tx) => {
          const promise = await credit.findPromise(tx, due.id);
          if (!promise || promise.status !== 'open') return null;
          const status = promise.subject_type === 'purchase_request' ? 'approved' : 'scheduled';
          return creditMissed(tx, promise, status);
        });
        if (result) {
          count += 1;
          if (result.userId !== null && result.cents > 0) touched.add(result.userId);
        }
      }
      for (const userId of touched) await announce(userId);
      if (count > 0) logger.info({ credited: count }, 'missed promises credited');
      return count;
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
        const found = await credit.findEntry(tx, entryId);
        if (!found) throw notFound(`There is no credit entry ${entryId}`);
        if (found.entry.kind !== 'missed-drop' && found.entry.kind !== 'missed-pickup')
          throw conflict('Only a credit for a missed promise can be reversed');
        if (await credit.hasCause(tx, `reversal:${entryId}`)) throw conflict('This credit was already reversed');
        const balance = await credit.balanceCents(tx, found.userId);
        // The reversal rule (issue 29.7): a reversal takes back the whole credit, or what is left of it once the rest is
        // spent for good. Credit spent on a request still open would come back if it were cancelled or rejected, and a
        // reversal taken now could not cover it: so while such a request holds the missing part, the reversal waits.
        if (balance < found.cents) {
          const open = await credit.openSpendersOf(tx, found.userId);
          if (open.length > 0)
            throw conflict(
              `The player has spent part of this credit on purchase request ${open.map((id) => `#${id}`).join(', ')}, still open. Reverse it once that request is completed, rejected or cancelled.`,
            );
        }
        const cents = Math.min(found.cents, balance);
        if (cents <= 0) throw conflict('The player has already spent this credit, so there is nothing left to reverse');
        const appended = await credit.append(tx, {
          userId: found.userId,
          amountCents: -cents,
          kind: 'reversal',
          subjectType: found.entry.subjectType === 'purchase-request' ? 'purchase_request' : found.entry.subjectType,
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
          note: `${sign}${formatUsd(fromCents(Math.abs(cents)))} store credit for ${found.username} (balance ${formatUsd(fromCents(before))} → ${formatUsd(fromCents(before + cents))}): ${body.reason}`,
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

    /** Super admin statistics: promises kept on time (%), credits granted and credit outstanding (USD). */
    async stats() {
      const row = await credit.stats(tx);
      const closed = row.kept + row.missed;
      return {
        promisesKeptPercent: closed === 0 ? null : Math.round((row.kept / closed) * 1000) / 10,
        creditsGranted: fromCents(row.granted),
        creditOutstanding: fromCents(row.outstanding),
      };
    },
  };
}
export type CreditService = ReturnType<typeof createCreditService>;

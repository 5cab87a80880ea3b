import { IMMEDIATE_SCHEDULE, IMMEDIATELY, type Schedule } from '../../../src/domain/drop-schedule';
import { formatCents } from '../../../src/domain/money';
import { missedPromiseCredit } from '../../../src/domain/promise';
import { PROMISE_NOUN, type PromiseKind } from '../../../src/domain/record-kind';
import type { Tx } from '../../db/scope';
import { badRequest, conflict } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { now as clockNow, nowIso } from '../../lib/time';
import type { CreditService } from '../credit/service';
import { recordTransition, staleConflict, storeTime, SYSTEM_ACTOR } from '../history/audit';
import type { AuthUser } from '../users/repository';
import type { Reader } from '../../lib/i18n/messages';
import type { PushNotice } from '../push/payloads';
import { noShowNotice } from '../push/player-notices';
import { DISPUTE_WINDOW_MS } from '../../../src/domain/schemas/deals';
import { promiseTime, type PromiseSettings } from './promise-time';
import type { PromisesRepository, StoredPromise } from './repository';

export const MISSING_SCHEDULE_MESSAGE = 'Missing Information: Please fill in all date and time fields before scheduling';

/**
 * The schedule of an admin's (or a player's) form: immediate, or a date and a time both given — else the 400 the
 * forms show ("Missing Information: …").
 */
export function requireSchedule(body: { scheduledDate: string; scheduledTime: string }, immediate: boolean): Schedule {
  if (!immediate && (body.scheduledDate === IMMEDIATELY || body.scheduledTime === ''))
    throw badRequest(MISSING_SCHEDULE_MESSAGE, [{ path: 'scheduledTime', message: MISSING_SCHEDULE_MESSAGE }]);
  return immediate ? IMMEDIATE_SCHEDULE : { scheduledDate: body.scheduledDate, scheduledTime: body.scheduledTime, isImmediate: false };
}

/** The record a promise is made on: its kind and id. */
export interface PromiseRecord {
  kind: PromiseKind;
  subjectId: number;
}

/** What a missed promise credited: to whom, how much (0 when nothing was written). */
export interface Credited {
  userId: number | null;
  cents: number;
}

/** The status a record stands in while its promise is open. */
const OPEN_STATUS: Record<PromiseKind, string> = { 'purchase-request': 'approved', pickup: 'scheduled' };

/**
 * The promise of a drop or a pickup time (DESIGN.md §10): made when an admin schedules, closed once — kept, withdrawn,
 * rescheduled, a no-show, or missed. A missed promise credits 25% of the order through the ledger (modules/credit),
 * under the promise's own cause and before the promise is closed, so however many runs, restarts or processes meet the
 * same missed promise, it is credited once. Every write runs inside the caller's transaction (passed as `tx`) or its own.
 */
export function createPromisesService({
  tx,
  promises,
  credit,
  logger,
  settings,
  tell,
}: {
  /** The database: reads outside a transaction, and `tx.run` to open one. */
  tx: Tx;
  promises: PromisesRepository;
  credit: CreditService;
  logger: Logger;
  settings: PromiseSettings;
  /** Tells a player something no live update carries (their inbox and their devices): a recorded no-show. */
  tell?: (userId: number, write: (reader: Reader) => PushNotice) => void;
}) {
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
  async function creditMissed(tx: Tx, promise: StoredPromise, recordStatus: string): Promise<Credited> {
    const cents = missedPromiseCredit(promise.base_cents ?? 0);
    const at = nowIso();
    if (promise.user_id !== null && cents > 0) {
      await credit.grantMissedPromise(tx, {
        userId: promise.user_id,
        kind: promise.kind,
        subjectId: promise.subject_id,
        promiseId: promise.id,
        cents,
        reason: null,
        at,
        by: null,
      });
    }
    if (!(await promises.closePromise(tx, promise.id, { status: 'missed', at, by: null }))) return { userId: null, cents: 0 };
    const noun = PROMISE_NOUN[promise.kind];
    const note =
      cents > 0
        ? `The promised ${noun} time was missed: ${formatCents(cents)} store credit was added to the player's account.`
        : `The promised ${noun} time was missed (no price to credit 25% of).`;
    await recordTransition(tx, {
      subject: promise.kind,
      subjectId: promise.subject_id,
      from: recordStatus,
      to: recordStatus,
      actor: SYSTEM_ACTOR,
      note,
    });
    return { userId: promise.user_id, cents };
  }

  const isPast = (promise: StoredPromise, now = nowIso()) => promise.deadline_at < now;

  return {
    checkSchedule,
    /** The store's time zone, in which times are told to people ("Already approved by sam at 12:31 PM"). */
    timeZone: settings.storeTimeZone,

    /**
     * Makes the promise of a schedule (in the caller's transaction): the open one, if any, ends as rescheduled.
     * Answers the new promise's id.
     */
    async promise(
      tx: Tx,
      {
        kind,
        subjectId,
        ownerId,
        schedule,
        baseCents,
        actor,
      }: PromiseRecord & {
        ownerId: number | null;
        schedule: Schedule;
        /** What the 25% of a missed promise is taken of, in cents; null when the record has no price. */
        baseCents: number | null;
        actor: AuthUser;
      },
    ): Promise<number> {
      const time = checkSchedule(schedule);
      const open = await promises.openPromiseOf(tx, kind, subjectId);
      if (open) await promises.closePromise(tx, open.id, { status: 'rescheduled', at: nowIso(), by: actor.username });
      return promises.insertPromise(tx, {
        kind,
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
      { kind, subjectId, recordStatus }: PromiseRecord & { recordStatus: string },
    ): Promise<{ credited: Credited | null; missed: boolean }> {
      const open = await promises.openPromiseOf(tx, kind, subjectId);
      if (!open) return { credited: null, missed: (await promises.latestPromiseOf(tx, kind, subjectId))?.status === 'missed' };
      if (!isPast(open)) return { credited: null, missed: false };
      return { credited: await creditMissed(tx, open, recordStatus), missed: true };
    },

    /**
     * Closes the record's open promise (caller's transaction) because the deal ended: 'kept' when the drop was
     * completed or the pickup collected, 'withdrawn' when a scheduled drop was rejected. Before its deadline it ends so;
     * after it the credit stands, credited now if the job has not yet. Answers what was credited, if anything.
     */
    async close(
      tx: Tx,
      { kind, subjectId, recordStatus, actor, as }: PromiseRecord & { recordStatus: string; actor: AuthUser; as: 'kept' | 'withdrawn' },
    ): Promise<Credited | null> {
      const open = await promises.openPromiseOf(tx, kind, subjectId);
      if (!open) return null;
      if (isPast(open)) return creditMissed(tx, open, recordStatus);
      await promises.closePromise(tx, open.id, { status: as, at: nowIso(), by: actor.username });
      return null;
    },

    /**
     * The player did not come (caller's transaction): only inside the window — from the promised time until the
     * deadline — and then the promise ends without credit; the note and the photo go into the record's history.
     * Before the promised time it answers 400 with the reason; a second no-show answers 409 naming the first.
     */
    async noShow(
      tx: Tx,
      {
        kind,
        subjectId,
        recordStatus,
        actor,
        handover = { note: null, photo: null },
      }: PromiseRecord & {
        recordStatus: string;
        actor: AuthUser;
        handover?: { note: string | null; photo: { imageFile: string; thumbnailFile: string } | null };
      },
    ) {
      const noun = PROMISE_NOUN[kind];
      const open = await promises.openPromiseOf(tx, kind, subjectId);
      if (!open) {
        const latest = await promises.latestPromiseOf(tx, kind, subjectId);
        if (latest?.status === 'no-show')
          throw staleConflict({ status: 'no-show', actorName: latest.closed_by, at: latest.closed_at }, settings.storeTimeZone);
        throw conflict(`This ${noun} has no open promise to record a no-show on`);
      }
      if (clockNow().toISOString() < open.promised_at) {
        const message = `The promised ${noun} time (${storeTime(open.promised_at, settings.storeTimeZone)}) has not come yet: a no-show can be recorded from then until ${storeTime(open.deadline_at, settings.storeTimeZone)}.`;
        throw badRequest(message);
      }
      const at = nowIso();
      await promises.closePromise(tx, open.id, { status: 'no-show', at, by: actor.username });
      // Who recorded it is the step's actor; the note never names an admin (players read it: issue 47.8).
      await recordTransition(tx, {
        subject: kind,
        subjectId,
        from: recordStatus,
        to: recordStatus,
        actor,
        note: `The player did not show.${handover.note ? ` ${handover.note}` : ''} No store credit is owed unless a dispute is upheld.`,
        photo: handover.photo,
      });
      // The player has 48 hours to dispute it: they are told so, with the deadline (issue 47.5), once it commits.
      const userId = open.user_id;
      if (tell && userId !== null) {
        const times = { promisedAt: open.promised_at, disputeBy: new Date(Date.parse(at) + DISPUTE_WINDOW_MS).toISOString() };
        // Written once the player's language is read, after the commit.
        tx.afterCommit(() => tell(userId, (reader) => noShowNotice({ userId, kind, subjectId, promiseId: open.id, ...times, reader })));
      }
    },

    /** The record's most recent promise, whatever its status (a dispute needs its no-show). */
    latestOf: (tx: Tx, { kind, subjectId }: PromiseRecord) => promises.latestPromiseOf(tx, kind, subjectId),

    /**
     * Ends a deleted account's open promises and their open proposals (caller's transaction), each noted in its
     * record's history: nothing is credited to an account nobody can use any more.
     */
    async endPromisesOf(tx: Tx, userId: number, actor: AuthUser) {
      for (const open of await promises.openPromisesOfUser(tx, userId)) {
        await promises.closePromise(tx, open.id, { status: 'withdrawn', at: nowIso(), by: actor.username });
        await promises.withdrawOpenProposals(tx, open.kind, open.subject_id, { at: nowIso(), by: actor.username });
        const status = OPEN_STATUS[open.kind];
        await recordTransition(tx, {
          subject: open.kind,
          subjectId: open.subject_id,
          from: status,
          to: status,
          actor,
          note: `The player's account was deleted, so the promised ${PROMISE_NOUN[open.kind]} time no longer holds and no store credit is owed.`,
        });
      }
    },

    /** Finds missed promises and credits each once; answers how many were credited. Safe to run at once from anywhere. */
    async runDue(now = clockNow()): Promise<number> {
      let count = 0;
      const touched = new Set<number>();
      for (const due of await promises.duePromises(tx, now.toISOString())) {
        const result = await tx.run(async (tx) => {
          const promise = await promises.findPromise(tx, due.id);
          if (!promise || promise.status !== 'open') return null;
          return creditMissed(tx, promise, OPEN_STATUS[promise.kind]);
        });
        if (result) {
          count += 1;
          if (result.userId !== null && result.cents > 0) touched.add(result.userId);
        }
      }
      for (const userId of touched) await credit.announce(userId);
      if (count > 0) logger.info({ credited: count }, 'missed promises credited');
      return count;
    },

    /** Super admin statistics: promises kept on time (%), of those kept or missed. */
    async stats() {
      const { kept, missed } = await promises.keptAndMissed(tx);
      const closed = kept + missed;
      return { promisesKeptPercent: closed === 0 ? null : Math.round((kept / closed) * 1000) / 10 };
    },
  };
}
export type PromisesService = ReturnType<typeof createPromisesService>;

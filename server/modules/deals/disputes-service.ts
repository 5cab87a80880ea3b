import { asCents, formatCents, fromCents } from '../../../src/domain/money';
import { missedPromiseCredit } from '../../../src/domain/promise';
import { DISPUTE_WINDOW_MS, type CreateDisputeBody, type DisputeJson as Dispute } from '../../../src/domain/schemas/deals';
import type { Tx } from '../../db/scope';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { recordTransition, staleConflict, storeTime } from '../history/audit';
import { now, nowIso } from '../../lib/time';
import type { CreditService } from '../credit/service';
import type { PromisesService } from '../promises/service';
import type { AuthUser } from '../users/repository';
import type { DealsRepository, StoredDispute } from './repository';
import type { DealSubjects } from './subjects';

/** What createDisputesService needs. */
export interface DisputesServiceDeps {
  tx: Tx;
  deals: DealsRepository;
  subjects: DealSubjects;
  promisesService: PromisesService;
  creditService: CreditService;
}

/** The helpers the use cases below share. */
function disputesServiceCore({ tx, deals, subjects, promisesService, creditService }: DisputesServiceDeps) {
  const toDispute = (stored: StoredDispute): Dispute => ({
    ...stored.dispute,
    credit: stored.baseCents === null ? 0 : fromCents(missedPromiseCredit(stored.baseCents)),
  });

  async function decide(id: number, superAdmin: AuthUser, outcome: 'upheld' | 'dismissed', note: string | null): Promise<Dispute> {
    const { dispute, credited } = await tx.run(async (tx: Tx) => {
      const stored = await deals.findDispute(tx, id);
      if (!stored) throw notFound(`There is no dispute ${id}`);
      const at = nowIso();
      if (!(await deals.decideDispute(tx, id, { status: outcome, at, by: superAdmin.username, note }))) {
        const { status, decidedBy, decidedAt } = stored.dispute;
        throw staleConflict({ status, actorName: decidedBy, at: decidedAt }, promisesService.timeZone);
      }
      const { subjectType, subjectId } = stored.dispute;
      let cents = asCents(0);
      if (outcome === 'upheld' && stored.userId !== null && stored.baseCents !== null) {
        cents = missedPromiseCredit(stored.baseCents);
        // The same cause as the job's credit for a missed promise: one promise is credited once, however it came about.
        const created = await creditService.grantMissedPromise(tx, {
          userId: stored.userId,
          kind: subjectType,
          subjectId,
          promiseId: stored.promiseId,
          cents,
          reason: `No-show disputed and upheld${note ? `: ${note}` : ''}`,
          at,
          by: superAdmin.username,
        });
        if (!created) cents = asCents(0);
      }
      const subject = await subjects.load(tx, subjectType, subjectId);
      if (subject) {
        await recordTransition(tx, {
          subject: subject.type,
          subjectId,
          from: subject.status,
          to: subject.status,
          actor: superAdmin,
          note:
            // Who decided is the step's actor; the note never names an admin (players read it: issue 47.8).
            outcome === 'upheld'
              ? `Dispute upheld${note ? `: ${note}${/[.!?]$/.test(note) ? '' : '.'}` : '.'} ${cents > 0 ? `${formatCents(cents)} store credit was added for the no-show.` : 'No store credit could be added.'}`
              : `Dispute dismissed: ${note}`,
        });
      }
      return { dispute: toDispute((await deals.findDispute(tx, id))!), credited: cents > 0 ? stored.userId : null };
    });
    if (credited !== null) await creditService.announce(credited);
    return dispute;
  }

  return { toDispute, decide };
}
type DisputesServiceCore = ReturnType<typeof disputesServiceCore>;

/** A player disputes a no-show; the super admin lists the disputes and decides them. */
function disputeUseCases({ tx, deals, subjects, promisesService }: DisputesServiceDeps, { toDispute, decide }: DisputesServiceCore) {
  return {
    /** The owner disputes a no-show within 48 hours of it; once per no-show. */
    async open(user: AuthUser, body: CreateDisputeBody): Promise<Dispute> {
      const id = await tx.run(async (tx) => {
        const subject = await subjects.visible(tx, body.subjectType, body.subjectId, user);
        if (subject.ownerId !== user.id) throw forbidden('Only the player can dispute a no-show');
        const promise = await promisesService.latestOf(tx, { kind: body.subjectType, subjectId: body.subjectId });
        if (!promise || promise.status !== 'no-show' || !promise.closed_at)
          throw conflict(`This ${subject.noun} has no no-show to dispute`);
        const closedAt = Date.parse(promise.closed_at);
        if (now().getTime() - closedAt > DISPUTE_WINDOW_MS)
          throw conflict(
            `A no-show can be disputed for 48 hours; this one was recorded ${storeTime(promise.closed_at, promisesService.timeZone)}.`,
          );
        const inserted = await deals.insertDispute(tx, {
          kind: body.subjectType,
          subject_id: body.subjectId,
          promise_id: promise.id,
          user_id: user.id,
          username: user.username,
          reason: body.reason,
          created_at: nowIso(),
        });
        if (inserted === undefined) throw conflict('You have already disputed this no-show');
        await recordTransition(tx, {
          subject: subject.type,
          subjectId: subject.id,
          from: subject.status,
          to: subject.status,
          actor: user,
          note: `The player disputed the no-show: ${body.reason}`,
        });
        return inserted;
      });
      return toDispute((await deals.findDispute(tx, id))!);
    },

    /** The session user's own disputes, newest first. */
    mine: async (user: AuthUser) => (await deals.listDisputes(tx, { userId: user.id })).map(toDispute),

    /** The super admin's list, newest first; `status` narrows it ('open'). */
    list: async (status?: string) => (await deals.listDisputes(tx, status ? { status } : {})).map(toDispute),

    uphold: (id: number, superAdmin: AuthUser, note: string | null) => decide(id, superAdmin, 'upheld', note || null),

    dismiss(id: number, superAdmin: AuthUser, note: string | null) {
      if (!note || note.trim().length < 3)
        throw badRequest('Say why the dispute is dismissed', [{ path: 'note', message: 'Say why the dispute is dismissed' }]);
      return decide(id, superAdmin, 'dismissed', note.trim());
    },
  };
}

/**
 * Disputes of a no-show (DESIGN.md §10): the owner disputes within 48 hours; the super admin upholds (the 25% is
 * granted then — under the same ledger cause as a missed promise, so never twice, whatever runs at once) or
 * dismisses with a note. Who decided and why stays on the dispute and in the record's history.
 */
export function createDisputesService(deps: DisputesServiceDeps) {
  const core = disputesServiceCore(deps);
  return {
    ...disputeUseCases(deps, core),
  };
}
export type DisputesService = ReturnType<typeof createDisputesService>;

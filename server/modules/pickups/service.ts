import { adminPriceDisplay } from '../../../src/domain/valuation';
import type { Cents } from '../../../src/domain/money';
import type { CreatePickupBody, MarkPaidBody, ScheduledPickupJson as ScheduledPickup } from '../../../src/domain/schemas/pickups';
import type { ItemSubmission } from '../../../src/domain/schemas/submissions';
import type { CreditService } from '../credit/service';
import { requireSchedule, type PromisesService } from '../promises/service';
import { canTransition, PICKUP_TRANSITIONS, pickupStatus, type PickupStatus } from '../../../src/domain/state-machines';
import type { Tx } from '../../db/scope';
import { conflict, notFound } from '../../lib/app-error';
import { recordTransition, refusedTransition, requireExpectedStatus } from '../history/audit';
import { createOnce, type Created, type IdempotencyContext } from '../idempotency/keys';
import { nowIso } from '../../lib/time';
import type { Hub } from '../../realtime/hub';
import { withHandover, type Handover } from '../images/handover';
import type { ImageStore } from '../images/store';
import type { HandoverBody, NoShowBody } from '../../../src/domain/schemas/history';
import type { SubmissionsRepository } from '../submissions/repository';
import type { SubmissionsService } from '../submissions/service';
import type { AuthUser } from '../users/repository';
import type { PickupsRepository } from './repository';
import type { CatalogueService } from '../catalogue/service';
import { isImmediateSchedule } from '../../../src/domain/drop-schedule';

export interface PickupsDeps {
  /** The database: reads outside a transaction, and `tx.run` to open one. */
  tx: Tx;
  pickups: PickupsRepository;
  submissions: SubmissionsRepository;
  submissionsService: SubmissionsService;
  images: ImageStore;
  hub: Hub;
  promisesService: PromisesService;
  creditService: CreditService;
  /** The catalogue in the database: sell valuations read from it (issue 49). */
  catalogue: CatalogueService;
}

/** The payout of a sold item in cents (what the promise credit takes 25% of), or null when it has no price. */
export function payoutCents(
  submission: ItemSubmission,
  agreedPriceCents: number | null,
  /** The valuation table price by item name: the catalogue in the database, read at the moment of the request. */
  sellPriceOf: (name: string) => Cents | null | undefined,
): number | null {
  if (agreedPriceCents !== null) return agreedPriceCents;
  return adminPriceDisplay(submission.ps5Name, submission.quantity, submission.paymentMethod ?? 'usd', 'Price TBD', sellPriceOf).cents;
}

/** Refuses a change to a pickup's promise once its deadline has passed (crediting it now if the job has not yet). */
async function pickupBeforeDeadline(
  { tx, pickups, promisesService, creditService }: Pick<PickupsDeps, 'tx' | 'pickups' | 'promisesService' | 'creditService'>,
  ownerOf: (tx: Tx, pickup: ScheduledPickup) => Promise<number | null>,
  id: number,
  expectedStatus?: string,
) {
  const { credited, missed, ownerId } = await tx.run(async (tx) => {
    const current = await pickups.find(tx, id);
    if (!current) throw notFound(`There is no scheduled pickup ${id}`);
    const status = pickupStatus(current);
    await requireExpectedStatus(tx, {
      kind: 'pickup',
      subjectId: id,
      current: status,
      expected: expectedStatus,
      timeZone: promisesService.timeZone,
    });
    if (status !== 'scheduled') throw await refusedTransition(tx, { kind: 'pickup', subjectId: id, from: status, to: 'scheduled' });
    const record = { kind: 'pickup', subjectId: id, recordStatus: 'scheduled' } as const;
    return { ...(await promisesService.requireBeforeDeadline(tx, record)), ownerId: await ownerOf(tx, current) };
  });
  if (missed) {
    if (credited && credited.cents > 0) await creditService.announce(ownerId);
    throw conflict("The promised pickup time has passed, so the player's store credit stands and the promise can no longer change.");
  }
}

/** The helpers the use cases below share. */
function pickupsServiceCore({ tx, pickups, submissions, hub, promisesService, creditService }: PickupsDeps) {
  const withSubmission = async (tx: Tx, pickup: ScheduledPickup): Promise<ScheduledPickup> => ({
    ...pickup,
    submission: (await submissions.findSubmission(tx, pickup.submissionId))?.submission ?? null,
  });
  const ownerOf = async (tx: Tx, pickup: ScheduledPickup) =>
    (await submissions.findSubmission(tx, pickup.submissionId))?.submitterId ?? null;

  /** Tells of a pickup inside its open transaction (`within`): the note is sent only if it commits (issue 46). */
  async function publishPickup(type: 'NEW_SCHEDULED_PICKUP' | 'PICKUP_STATUS_UPDATE', pickup: ScheduledPickup, within: Tx) {
    // Admins get the submission object; its owner gets the pickup alone.
    const message = { type, payload: await withSubmission(within, pickup) };
    hub.publish(message, { ownerId: await ownerOf(within, pickup) }, { type, payload: pickup }, within);
  }

  async function transition(
    id: number,
    to: PickupStatus,
    actor: AuthUser,
    { handover, expectedStatus }: { handover?: Handover; expectedStatus?: string | null } = {},
  ): Promise<ScheduledPickup> {
    const pickup = await tx.run(async (tx) => {
      const current = await pickups.find(tx, id);
      if (!current) throw notFound(`There is no scheduled pickup ${id}`);
      const from = pickupStatus(current);
      await requireExpectedStatus(tx, {
        kind: 'pickup',
        subjectId: id,
        current: from,
        expected: expectedStatus,
        timeZone: promisesService.timeZone,
      });
      if (!canTransition(PICKUP_TRANSITIONS, from, to)) throw await refusedTransition(tx, { kind: 'pickup', subjectId: id, from, to });
      const now = nowIso();
      if (to === 'collected') await pickups.markCollected(tx, id, now);
      else await pickups.markPaid(tx, id, now);
      await recordTransition(tx, {
        subject: 'pickup',
        subjectId: id,
        from,
        to,
        actor,
        note: handover?.note,
        photo: handover?.photo,
      });
      // Collected on time keeps the promise; late, it is credited now if the job has not already.
      const credited =
        to === 'collected'
          ? await promisesService.close(tx, { kind: 'pickup', subjectId: id, recordStatus: from, actor, as: 'kept' })
          : null;
      const found = (await pickups.find(tx, id))!;
      await publishPickup('PICKUP_STATUS_UPDATE', found, tx);
      return { ...found, creditedOwner: credited && credited.cents > 0 ? credited.userId : null };
    });
    const { creditedOwner, ...plain } = pickup;
    if (creditedOwner !== null) await creditService.announce(creditedOwner);
    return await withSubmission(tx, plain);
  }

  const requireBeforeDeadline = (id: number, expectedStatus?: string) =>
    pickupBeforeDeadline({ tx, pickups, promisesService, creditService }, ownerOf, id, expectedStatus);

  return { withSubmission, ownerOf, publishPickup, transition, requireBeforeDeadline };
}
type PickupsServiceCore = ReturnType<typeof pickupsServiceCore>;

/** The pickups an admin schedules, and who may see which. */
function schedulingUseCases(
  { tx, pickups, submissions, submissionsService, hub, promisesService, catalogue }: PickupsDeps,
  { withSubmission, publishPickup }: PickupsServiceCore,
) {
  return {
    /** Admins: all pickups with their submission; a user: the pickups of their own submissions. */
    async list(user: AuthUser): Promise<ScheduledPickup[]> {
      return user.isAdmin
        ? Promise.all((await pickups.list(tx)).map((pickup) => withSubmission(tx, pickup)))
        : await pickups.listOfSubmitter(tx, user.id);
    },

    async create(actor: AuthUser, body: CreatePickupBody, idempotency: IdempotencyContext | null): Promise<Created<ScheduledPickup>> {
      const schedule = requireSchedule(body, isImmediateSchedule(body));
      promisesService.checkSchedule(schedule);
      const agreedPriceCents = body.agreedPrice ?? null;
      const created = await createOnce(tx, idempotency, 201, async (tx) => {
        const stored = await submissions.findSubmission(tx, body.submissionId);
        if (!stored) throw notFound(`There is no item submission ${body.submissionId}`);
        const from = stored.submission.status;
        await requireExpectedStatus(tx, {
          kind: 'submission',
          subjectId: body.submissionId,
          current: from,
          expected: body.expectedStatus,
          timeZone: promisesService.timeZone,
        });
        if (from !== 'pending')
          throw await refusedTransition(tx, { kind: 'submission', subjectId: body.submissionId, from, to: 'scheduled' });
        const id = await pickups.insert(tx, { submissionId: body.submissionId, schedule, createdAt: nowIso(), agreedPriceCents });
        const promiseId = await promisesService.promise(tx, {
          kind: 'pickup',
          subjectId: id,
          ownerId: stored.submitterId,
          schedule,
          baseCents: payoutCents(stored.submission, agreedPriceCents, await catalogue.sellPriceLookup(tx)),
          actor,
        });
        await pickups.setPromise(tx, id, promiseId);
        // The submission moves pending → scheduled in the same transaction as its pickup.
        await submissions.setSubmissionStatus(tx, body.submissionId, 'scheduled');
        await recordTransition(tx, { subject: 'submission', subjectId: body.submissionId, from, to: 'scheduled', actor });
        await recordTransition(tx, { subject: 'pickup', subjectId: id, from: null, to: 'scheduled', actor });
        const sellChanges = await submissionsService.moveSellRequests(tx, body.submissionId, 'approved', actor);
        const made = await withSubmission(tx, (await pickups.find(tx, id))!);
        // Told inside the transaction: a twin with the same key rolls it back, notes and all (issue 46).
        const { submission, ...pickup } = made;
        if (submission)
          hub.publish({ type: 'ITEM_SUBMISSION_STATUS_UPDATE', payload: submission }, { ownerId: stored.submitterId }, undefined, tx);
        submissionsService.publishSellUpdates(sellChanges, tx);
        await publishPickup('NEW_SCHEDULED_PICKUP', pickup, tx);
        return made;
      });
      return created;
    },
  };
}

/** A pickup collected, paid, or missed by the player. */
function handoverUseCases(
  { tx, pickups, images, promisesService }: PickupsDeps,
  { withSubmission, publishPickup, transition, requireBeforeDeadline }: PickupsServiceCore,
) {
  return {
    /** The item is collected from the player, with an optional proof photo and note in its history. */
    complete: (id: number, actor: AuthUser, body: HandoverBody = {}) =>
      withHandover(images, body, (handover) => transition(id, 'collected', actor, { handover, expectedStatus: body.expectedStatus })),
    pay: (id: number, actor: AuthUser, body: MarkPaidBody = {}) => transition(id, 'paid', actor, { expectedStatus: body.expectedStatus }),

    /** The player did not come (before the deadline): the promise ends without credit. */
    async noShow(id: number, actor: AuthUser, body: NoShowBody = {}): Promise<ScheduledPickup> {
      await requireBeforeDeadline(id, body.expectedStatus);
      const pickup = await withHandover(images, body, (handover) =>
        tx.run(async (tx) => {
          await promisesService.noShow(tx, { kind: 'pickup', subjectId: id, recordStatus: 'scheduled', actor, handover });
          const found = (await pickups.find(tx, id))!;
          await publishPickup('PICKUP_STATUS_UPDATE', found, tx);
          return found;
        }),
      );
      return await withSubmission(tx, pickup);
    },
  };
}

/** Pickups: creating one schedules its submission; then scheduled → collected → paid, anything else a 409. */
export function createPickupsService(deps: PickupsDeps) {
  const core = pickupsServiceCore(deps);
  return {
    ...schedulingUseCases(deps, core),
    ...handoverUseCases(deps, core),
  };
}
export type PickupsService = ReturnType<typeof createPickupsService>;

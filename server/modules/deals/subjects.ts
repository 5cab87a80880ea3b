import type { Schedule } from '../../../src/domain/drop-schedule';
import type { PromiseSubjectType } from '../../../src/domain/schemas/deals';
import { ScheduledPickup as ScheduledPickupSchema, type ScheduledPickupJson as ScheduledPickup } from '../../../src/domain/schemas/pickups';
import type { PurchaseRequestJson as PurchaseRequest } from '../../../src/domain/schemas/purchases';
import { pickupStatus } from '../../../src/domain/state-machines';
import type { Tx } from '../../db/scope';
import { notFound } from '../../lib/app-error';
import type { Hub } from '../../realtime/hub';
import type { PickupsRepository } from '../pickups/repository';
import { payoutCents } from '../pickups/service';
import { sellPriceLookup } from '../catalogue/view';
import type { PurchasesRepository } from '../purchases/repository';
import type { SubmissionsRepository } from '../submissions/repository';
import type { AuthUser } from '../users/repository';

/** A drop or a pickup as proposals and disputes need it: whose it is, where it stands, what its promise is worth. */
export interface DealSubject {
  type: PromiseSubjectType;
  id: number;
  ownerId: number | null;
  ownerName: string;
  /** The record's status ('approved' for a drop, 'scheduled' for a pickup while its promise can move). */
  status: string;
  /** The status in which its time can still change. */
  openStatus: string;
  baseCents: number | null;
  noun: 'drop' | 'pickup';
  /** Record-specific writes and the live update. */
  setSchedule(tx: Tx, promiseId: number, schedule: Schedule): Promise<void>;
  publish(tx: Tx): Promise<void>;
}

/** What the deal subjects read: the drops, the pickups with their submissions, and the hub to tell of a change. */
interface SubjectSources {
  purchases: PurchasesRepository;
  pickups: PickupsRepository;
  submissions: SubmissionsRepository;
  hub: Hub;
}

/** A drop as a deal's subject. */
async function loadDrop({ purchases, hub }: SubjectSources, tx: Tx, id: number): Promise<DealSubject | undefined> {
  const stored = await purchases.find(tx, id);
  if (!stored) return undefined;
  return {
    type: 'purchase-request',
    id,
    ownerId: stored.requesterId,
    ownerName: stored.request.requesterName,
    status: stored.request.status,
    openStatus: 'approved',
    baseCents: stored.totalCents,
    noun: 'drop',
    async setSchedule(tx2, promiseId, schedule) {
      await purchases.setPromise(tx2, id, promiseId);
      await purchases.update(tx2, id, { status: 'approved', ...schedule });
    },
    async publish(tx2) {
      const now = await purchases.find(tx2, id);
      if (now)
        // Inside the caller's transaction when it is one (the note then goes with its commit, issue 46).
        hub.publish(
          { type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: now.request as PurchaseRequest },
          { ownerId: now.requesterId },
          undefined,
          tx2,
        );
    },
  };
}

/** A pickup as a deal's subject: its owner and payout read from its submission. */
async function loadPickup({ pickups, submissions, hub }: SubjectSources, tx: Tx, id: number): Promise<DealSubject | undefined> {
  const pickup = await pickups.find(tx, id);
  if (!pickup) return undefined;
  const stored = await submissions.findSubmission(tx, pickup.submissionId);
  // The pickup as the API writes it (USD), its agreed price read back as cents through the pickup's schema.
  const agreed = ScheduledPickupSchema.shape.agreedPrice.parse(pickup.agreedPrice);
  return {
    type: 'pickup',
    id,
    ownerId: stored?.submitterId ?? null,
    ownerName: stored?.submission.submittedBy ?? '',
    status: pickupStatus(pickup),
    openStatus: 'scheduled',
    baseCents: stored ? payoutCents(stored.submission, agreed, await sellPriceLookup(tx)) : null,
    noun: 'pickup',
    async setSchedule(tx2, promiseId, schedule) {
      await pickups.setPromise(tx2, id, promiseId);
      await pickups.reschedule(tx2, id, schedule);
    },
    async publish(tx2) {
      const now = (await pickups.find(tx2, id)) as ScheduledPickup | undefined;
      if (!now) return;
      const submission = (await submissions.findSubmission(tx2, now.submissionId)) ?? null;
      hub.publish(
        { type: 'PICKUP_STATUS_UPDATE', payload: { ...now, submission: submission?.submission ?? null } },
        { ownerId: submission?.submitterId ?? null },
        { type: 'PICKUP_STATUS_UPDATE', payload: now },
        tx2,
      );
    },
  };
}

/** Reads drops and pickups for the deal rules (proposals, disputes) without either module knowing the other. */
export function createDealSubjects(sources: SubjectSources) {
  const load = (tx: Tx, type: PromiseSubjectType, id: number): Promise<DealSubject | undefined> =>
    type === 'purchase-request' ? loadDrop(sources, tx, id) : loadPickup(sources, tx, id);
  return {
    load,
    /** The record if the viewer may see it (its owner, or an admin); otherwise 404, never its content. */
    async visible(tx: Tx, type: PromiseSubjectType, id: number, viewer: AuthUser): Promise<DealSubject> {
      const subject = await load(tx, type, id);
      if (!subject || (!viewer.isAdmin && subject.ownerId !== viewer.id))
        throw notFound(`There is no ${type === 'purchase-request' ? 'purchase request' : 'pickup'} ${id}`);
      return subject;
    },
  };
}
export type DealSubjects = ReturnType<typeof createDealSubjects>;

import type {
  CreateItemSubmissionBody,
  CreateUserSellRequestBody,
  ItemSubmission,
  UserSellRequest,
} from '../../../src/domain/schemas/submissions';
import { canTransition, SUBMISSION_TRANSITIONS, type SellRequestStatus } from '../../../src/domain/state-machines';
import type { Tx } from '../../db/scope';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { recordTransition, refusedTransition, requireExpectedStatus } from '../history/audit';
import { createOnce, type Created, type IdempotencyContext } from '../idempotency/keys';
import { nowIso } from '../../lib/time';
import type { Hub } from '../../realtime/hub';
import { decodeDataUrl, processImage } from '../images/process';
import type { ImageStore, StoredFiles } from '../images/store';
import type { AuthUser, UsersRepository } from '../users/repository';
import type { SubmissionsRepository } from './repository';

export interface SubmissionsDeps {
  /** The database: reads outside a transaction, and `tx.run` to open one. */
  tx: Tx;
  submissions: SubmissionsRepository;
  users: UsersRepository;
  images: ImageStore;
  hub: Hub;
  /** The store's time zone, in which a 409 tells when another admin acted. */
  storeTimeZone: string;
}

/** The helpers the use cases below share. */
function submissionsServiceCore({ submissions, hub }: SubmissionsDeps) {
  /** Moves every open sell request of a submission to `to`, with audit rows (in the caller's transaction); returns those changed. */
  async function moveSellRequests(tx: Tx, submissionId: number, to: SellRequestStatus, actor: AuthUser) {
    const changed = [];
    for (const stored of await submissions.sellRequestsOfSubmission(tx, submissionId)) {
      const from = stored.request.status;
      if (from === to || from === 'rejected' || from === 'cancelled') continue;
      await submissions.setSellRequestStatus(tx, stored.request.id, to);
      await recordTransition(tx, { subject: 'sell-request', subjectId: stored.request.id, from, to, actor });
      changed.push((await submissions.findSellRequest(tx, stored.request.id))!);
    }
    return changed;
  }

  /** Tells of moved sell requests; given the open transaction (`within`), inside it (issue 46: sent only if it commits). */
  function publishSellUpdates(changed: Awaited<ReturnType<typeof moveSellRequests>>, within?: Tx) {
    for (const { request, userId } of changed)
      hub.publish({ type: 'SELL_REQUEST_STATUS_UPDATE', payload: request }, { ownerId: userId }, undefined, within);
  }

  return { moveSellRequests, publishSellUpdates };
}
type SubmissionsServiceCore = ReturnType<typeof submissionsServiceCore>;

/** A player sends an item submission. */
function submissionIntake(
  { tx, submissions, images, hub }: SubmissionsDeps,
  { moveSellRequests, publishSellUpdates }: SubmissionsServiceCore,
) {
  return {
    moveSellRequests,
    publishSellUpdates,

    async createSubmission(
      user: AuthUser,
      body: CreateItemSubmissionBody,
      idempotency: IdempotencyContext | null,
    ): Promise<Created<ItemSubmission>> {
      let files: StoredFiles | null = null;
      if (body.imageUrl) files = await images.save(await processImage(decodeDataUrl(body.imageUrl)));
      let created: Created<ItemSubmission>;
      try {
        created = await createOnce(tx, idempotency, 201, async (tx) => {
          const id = await submissions.insertSubmission(tx, {
            submitterId: user.id,
            submittedBy: user.username,
            ps5Name: body.ps5Name,
            robloxName: body.robloxName,
            imageFile: files?.imageFile ?? null,
            thumbnailFile: files?.thumbnailFile ?? null,
            quantity: body.quantity,
            hasMultipleQuantity: body.hasMultipleQuantity,
            paymentMethod: body.paymentMethod,
            createdAt: nowIso(),
          });
          await recordTransition(tx, { subject: 'submission', subjectId: id, from: null, to: 'pending', actor: user });
          const made = (await submissions.findSubmission(tx, id))!.submission;
          // Told inside the transaction: a twin with the same key rolls it back, note and all (issue 46).
          hub.publish({ type: 'NEW_ITEM_SUBMISSION', payload: made }, { ownerId: user.id }, undefined, tx);
          return made;
        });
      } catch (error) {
        if (files) await images.remove(files);
        throw error;
      } finally {
        if (files) images.settle(files);
      }
      // A concurrent twin with the same key won: its photo is the stored one.
      if (created.replayed && files) await images.remove(files);
      return created;
    },

    /** JSON text of every submission, newest first. */
    listSubmissionsJson: () => submissions.listSubmissionsJson(tx),
  };
}

/** An admin moves a submission along; the player cancels their own. */
function submissionReview(
  { tx, submissions, hub, storeTimeZone }: SubmissionsDeps,
  { moveSellRequests, publishSellUpdates }: SubmissionsServiceCore,
) {
  return {
    /** PATCH status: only a denial of a pending submission (with an optional reason the player sees); scheduling is only by creating a pickup. */
    async updateSubmissionStatus(
      id: number,
      to: 'rejected' | 'scheduled' | 'pending',
      actor: AuthUser,
      { rejectionReason = null, expectedStatus }: { rejectionReason?: string | null; expectedStatus?: string } = {},
    ): Promise<ItemSubmission> {
      const stored = await tx.run(async (tx) => {
        const current = await submissions.findSubmission(tx, id);
        if (!current) throw notFound(`There is no item submission ${id}`);
        const from = current.submission.status;
        await requireExpectedStatus(tx, {
          kind: 'submission',
          subjectId: id,
          current: from,
          expected: expectedStatus,
          timeZone: storeTimeZone,
        });
        if (to === 'scheduled' && from === 'pending') throw conflict('A submission is scheduled by creating its pickup');
        if (to !== 'rejected' || !canTransition(SUBMISSION_TRANSITIONS, from, to))
          throw await refusedTransition(tx, { kind: 'submission', subjectId: id, from, to });
        await submissions.setSubmissionStatus(tx, id, 'rejected', { rejectedAt: nowIso(), rejectionReason });
        await recordTransition(tx, { subject: 'submission', subjectId: id, from, to, actor, note: rejectionReason || null });
        // Rejecting a submission also rejects its sell request(s) (docs/API.md).
        const changed = await moveSellRequests(tx, id, 'rejected', actor);
        const stored = (await submissions.findSubmission(tx, id))!;
        hub.publish({ type: 'ITEM_SUBMISSION_STATUS_UPDATE', payload: stored.submission }, { ownerId: stored.submitterId }, undefined, tx);
        publishSellUpdates(changed, tx);
        return stored;
      });
      return stored.submission;
    },

    /** The player takes back their own submission while it is still pending; its sell request(s) follow. */
    async cancelSubmission(id: number, user: AuthUser): Promise<ItemSubmission> {
      const stored = await tx.run(async (tx) => {
        const current = await submissions.findSubmission(tx, id);
        if (!current) throw notFound(`There is no item submission ${id}`);
        if (current.submitterId !== user.id) throw forbidden('You can only cancel your own submissions');
        const from = current.submission.status;
        if (!canTransition(SUBMISSION_TRANSITIONS, from, 'cancelled'))
          throw await refusedTransition(tx, { kind: 'submission', subjectId: id, from, to: 'cancelled', viewer: user });
        await submissions.setSubmissionStatus(tx, id, 'cancelled', { cancelledAt: nowIso() });
        await recordTransition(tx, { subject: 'submission', subjectId: id, from, to: 'cancelled', actor: user });
        const changed = await moveSellRequests(tx, id, 'cancelled', user);
        const stored = (await submissions.findSubmission(tx, id))!;
        hub.publish({ type: 'ITEM_SUBMISSION_STATUS_UPDATE', payload: stored.submission }, { ownerId: stored.submitterId }, undefined, tx);
        publishSellUpdates(changed, tx);
        return stored;
      });
      return stored.submission;
    },
  };
}

/** Sell requests: the player’s record of a sale, and one user’s list of them. */
function sellRequestUseCases({ tx, submissions, users, hub }: SubmissionsDeps, _core: SubmissionsServiceCore) {
  return {
    async createSellRequest(
      user: AuthUser,
      body: CreateUserSellRequestBody,
      idempotency: IdempotencyContext | null,
    ): Promise<Created<UserSellRequest>> {
      const created = await createOnce(tx, idempotency, 201, async (tx) => {
        const linked = await submissions.findSubmission(tx, body.submissionId);
        if (!linked) throw notFound(`There is no item submission ${body.submissionId}`);
        if (linked.submitterId !== user.id) throw forbidden('submissionId must be the id of your own submission');
        // Born in step with its submission, in case an admin acted before the request arrived.
        const status: SellRequestStatus =
          linked.submission.status === 'rejected'
            ? 'rejected'
            : linked.submission.status === 'cancelled'
              ? 'cancelled'
              : linked.submission.status === 'scheduled'
                ? 'approved'
                : 'pending';
        const id = await submissions.insertSellRequest(tx, {
          userId: user.id,
          username: (await users.findById(tx, user.id))!.username,
          itemName: body.itemName,
          category: body.category,
          hasMultipleQuantity: body.hasMultipleQuantity,
          quantity: body.quantity,
          paymentMethod: body.paymentMethod,
          status,
          submissionId: body.submissionId,
          createdAt: nowIso(),
        });
        await recordTransition(tx, { subject: 'sell-request', subjectId: id, from: null, to: status, actor: user });
        const made = (await submissions.findSellRequest(tx, id))!.request;
        hub.publish({ type: 'NEW_SELL_REQUEST', payload: made }, { ownerId: user.id }, undefined, tx);
        return made;
      });
      return created;
    },

    /** One user's sell requests; a player reading their own is known from the session, so the name is not looked up. */
    async listSellRequestsOf(username: string, viewer?: AuthUser) {
      if (viewer && viewer.username === username) return await submissions.listSellRequestsOf(tx, viewer.id);
      const owner = await users.findByName(tx, username);
      if (!owner) throw notFound(`There is no user named '${username}'`);
      return await submissions.listSellRequestsOf(tx, owner.id);
    },
  };
}

/** Item submissions (with their photos) and the customer's sell requests. */
export function createSubmissionsService(deps: SubmissionsDeps) {
  const core = submissionsServiceCore(deps);
  return {
    ...submissionIntake(deps, core),
    ...submissionReview(deps, core),
    ...sellRequestUseCases(deps, core),
  };
}
export type SubmissionsService = ReturnType<typeof createSubmissionsService>;

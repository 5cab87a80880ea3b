import type { CreateItemSubmissionBody, CreateUserSellRequestBody, ItemSubmission, UserSellRequest } from '../../../src/domain/schemas/submissions';
import { canTransition, SUBMISSION_TRANSITIONS, type SellRequestStatus } from '../../../src/domain/state-machines';
import type { Db } from '../../db/connection';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { recordTransition, refusedTransition } from '../../lib/audit';
import { createOnce, findReplay, type Created, type IdempotencyContext } from '../../lib/idempotency';
import { nowIso } from '../../lib/time';
import type { Hub } from '../../realtime/hub';
import { decodeDataUrl, processImage } from '../images/process';
import type { ImageStore, StoredFiles } from '../images/store';
import type { AuthUser, UsersRepository } from '../users/repository';
import type { SubmissionsRepository } from './repository';

export interface SubmissionsDeps {
  db: Db;
  submissions: SubmissionsRepository;
  users: UsersRepository;
  images: ImageStore;
  hub: Hub;
}

/** Item submissions (with their photos) and the customer's sell requests. */
export function createSubmissionsService({ db, submissions, users, images, hub }: SubmissionsDeps) {
  /** Moves every open sell request of a submission to `to`, with audit rows; returns those changed. */
  function moveSellRequests(submissionId: number, to: SellRequestStatus, actor: AuthUser) {
    const changed = [];
    for (const stored of submissions.sellRequestsOfSubmission(submissionId)) {
      const from = stored.request.status;
      if (from === to || from === 'rejected' || from === 'cancelled') continue;
      submissions.setSellRequestStatus(stored.request.id, to);
      recordTransition(db, { subject: 'user_sell_request', subjectId: stored.request.id, from, to, actor });
      changed.push(submissions.findSellRequest(stored.request.id)!);
    }
    return changed;
  }

  function publishSellUpdates(changed: ReturnType<typeof moveSellRequests>) {
    for (const { request, userId } of changed) hub.publish({ type: 'SELL_REQUEST_STATUS_UPDATE', payload: request }, { ownerId: userId });
  }

  return {
    moveSellRequests,
    publishSellUpdates,

    async createSubmission(user: AuthUser, body: CreateItemSubmissionBody, idempotency: IdempotencyContext | null): Promise<Created<ItemSubmission>> {
      const replay = findReplay(db, idempotency);
      if (replay) return { status: replay.status, body: replay.body as ItemSubmission, replayed: true };
      let files: StoredFiles | null = null;
      if (body.imageUrl) files = images.save(await processImage(decodeDataUrl(body.imageUrl)));
      let created: Created<ItemSubmission>;
      try {
        created = createOnce(db, idempotency, 201, () => {
          const id = submissions.insertSubmission({
            submitterId: user.id,
            submittedBy: users.findById(user.id)!.username,
            ps5Name: body.ps5Name,
            robloxName: body.robloxName,
            imageFile: files?.imageFile ?? null,
            thumbnailFile: files?.thumbnailFile ?? null,
            quantity: body.quantity,
            hasMultipleQuantity: body.hasMultipleQuantity,
            paymentMethod: body.paymentMethod,
            createdAt: nowIso(),
          });
          recordTransition(db, { subject: 'item_submission', subjectId: id, from: null, to: 'pending', actor: user });
          return submissions.findSubmission(id)!.submission;
        });
      } catch (error) {
        if (files) images.remove(files);
        throw error;
      }
      // A concurrent twin with the same key won: its photo is the stored one.
      if (created.replayed && files) images.remove(files);
      if (!created.replayed) hub.publish({ type: 'NEW_ITEM_SUBMISSION', payload: created.body }, { ownerId: user.id });
      return created;
    },

    /** JSON text of every submission, newest first. */
    listSubmissionsJson: () => submissions.listSubmissionsJson(),

    /** PATCH status: only a denial of a pending submission (with an optional reason the player sees); scheduling is only by creating a pickup. */
    updateSubmissionStatus(id: number, to: 'rejected' | 'scheduled' | 'pending', actor: AuthUser, rejectionReason: string | null = null): ItemSubmission {
      const { stored, changed } = db.transaction(() => {
        const current = submissions.findSubmission(id);
        if (!current) throw notFound(`There is no item submission ${id}`);
        const from = current.submission.status;
        if (to === 'scheduled' && from === 'pending') throw conflict('A submission is scheduled by creating its pickup');
        if (to !== 'rejected' || !canTransition(SUBMISSION_TRANSITIONS, from, to)) throw refusedTransition(db, 'item_submission', id, 'submission', from, to);
        submissions.setSubmissionStatus(id, 'rejected', { rejectedAt: nowIso(), rejectionReason });
        recordTransition(db, { subject: 'item_submission', subjectId: id, from, to, actor, note: rejectionReason || null });
        // Rejecting a submission also rejects its sell request(s) (docs/API.md).
        const changed = moveSellRequests(id, 'rejected', actor);
        return { stored: submissions.findSubmission(id)!, changed };
      })();
      hub.publish({ type: 'ITEM_SUBMISSION_STATUS_UPDATE', payload: stored.submission }, { ownerId: stored.submitterId });
      publishSellUpdates(changed);
      return stored.submission;
    },

    /** The player takes back their own submission while it is still pending; its sell request(s) follow. */
    cancelSubmission(id: number, user: AuthUser): ItemSubmission {
      const { stored, changed } = db.transaction(() => {
        const current = submissions.findSubmission(id);
        if (!current) throw notFound(`There is no item submission ${id}`);
        if (current.submitterId !== user.id) throw forbidden('You can only cancel your own submissions');
        const from = current.submission.status;
        if (!canTransition(SUBMISSION_TRANSITIONS, from, 'cancelled')) throw refusedTransition(db, 'item_submission', id, 'submission', from, 'cancelled');
        submissions.setSubmissionStatus(id, 'cancelled', { cancelledAt: nowIso() });
        recordTransition(db, { subject: 'item_submission', subjectId: id, from, to: 'cancelled', actor: user });
        const changed = moveSellRequests(id, 'cancelled', user);
        return { stored: submissions.findSubmission(id)!, changed };
      })();
      hub.publish({ type: 'ITEM_SUBMISSION_STATUS_UPDATE', payload: stored.submission }, { ownerId: stored.submitterId });
      publishSellUpdates(changed);
      return stored.submission;
    },

    createSellRequest(user: AuthUser, body: CreateUserSellRequestBody, idempotency: IdempotencyContext | null): Created<UserSellRequest> {
      const created = createOnce(db, idempotency, 201, () => {
        const linked = submissions.findSubmission(body.submissionId);
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
        const id = submissions.insertSellRequest({
          userId: user.id,
          username: users.findById(user.id)!.username,
          itemName: body.itemName,
          category: body.category,
          hasMultipleQuantity: body.hasMultipleQuantity,
          quantity: body.quantity,
          paymentMethod: body.paymentMethod,
          status,
          submissionId: body.submissionId,
          createdAt: nowIso(),
        });
        recordTransition(db, { subject: 'user_sell_request', subjectId: id, from: null, to: status, actor: user });
        return submissions.findSellRequest(id)!.request;
      });
      if (!created.replayed) hub.publish({ type: 'NEW_SELL_REQUEST', payload: created.body }, { ownerId: user.id });
      return created;
    },

    listSellRequestsOf(username: string) {
      const owner = users.findByName(username);
      if (!owner) throw notFound(`There is no user named '${username}'`);
      return submissions.listSellRequestsOf(owner.id);
    },
  };
}
export type SubmissionsService = ReturnType<typeof createSubmissionsService>;

import type { HistoryEntry, HistorySubject } from '../../../src/domain/schemas/history';
import { forbidden, notFound } from '../../lib/app-error';
import type { AuditSubject } from '../../lib/audit';
import { imageUrl } from '../images/store';
import type { PickupsRepository } from '../pickups/repository';
import type { PurchasesRepository } from '../purchases/repository';
import type { SubmissionsRepository } from '../submissions/repository';
import type { AuthUser } from '../users/repository';
import type { HistoryRepository } from './repository';

interface Deps {
  history: HistoryRepository;
  purchases: PurchasesRepository;
  submissions: SubmissionsRepository;
  pickups: PickupsRepository;
}

/** Timelines of purchase requests, submissions and pickups, from the audit rows; and who may see a proof photo. */
export function createHistoryService({ history, purchases, submissions, pickups }: Deps) {
  /** A submission's own steps and its pickup's, so a player sees the whole journey of an item they sold. */
  function submissionSubjects(submissionId: number): { ownerId: number | null; subjects: Array<[AuditSubject, number]> } {
    const stored = submissions.findSubmission(submissionId);
    if (!stored) throw notFound(`There is no item submission ${submissionId}`);
    const subjects: Array<[AuditSubject, number]> = [['item_submission', submissionId]];
    for (const pickupId of pickups.idsOfSubmission(submissionId)) subjects.push(['scheduled_pickup', pickupId]);
    return { ownerId: stored.submitterId, subjects };
  }

  function resolve(subject: HistorySubject, id: number): { ownerId: number | null; subjects: Array<[AuditSubject, number]> } {
    if (subject === 'purchase-request') {
      const stored = purchases.find(id);
      if (!stored) throw notFound(`There is no purchase request ${id}`);
      return { ownerId: stored.requesterId, subjects: [['purchase_request', id]] };
    }
    if (subject === 'submission') return submissionSubjects(id);
    const pickup = pickups.find(id);
    if (!pickup) throw notFound(`There is no scheduled pickup ${id}`);
    return submissionSubjects(pickup.submissionId);
  }

  /** The owner of the record a subject belongs to. */
  function ownerOfSubject(type: AuditSubject, id: number): number | null | undefined {
    if (type === 'purchase_request') return purchases.find(id)?.requesterId;
    if (type === 'scheduled_pickup') {
      const pickup = pickups.find(id);
      return pickup ? submissions.findSubmission(pickup.submissionId)?.submitterId : undefined;
    }
    return submissions.findSubmission(id)?.submitterId;
  }

  return {
    /** Admins see every record's timeline; the owner sees their own, with admins named "Admin". */
    timeline(viewer: AuthUser, subject: HistorySubject, id: number): HistoryEntry[] {
      const { ownerId, subjects } = resolve(subject, id);
      if (!viewer.isAdmin && ownerId !== viewer.id) throw forbidden('You may only see the history of your own records');
      return history.rowsOf(subjects).map((row) => ({
        from: row.from_status,
        to: row.to_status,
        actorName: viewer.isAdmin || row.actor_id === viewer.id || row.actor_id === null ? row.actor_name : 'Admin',
        at: row.at,
        note: row.note,
        photoUrl: imageUrl(row.photo_file),
        thumbnailUrl: imageUrl(row.thumbnail_file),
      }));
    },
    /** For a handover photo: the owner of the record it proves (undefined when no transition names the file). */
    ownerOfProof(file: string): { ownerId: number | null } | undefined {
      const subject = history.subjectOfFile(file);
      if (!subject) return undefined;
      const ownerId = ownerOfSubject(subject.subject_type, subject.subject_id);
      return { ownerId: ownerId ?? null };
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;

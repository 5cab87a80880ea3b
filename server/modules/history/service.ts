import type { HistoryEntry, HistorySubject } from '../../../src/domain/schemas/history';
import { stepTitle } from '../../../src/domain/history-wording';
import type { Tx } from '../../db/scope';
import { forbidden, notFound } from '../../lib/app-error';
import type { AuditSubject } from './audit-repository';
import { imageUrl } from '../images/store';
import type { PickupsRepository } from '../pickups/repository';
import type { PurchasesRepository } from '../purchases/repository';
import type { SubmissionsRepository } from '../submissions/repository';
import type { AuthUser } from '../users/repository';
import type { HistoryRepository } from './repository';

/** Replaces each of `names` in a text by "Admin", as a whole username (they are letters, digits, '_', '.', '-'). */
function hiddenNames(names: string[]): ((text: string) => string) | null {
  const unique = [...new Set(names)].filter((name) => name.length > 0 && name !== 'Admin');
  if (unique.length === 0) return null;
  const escaped = unique.sort((a, b) => b.length - a.length).map((name) => name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'));
  const pattern = new RegExp(`(?<![\\w.-])(?:${escaped.join('|')})(?![\\w-]|\\.\\w)`, 'g');
  return (text) => text.replace(pattern, 'Admin');
}

interface Deps {
  /** The database (the history is only read). */
  tx: Tx;
  history: HistoryRepository;
  purchases: PurchasesRepository;
  submissions: SubmissionsRepository;
  pickups: PickupsRepository;
}

/** Timelines of purchase requests, submissions and pickups, from the audit rows; and who may see a proof photo. */
export function createHistoryService({ tx, history, purchases, submissions, pickups }: Deps) {
  /** A submission's own steps and its pickup's, so a player sees the whole journey of an item they sold. */
  async function submissionSubjects(submissionId: number): Promise<{ ownerId: number | null; subjects: Array<[AuditSubject, number]> }> {
    const stored = await submissions.findSubmission(tx, submissionId);
    if (!stored) throw notFound(`There is no item submission ${submissionId}`);
    const subjects: Array<[AuditSubject, number]> = [['submission', submissionId]];
    for (const pickupId of await pickups.idsOfSubmission(tx, submissionId)) subjects.push(['pickup', pickupId]);
    return { ownerId: stored.submitterId, subjects };
  }

  async function resolve(
    subject: HistorySubject,
    id: number,
  ): Promise<{ ownerId: number | null; subjects: Array<[AuditSubject, number]> }> {
    if (subject === 'purchase-request') {
      const stored = await purchases.find(tx, id);
      if (!stored) throw notFound(`There is no purchase request ${id}`);
      return { ownerId: stored.requesterId, subjects: [['purchase-request', id]] };
    }
    if (subject === 'submission') return await submissionSubjects(id);
    const pickup = await pickups.find(tx, id);
    if (!pickup) throw notFound(`There is no scheduled pickup ${id}`);
    return await submissionSubjects(pickup.submissionId);
  }

  /** The owner of the record a subject belongs to. */
  async function ownerOfSubject(type: AuditSubject, id: number): Promise<number | null | undefined> {
    if (type === 'purchase-request') return (await purchases.find(tx, id))?.requesterId;
    if (type === 'pickup') {
      const pickup = await pickups.find(tx, id);
      return pickup ? (await submissions.findSubmission(tx, pickup.submissionId))?.submitterId : undefined;
    }
    return (await submissions.findSubmission(tx, id))?.submitterId;
  }

  return {
    /** Admins see every record's timeline; the owner sees their own, with admins named "Admin". */
    async timeline(viewer: AuthUser, subject: HistorySubject, id: number): Promise<HistoryEntry[]> {
      const { ownerId, subjects } = await resolve(subject, id);
      if (!viewer.isAdmin && ownerId !== viewer.id) throw forbidden('You may only see the history of your own records');
      const rows = await history.rowsOf(tx, subjects);
      const shown = (row: (typeof rows)[number]) => viewer.isAdmin || row.actor_id === viewer.id || row.actor_id === null;
      // A player never reads an admin's username (issue 47.8): not on the actor line, and not in a note written before
      // notes stopped naming them ("recorded by carol", "proposed by sam"): every admin of this record's steps is "Admin".
      const hide = viewer.isAdmin ? null : hiddenNames(rows.filter((row) => !shown(row)).map((row) => row.actor_name));
      const steps = rows.map((row) => ({ from: row.from_status, to: row.to_status, note: hide && row.note ? hide(row.note) : row.note }));
      return rows.map((row, index) => ({
        ...steps[index]!,
        title: stepTitle(steps, index),
        actorName: shown(row) ? row.actor_name : 'Admin',
        at: row.at,
        photoUrl: imageUrl(row.photo_file),
        thumbnailUrl: imageUrl(row.thumbnail_file),
      }));
    },
    /** For a handover photo: the owner of the record it proves (undefined when no transition names the file). */
    async ownerOfProof(file: string): Promise<{ ownerId: number | null } | undefined> {
      const subject = await history.subjectOfFile(tx, file);
      if (!subject) return undefined;
      const ownerId = await ownerOfSubject(subject.subject_type, subject.subject_id);
      return { ownerId: ownerId ?? null };
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;

import type { ItemSubmission, UserSellRequest } from '../../../src/domain/schemas/submissions';
import type { SellRequestStatus, SubmissionStatus } from '../../../src/domain/state-machines';
import type { PaymentMethod } from '../../../src/domain/valuation';
import type { Db } from '../../db/connection';
import { readCache } from '../../db/read-cache';
import { imageUrl } from '../images/store';

interface SubmissionRow {
  id: number;
  submitter_id: number | null;
  submitted_by: string;
  ps5_name: string;
  roblox_name: string;
  image_file: string | null;
  thumbnail_file: string | null;
  quantity: number;
  has_multiple_quantity: number;
  payment_method: PaymentMethod | null;
  status: SubmissionStatus;
  created_at: string;
  rejected_at: string | null;
  rejection_reason: string | null;
}

interface SellRequestRow {
  id: number;
  user_id: number | null;
  username: string;
  item_name: string;
  category: string;
  has_multiple_quantity: number;
  quantity: number;
  payment_method: PaymentMethod;
  status: SellRequestStatus;
  submission_id: number;
  created_at: string;
  image_file: string | null;
  thumbnail_file: string | null;
}

export interface StoredSubmission {
  submission: ItemSubmission;
  submitterId: number | null;
}

export interface StoredSellRequest {
  request: UserSellRequest;
  userId: number | null;
}

export const toSubmission = (row: SubmissionRow): ItemSubmission => ({
  id: row.id,
  ps5Name: row.ps5_name,
  robloxName: row.roblox_name,
  submittedBy: row.submitted_by,
  imageUrl: imageUrl(row.image_file),
  thumbnailUrl: imageUrl(row.thumbnail_file),
  quantity: row.quantity,
  hasMultipleQuantity: row.has_multiple_quantity === 1,
  paymentMethod: row.payment_method,
  status: row.status,
  createdAt: row.created_at,
  rejectedAt: row.rejected_at,
  rejectionReason: row.rejection_reason,
});

const toSellRequest = (row: SellRequestRow): UserSellRequest => ({
  id: row.id,
  username: row.username,
  itemName: row.item_name,
  category: row.category,
  imageUrl: imageUrl(row.image_file),
  thumbnailUrl: imageUrl(row.thumbnail_file),
  hasMultipleQuantity: row.has_multiple_quantity === 1,
  quantity: row.quantity,
  paymentMethod: row.payment_method,
  status: row.status,
  submissionId: row.submission_id,
  createdAt: row.created_at,
});

export interface NewSubmission {
  submitterId: number;
  submittedBy: string;
  ps5Name: string;
  robloxName: string;
  imageFile: string | null;
  thumbnailFile: string | null;
  quantity: number;
  hasMultipleQuantity: boolean;
  paymentMethod: PaymentMethod;
  createdAt: string;
}

export interface NewSellRequest {
  userId: number;
  username: string;
  itemName: string;
  category: string;
  hasMultipleQuantity: boolean;
  quantity: number;
  paymentMethod: PaymentMethod;
  status: SellRequestStatus;
  submissionId: number;
  createdAt: string;
}

const SELL_SELECT = `SELECT r.*, s.image_file, s.thumbnail_file FROM user_sell_requests r JOIN item_submissions s ON s.id = r.submission_id`;

/** The item_submissions and user_sell_requests tables. */
export function createSubmissionsRepository(db: Db) {
  const insertSubmission = db.prepare(
    `INSERT INTO item_submissions (submitter_id, submitted_by, ps5_name, roblox_name, image_file, thumbnail_file, quantity, has_multiple_quantity, payment_method, status, created_at)
     VALUES (@submitterId, @submittedBy, @ps5Name, @robloxName, @imageFile, @thumbnailFile, @quantity, @hasMultipleQuantity, @paymentMethod, 'pending', @createdAt)`,
  );
  const submissionById = db.prepare<[number], SubmissionRow>('SELECT * FROM item_submissions WHERE id = ?');
  const allSubmissions = db.prepare<[], SubmissionRow>('SELECT * FROM item_submissions ORDER BY id DESC');
  const setSubmissionStatus = db.prepare(
    `UPDATE item_submissions SET status = @status, rejected_at = COALESCE(@rejectedAt, rejected_at),
       rejection_reason = COALESCE(@rejectionReason, rejection_reason), cancelled_at = COALESCE(@cancelledAt, cancelled_at)
     WHERE id = @id`,
  );
  const insertSell = db.prepare(
    `INSERT INTO user_sell_requests (user_id, username, item_name, category, has_multiple_quantity, quantity, payment_method, status, submission_id, created_at)
     VALUES (@userId, @username, @itemName, @category, @hasMultipleQuantity, @quantity, @paymentMethod, @status, @submissionId, @createdAt)`,
  );
  const sellById = db.prepare<[number], SellRequestRow>(`${SELL_SELECT} WHERE r.id = ?`);
  const sellByUser = db.prepare<[number], SellRequestRow>(`${SELL_SELECT} WHERE r.user_id = ? ORDER BY r.id DESC`);
  const sellBySubmission = db.prepare<[number], SellRequestRow>(`${SELL_SELECT} WHERE r.submission_id = ? ORDER BY r.id`);
  const setSellStatus = db.prepare<[SellRequestStatus, number]>('UPDATE user_sell_requests SET status = ? WHERE id = ?');
  const ownerOfFile = db.prepare<[string, string], { submitter_id: number | null }>(
    'SELECT submitter_id FROM item_submissions WHERE image_file = ? OR thumbnail_file = ?',
  );
  return {
    insertSubmission: (submission: NewSubmission) =>
      Number(insertSubmission.run({ ...submission, hasMultipleQuantity: submission.hasMultipleQuantity ? 1 : 0 }).lastInsertRowid),
    findSubmission(id: number): StoredSubmission | undefined {
      const row = submissionById.get(id);
      return row ? { submission: toSubmission(row), submitterId: row.submitter_id } : undefined;
    },
    /** Every submission as JSON text (photos as URLs, never bytes), newest first, kept until the database changes. */
    listSubmissionsJson: () => readCache(db).get('item_submissions', () => JSON.stringify(allSubmissions.all().map(toSubmission))),
    setSubmissionStatus: (
      id: number,
      status: SubmissionStatus,
      stamp: { rejectedAt?: string; rejectionReason?: string | null; cancelledAt?: string } = {},
    ) =>
      setSubmissionStatus.run({
        id,
        status,
        rejectedAt: stamp.rejectedAt ?? null,
        rejectionReason: stamp.rejectionReason || null,
        cancelledAt: stamp.cancelledAt ?? null,
      }),
    insertSellRequest: (request: NewSellRequest) =>
      Number(insertSell.run({ ...request, hasMultipleQuantity: request.hasMultipleQuantity ? 1 : 0 }).lastInsertRowid),
    findSellRequest(id: number): StoredSellRequest | undefined {
      const row = sellById.get(id);
      return row ? { request: toSellRequest(row), userId: row.user_id } : undefined;
    },
    listSellRequestsOf: (userId: number) => sellByUser.all(userId).map(toSellRequest),
    sellRequestsOfSubmission: (submissionId: number): StoredSellRequest[] =>
      sellBySubmission.all(submissionId).map((row) => ({ request: toSellRequest(row), userId: row.user_id })),
    setSellRequestStatus: (id: number, status: SellRequestStatus) => setSellStatus.run(status, id),
    /** Who submitted the photo stored in `file`: undefined when no submission names it. */
    ownerOfImage(file: string): { submitterId: number | null } | undefined {
      const row = ownerOfFile.get(file, file);
      return row ? { submitterId: row.submitter_id } : undefined;
    },
  };
}
export type SubmissionsRepository = ReturnType<typeof createSubmissionsRepository>;

import type { Tables } from '../../db/tables';
import type { Selectable } from 'kysely';
import type { ItemSubmission, UserSellRequest } from '../../../src/domain/schemas/submissions';
import type { SellRequestStatus, SubmissionStatus } from '../../../src/domain/state-machines';
import type { PaymentMethod } from '../../../src/domain/valuation';
import { sql, type RawBuilder } from 'kysely';
import type { Tx } from '../../db/scope';
import type { ReadCache } from '../../db/read-cache';
import { imageUrl } from '../images/store';

/** A submission as read: the table's row, its payment method and status narrowed to what the app stores. */
type SubmissionRow = Omit<Selectable<Tables['item_submissions']>, 'payment_method' | 'status' | 'cancelled_at'> & {
  payment_method: PaymentMethod | null;
  status: SubmissionStatus;
};

/** A sell request as read: the table's row with its submission's photo files. */
type SellRequestRow = Omit<Selectable<Tables['user_sell_requests']>, 'payment_method' | 'status'> & {
  payment_method: PaymentMethod;
  status: SellRequestStatus;
  image_file: string | null;
  thumbnail_file: string | null;
};

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

const SELL_SELECT = sql`SELECT r.*, s.image_file, s.thumbnail_file FROM user_sell_requests r JOIN item_submissions s ON s.id = r.submission_id`;

const sells = async (tx: Tx, query: RawBuilder<SellRequestRow>) => (await query.execute(tx.kysely())).rows;
const submissionRow = async (tx: Tx, id: number) =>
  (await tx.kysely().selectFrom('item_submissions').selectAll().where('id', '=', id).executeTakeFirst()) as SubmissionRow | undefined;

/** The item_submissions table. */
const submissionQueries = {
  insertSubmission: async (tx: Tx, submission: NewSubmission) =>
    (
      await tx
        .kysely()
        .insertInto('item_submissions')
        .values({
          submitter_id: submission.submitterId,
          submitted_by: submission.submittedBy,
          ps5_name: submission.ps5Name,
          roblox_name: submission.robloxName,
          image_file: submission.imageFile,
          thumbnail_file: submission.thumbnailFile,
          quantity: submission.quantity,
          has_multiple_quantity: submission.hasMultipleQuantity ? 1 : 0,
          payment_method: submission.paymentMethod,
          status: 'pending',
          created_at: submission.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  async findSubmission(tx: Tx, id: number): Promise<StoredSubmission | undefined> {
    const row = await submissionRow(tx, id);
    return row ? { submission: toSubmission(row), submitterId: row.submitter_id } : undefined;
  },
  setSubmissionStatus: (
    tx: Tx,
    id: number,
    status: SubmissionStatus,
    stamp: { rejectedAt?: string; rejectionReason?: string | null; cancelledAt?: string } = {},
  ) =>
    tx
      .kysely()
      .updateTable('item_submissions')
      .set({
        status,
        ...(stamp.rejectedAt ? { rejected_at: stamp.rejectedAt } : {}),
        ...(stamp.rejectionReason ? { rejection_reason: stamp.rejectionReason } : {}),
        ...(stamp.cancelledAt ? { cancelled_at: stamp.cancelledAt } : {}),
      })
      .where('id', '=', id)
      .execute(),
  /** Who submitted the photo stored in `file`: undefined when no submission names it. */
  async ownerOfImage(tx: Tx, file: string): Promise<{ submitterId: number | null } | undefined> {
    const row = await tx
      .kysely()
      .selectFrom('item_submissions')
      .select('submitter_id')
      .where((eb) => eb.or([eb('image_file', '=', file), eb('thumbnail_file', '=', file)]))
      .executeTakeFirst();
    return row ? { submitterId: row.submitter_id } : undefined;
  },
};

/** The user_sell_requests table, read with its submission's photo. */
const sellRequestQueries = {
  insertSellRequest: async (tx: Tx, request: NewSellRequest) =>
    (
      await tx
        .kysely()
        .insertInto('user_sell_requests')
        .values({
          user_id: request.userId,
          username: request.username,
          item_name: request.itemName,
          category: request.category,
          has_multiple_quantity: request.hasMultipleQuantity ? 1 : 0,
          quantity: request.quantity,
          payment_method: request.paymentMethod,
          status: request.status,
          submission_id: request.submissionId,
          created_at: request.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  async findSellRequest(tx: Tx, id: number): Promise<StoredSellRequest | undefined> {
    const [row] = await sells(tx, sql<SellRequestRow>`${SELL_SELECT} WHERE r.id = ${id}`);
    return row ? { request: toSellRequest(row), userId: row.user_id } : undefined;
  },
  listSellRequestsOf: async (tx: Tx, userId: number) =>
    (await sells(tx, sql<SellRequestRow>`${SELL_SELECT} WHERE r.user_id = ${userId} ORDER BY r.id DESC`)).map(toSellRequest),
  sellRequestsOfSubmission: async (tx: Tx, submissionId: number): Promise<StoredSellRequest[]> =>
    (await sells(tx, sql<SellRequestRow>`${SELL_SELECT} WHERE r.submission_id = ${submissionId} ORDER BY r.id`)).map((row) => ({
      request: toSellRequest(row),
      userId: row.user_id,
    })),
  setSellRequestStatus: (tx: Tx, id: number, status: SellRequestStatus) =>
    tx.kysely().updateTable('user_sell_requests').set({ status }).where('id', '=', id).execute(),
};

/** Every submission as JSON text (photos as URLs, never bytes), newest first, kept until the database changes. */
function listSubmissionsJson(readCache: ReadCache, tx: Tx) {
  return readCache.get(
    'item_submissions',
    async () =>
      JSON.stringify(
        ((await tx.kysely().selectFrom('item_submissions').selectAll().orderBy('id', 'desc').execute()) as SubmissionRow[]).map(
          toSubmission,
        ),
      ),
    tx,
  );
}

/** The item_submissions and user_sell_requests tables; the list of submissions through the read cache. */
export function createSubmissionsRepository(readCache: ReadCache) {
  return { ...submissionQueries, ...sellRequestQueries, listSubmissionsJson: (tx: Tx) => listSubmissionsJson(readCache, tx) };
}
export type SubmissionsRepository = ReturnType<typeof createSubmissionsRepository>;

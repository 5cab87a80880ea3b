import type { PurchaseRequestJson as PurchaseRequest } from '../../../src/domain/schemas/purchases';
import type { PurchaseStatus } from '../../../src/domain/state-machines';
import { sql, type SelectQueryBuilder } from 'kysely';
import { asCents, type Cents } from '../../../src/domain/money';
import type { KyselyDb, Tx } from '../../db/scope';
import type { Tables } from '../../db/tables';
import { prepared } from '../../db/prepared';
import type { ReadCache } from '../../db/read-cache';
import type { PurchaseLine } from './lines';
import { insertPurchaseAtOnce, insertRequestAudited, insertSqlite, storedRow } from './insert-statements';
import { fromRow, LINES_PG, listJson, pendingRow, REQUEST_COLUMNS, REQUEST_JSON, type RequestRow } from './request-mapping';

export interface StoredPurchase {
  request: PurchaseRequest;
  requesterId: number | null;
  /** The order's total, in cents. */
  totalCents: Cents;
  /** Store credit used for it, in cents. */
  creditAppliedCents: Cents;
  /** The promise of its drop now in force (or last closed), if scheduled. */
  promiseId: number | null;
}

export interface NewPurchase {
  requesterId: number;
  /** The priced lines, in the order the cart sent them. */
  lines: PurchaseLine[];
  totalCents: Cents;
  totalItems: number;
  /** The contact email given with the request; the requester's own is stored when this is null or empty. */
  contactEmail: string | null;
  createdAt: string;
  requestedAt: string | null;
}

export interface PurchaseChange {
  status: PurchaseStatus;
  approvedAt?: string;
  rejectedAt?: string;
  completedAt?: string;
  cancelledAt?: string;
  rejectionReason?: string | null;
  scheduledDate?: string | null;
  scheduledTime?: string | null;
  /** Written to is_immediate_schedule (the API's `isImmediateSchedule`), the one truth of it: the date is then NULL. */
  isImmediate?: boolean;
}

const findRequest = prepared(
  (_db, p: { id: number }, engine) =>
    engine === 'sqlite'
      ? sql<
          | { requesterId: number | null; totalCents: number; creditAppliedCents: number; promiseId: number | null; json: string }
          | RequestRow
        >`
    SELECT requester_id AS "requesterId", total_cents AS "totalCents", credit_applied_cents AS "creditAppliedCents", promise_id AS "promiseId", ${REQUEST_JSON} AS json
    FROM purchase_requests WHERE id = ${p.id}`
      : sql<RequestRow>`SELECT ${REQUEST_COLUMNS}, ${LINES_PG} AS lines FROM purchase_requests r LEFT JOIN promises p ON p.id = r.promise_id WHERE r.id = ${p.id}`,
  { first: true },
);

/** The request by id, as stored, with the API's PurchaseRequest; undefined when there is none. */
async function findPurchase(tx: Tx, id: number): Promise<StoredPurchase | undefined> {
  const row = (await findRequest(tx, { id })).rows[0];
  if (!row) return undefined;
  if ('json' in row)
    return {
      totalCents: asCents(row.totalCents),
      requesterId: row.requesterId,
      creditAppliedCents: asCents(row.creditAppliedCents),
      promiseId: row.promiseId,
      request: JSON.parse(row.json) as PurchaseRequest,
    };
  return {
    totalCents: asCents(row.total_cents),
    requesterId: row.requester_id,
    creditAppliedCents: asCents(row.credit_applied_cents),
    promiseId: row.promise_id,
    request: fromRow(row),
  };
}

/** Requests chosen by a sub-select of their ids (the filter of the read the lines go with). */
export type RequestIds = (db: KyselyDb) => SelectQueryBuilder<Tables, 'purchase_requests', { id: number }>;

/**
 * The lines of the requests named (a few ids, or a sub-select of the ids, so that a read of thousands of requests
 * passes no list of them), by request id, each in line order. For the reads that are not the API's PurchaseRequest
 * (a user's page, the dashboard, the export).
 */
export async function linesByRequest(tx: Tx, ids: readonly number[] | RequestIds): Promise<Map<number, PurchaseLine[]>> {
  const byRequest = new Map<number, PurchaseLine[]>();
  if (Array.isArray(ids) && ids.length === 0) return byRequest;
  const db = tx.kysely();
  const rows = await db
    .selectFrom('purchase_request_lines')
    .select(['request_id', 'item_id', 'name', 'category', 'unit_cents', 'quantity', 'subcategory', 'description'])
    .where('request_id', 'in', typeof ids === 'function' ? ids(db) : ids)
    .orderBy('request_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const line: PurchaseLine = {
      itemId: row.item_id,
      name: row.name,
      category: row.category,
      unitCents: asCents(Number(row.unit_cents)),
      quantity: Number(row.quantity),
      subcategory: row.subcategory,
      description: row.description,
    };
    const lines = byRequest.get(row.request_id);
    if (lines) lines.push(line);
    else byRequest.set(row.request_id, [line]);
  }
  return byRequest;
}

/** A change's columns: the status, and the stamps, reason and schedule it carries. */
function changeColumns(change: PurchaseChange) {
  const stamps = {
    ...(change.approvedAt !== undefined ? { approved_at: change.approvedAt } : {}),
    ...(change.rejectedAt !== undefined ? { rejected_at: change.rejectedAt } : {}),
    ...(change.completedAt !== undefined ? { completed_at: change.completedAt } : {}),
    ...(change.cancelledAt !== undefined ? { cancelled_at: change.cancelledAt } : {}),
  };
  const reason = change.rejectionReason !== undefined ? { rejection_reason: change.rejectionReason ?? null } : {};
  const schedule =
    change.isImmediate !== undefined || change.scheduledDate !== undefined
      ? {
          scheduled_date: change.isImmediate ? null : (change.scheduledDate ?? null),
          scheduled_time: change.scheduledTime ?? null,
          is_immediate_schedule: change.isImmediate ? 1 : 0,
        }
      : {};
  return { status: change.status, ...stamps, ...reason, ...schedule };
}

/** The purchase_requests table. */
export function createPurchasesRepository(readCache: ReadCache) {
  const repository = {
    /**
     * Stores a new pending request with its lines; on PostgreSQL with its 'pending' audit row too (by the requester,
     * at `auditAt`) in one statement, answering `audited: true`; on SQLite the caller writes the audit row.
     */
    insertAudited: async (
      tx: Tx,
      purchase: NewPurchase,
      auditAt: string,
    ): Promise<{ request: PurchaseRequest | undefined; audited: boolean }> => {
      if (tx.engine === 'sqlite') return { request: await insertSqlite(tx, purchase), audited: false };
      const row = (await insertRequestAudited(tx, { ...storedRow(purchase), auditAt })).rows[0];
      return { request: row ? fromRow(row, purchase.lines) : undefined, audited: true };
    },
    /**
     * A new pending request as the API answers it once stored (`insertAtOnce`), before it is: `id` stands in for the id
     * the insert will give it, `requesterName` for the name it will carry.
     */
    pending: (purchase: NewPurchase, id: number, requesterName: string): PurchaseRequest =>
      fromRow(pendingRow(purchase, id, requesterName), purchase.lines),
    /** PostgreSQL: the purchase as one statement, its notes sent with it (`insert-statements.ts`); the new id. */
    insertAtOnce: insertPurchaseAtOnce,
    find: findPurchase,
    /** Every request as JSON text (an array), newest first. */
    listJson: (tx: Tx): Promise<string> => readCache.get('purchase_requests', () => listJson(tx, sql``), tx),
    /** One requester's requests as JSON text (an array), newest first. */
    listByRequesterJson: (tx: Tx, requesterId: number): Promise<string> =>
      readCache.get(
        `purchase_requests:${requesterId}`,
        () => listJson(tx, tx.engine === 'sqlite' ? sql`WHERE requester_id = ${requesterId}` : sql`WHERE r.requester_id = ${requesterId}`),
        tx,
      ),
    /** Records the store credit used for a request (cents). */
    setCreditApplied: (tx: Tx, id: number, cents: Cents) =>
      tx.kysely().updateTable('purchase_requests').set({ credit_applied_cents: cents }).where('id', '=', id).execute(),
    /** Points a request at the promise of its drop now in force. */
    setPromise: (tx: Tx, id: number, promiseId: number) =>
      tx.kysely().updateTable('purchase_requests').set({ promise_id: promiseId }).where('id', '=', id).execute(),
    update: (tx: Tx, id: number, change: PurchaseChange) =>
      tx.kysely().updateTable('purchase_requests').set(changeColumns(change)).where('id', '=', id).execute(),
  };
  return repository;
}
export type PurchasesRepository = ReturnType<typeof createPurchasesRepository>;

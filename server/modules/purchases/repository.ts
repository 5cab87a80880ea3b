import type { PurchaseItem, PurchaseRequest } from '../../../src/domain/schemas/purchases';
import type { PurchaseStatus } from '../../../src/domain/state-machines';
import type { Db } from '../../db/connection';
import { readCache } from '../../db/read-cache';

/**
 * The one mapping from columns to the API's PurchaseRequest, written in SQL so that SQLite builds a whole list as one
 * JSON text: for 10,000 requests that is ~27 ms against ~110 ms for rows → objects → JSON.stringify.
 */
const REQUEST_JSON = `json_object(
  'id', id, 'requesterName', requester_name, 'items', json(items), 'totalPrice', total_price, 'totalItems', total_items,
  'contactEmail', contact_email, 'status', status, 'createdAt', created_at, 'requestedAt', requested_at,
  'approvedAt', approved_at, 'rejectedAt', rejected_at, 'completedAt', completed_at, 'rejectionReason', rejection_reason,
  'scheduledDate', scheduled_date, 'scheduledTime', scheduled_time,
  'isImmediateSchedule', json(CASE WHEN is_immediate_schedule THEN 'true' ELSE 'false' END),
  'promisedAt', (SELECT promised_at FROM promises WHERE promises.id = promise_id),
  'promiseStatus', (SELECT status FROM promises WHERE promises.id = promise_id),
  'creditApplied', credit_applied_cents / 100.0,
  'amountDue', max(0, round(total_price * 100) - credit_applied_cents) / 100.0)`;

/** A list as JSON text, newest first; SQLite aggregates in the subquery's order. */
const listSql = (where: string) =>
  `SELECT coalesce(json_group_array(${REQUEST_JSON}), '[]') FROM (SELECT * FROM purchase_requests ${where} ORDER BY id DESC)`;

export interface StoredPurchase {
  request: PurchaseRequest;
  requesterId: number | null;
  /** Store credit used for it, in cents. */
  creditAppliedCents: number;
  /** The promise of its drop now in force (or last closed), if scheduled. */
  promiseId: number | null;
}

export interface NewPurchase {
  requesterId: number;
  items: PurchaseItem[];
  totalPrice: number;
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
  isImmediateSchedule?: boolean;
}

/** The purchase_requests table. */
export function createPurchasesRepository(db: Db) {
  // One statement writes the request with its requester's current name and email and answers the stored record: reading
  // the user and the new row back separately cost two more lookups per purchase (seen in a CPU profile).
  const insert = db.prepare<[Omit<NewPurchase, 'items'> & { items: string }], { json: string }>(
    `INSERT INTO purchase_requests (requester_id, requester_name, items, total_price, total_items, contact_email, status, created_at, requested_at)
     SELECT id, username, @items, @totalPrice, @totalItems, COALESCE(NULLIF(@contactEmail, ''), contact_email), 'pending', @createdAt, @requestedAt
     FROM users WHERE id = @requesterId
     RETURNING ${REQUEST_JSON} AS json`,
  );
  const byId = db.prepare<[number], { requesterId: number | null; creditAppliedCents: number; promiseId: number | null; json: string }>(
    `SELECT requester_id AS requesterId, credit_applied_cents AS creditAppliedCents, promise_id AS promiseId, ${REQUEST_JSON} AS json
     FROM purchase_requests WHERE id = ?`,
  );
  const setCredit = db.prepare<[number, number]>('UPDATE purchase_requests SET credit_applied_cents = ? WHERE id = ?');
  const setPromise = db.prepare<[number, number]>('UPDATE purchase_requests SET promise_id = ? WHERE id = ?');
  const all = db.prepare<[], string>(listSql('')).pluck();
  const byRequester = db.prepare<[number], string>(listSql('WHERE requester_id = ?')).pluck();
  const update = db.prepare(
    `UPDATE purchase_requests SET status = @status,
       approved_at = COALESCE(@approvedAt, approved_at), rejected_at = COALESCE(@rejectedAt, rejected_at),
       completed_at = COALESCE(@completedAt, completed_at), cancelled_at = COALESCE(@cancelledAt, cancelled_at),
       rejection_reason = CASE WHEN @setReason THEN @rejectionReason ELSE rejection_reason END,
       scheduled_date = CASE WHEN @setSchedule THEN @scheduledDate ELSE scheduled_date END,
       scheduled_time = CASE WHEN @setSchedule THEN @scheduledTime ELSE scheduled_time END,
       is_immediate_schedule = CASE WHEN @setSchedule THEN @isImmediate ELSE is_immediate_schedule END
     WHERE id = @id`,
  );
  const cache = readCache(db);
  return {
    /** Stores a new pending request; undefined when the requester no longer exists. */
    insert: (purchase: NewPurchase): PurchaseRequest | undefined => {
      const row = insert.get({ ...purchase, items: JSON.stringify(purchase.items) });
      return row ? (JSON.parse(row.json) as PurchaseRequest) : undefined;
    },
    find: (id: number): StoredPurchase | undefined => {
      const row = byId.get(id);
      return row
        ? { requesterId: row.requesterId, creditAppliedCents: row.creditAppliedCents, promiseId: row.promiseId, request: JSON.parse(row.json) as PurchaseRequest }
        : undefined;
    },
    /** Every request as JSON text (an array), newest first. */
    listJson: (): string => cache.get('purchase_requests', () => all.get()!),
    /** One requester's requests as JSON text (an array), newest first. */
    listByRequesterJson: (requesterId: number): string => cache.get(`purchase_requests:${requesterId}`, () => byRequester.get(requesterId)!),
    /** Records the store credit used for a request (cents). */
    setCreditApplied: (id: number, cents: number) => setCredit.run(cents, id),
    /** Points a request at the promise of its drop now in force. */
    setPromise: (id: number, promiseId: number) => setPromise.run(promiseId, id),
    update: (id: number, change: PurchaseChange) =>
      update.run({
        id,
        status: change.status,
        approvedAt: change.approvedAt ?? null,
        rejectedAt: change.rejectedAt ?? null,
        completedAt: change.completedAt ?? null,
        cancelledAt: change.cancelledAt ?? null,
        setReason: change.rejectionReason !== undefined ? 1 : 0,
        rejectionReason: change.rejectionReason ?? null,
        setSchedule: change.isImmediateSchedule !== undefined || change.scheduledDate !== undefined ? 1 : 0,
        scheduledDate: change.scheduledDate ?? null,
        scheduledTime: change.scheduledTime ?? null,
        isImmediate: change.isImmediateSchedule ? 1 : 0,
      }),
  };
}
export type PurchasesRepository = ReturnType<typeof createPurchasesRepository>;

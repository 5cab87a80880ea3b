import type { PurchaseRequestJson as PurchaseRequest } from '../../../src/domain/schemas/purchases';
import type { PurchaseStatus } from '../../../src/domain/state-machines';
import { asCents, type Cents } from '../../../src/domain/money';
import type { Tx } from '../../db/scope';
import type { ReadCache } from '../../db/read-cache';
import type { PurchaseLine } from './lines';
import { insertPurchaseAtOnce, insertRequest } from './insert-statements';
import { toNewRequest } from './request-mapping';
import { findRequest, listJson } from './request-reads';

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

/** The request by id, as stored, with the API's PurchaseRequest; undefined when there is none. */
async function findPurchase(tx: Tx, id: number): Promise<StoredPurchase | undefined> {
  const found = await findRequest(tx, id);
  if (!found) return undefined;
  const [, requesterId, , totalCents, , , , , , , , , , , , , creditAppliedCents, promiseId] = found.values;
  return {
    request: found.request,
    requesterId,
    totalCents: asCents(totalCents),
    creditAppliedCents: asCents(creditAppliedCents),
    promiseId,
  };
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
      const row = await insertRequest(tx, purchase, auditAt);
      return { request: row && toNewRequest(purchase, row.id, row.requesterName), audited: tx.engine !== 'sqlite' };
    },
    /**
     * A new pending request as the API answers it once stored (`insertAtOnce`), before it is: `id` stands in for the id
     * the insert will give it, `requesterName` for the name it will carry.
     */
    pending: toNewRequest,
    /** PostgreSQL: the purchase as one statement, its notes sent with it (`insert-statements.ts`); the new id. */
    insertAtOnce: insertPurchaseAtOnce,
    find: findPurchase,
    /** Every request as JSON text (an array), newest first. */
    listJson: (tx: Tx): Promise<string> => readCache.get('purchase_requests', () => listJson(tx, { all: true }), tx),
    /** One requester's requests as JSON text (an array), newest first. */
    listByRequesterJson: (tx: Tx, requesterId: number): Promise<string> =>
      readCache.get(`purchase_requests:${requesterId}`, () => listJson(tx, { requesterId }), tx),
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

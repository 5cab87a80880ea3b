import type { PurchaseItem, PurchaseRequest } from '../../../src/domain/schemas/purchases';
import type { PurchaseStatus } from '../../../src/domain/state-machines';
import { sql, type RawBuilder } from 'kysely';
import { asCents, type Cents, fromCents } from '../../../src/domain/money';
import type { Tx } from '../../db/scope';
import { prepared } from '../../db/prepared';
import type { ReadCache } from '../../db/read-cache';

/** An order's lines as stored: the JSON text the API answers, each price its '$2.99' text. Written once, here. */
export const encodeItems = (items: readonly PurchaseItem[]): string => JSON.stringify(items);
/** An order's stored lines read back; the one place they are decoded. */
export const decodeItems = (text: string): PurchaseItem[] => JSON.parse(text) as PurchaseItem[];

/**
 * The API's dollars of a cents column, on SQLite where the database writes the API's JSON. The one conversion of
 * money in SQL, at the edge (the column is cents and stays cents); a JavaScript function registered with SQLite for
 * it (money.ts's fromCents) cost ~30 ms more per 10,000 rows (measured), about doubling the list's build.
 */
const usd = (cents: RawBuilder<unknown>) => sql`(${cents}) / 100.0`;

/**
 * The one mapping from columns to the API's PurchaseRequest. On SQLite it is written in SQL, so that the database
 * builds a whole list as one JSON text: for 10,000 requests that is ~27 ms against ~110 ms for rows → objects →
 * JSON.stringify. On PostgreSQL the same in SQL (json_build_object per row, `items::json`, three sub-selects of the
 * promise) was ~90% of a list read's database CPU, ~40 µs a row (measured, issue 32): there the rows are read plain,
 * with the promise joined, and mapped here (`fromRow`, the same keys in the same order).
 */
const REQUEST_JSON = sql`json_object(
  'id', id, 'requesterName', requester_name, 'items', json(items), 'totalPrice', ${usd(sql`total_cents`)}, 'totalItems', total_items,
  'contactEmail', contact_email, 'status', status, 'createdAt', created_at, 'requestedAt', requested_at,
  'approvedAt', approved_at, 'rejectedAt', rejected_at, 'completedAt', completed_at, 'rejectionReason', rejection_reason,
  'scheduledDate', scheduled_date, 'scheduledTime', scheduled_time,
  'isImmediateSchedule', json(CASE WHEN is_immediate_schedule THEN 'true' ELSE 'false' END),
  'promisedAt', (SELECT promised_at FROM promises WHERE promises.id = promise_id),
  'promiseStatus', (SELECT status FROM promises WHERE promises.id = promise_id),
  'promiseClosedAt', (SELECT closed_at FROM promises WHERE promises.id = promise_id),
  'creditApplied', ${usd(sql`credit_applied_cents`)},
  'amountDue', ${usd(sql`max(0, total_cents - credit_applied_cents)`)})`;

/** A request's columns as PostgreSQL answers them (bigint and numeric already numbers, see engine.ts). */
interface RequestRow {
  id: number;
  requester_id: number | null;
  requester_name: string;
  items: string;
  total_cents: number;
  total_items: number;
  contact_email: string | null;
  status: PurchaseStatus;
  created_at: string;
  requested_at: string | null;
  approved_at: string | null;
  rejected_at: string | null;
  completed_at: string | null;
  rejection_reason: string | null;
  scheduled_date: string | null;
  scheduled_time: string | null;
  is_immediate_schedule: number;
  credit_applied_cents: number;
  promise_id: number | null;
  promised_at: string | null;
  promise_status: string | null;
  promise_closed_at: string | null;
}

/** The columns `fromRow` reads, the promise's from a join (`p`). */
const REQUEST_COLUMNS = sql`r.id, r.requester_id, r.requester_name, r.items, r.total_cents, r.total_items, r.contact_email, r.status,
  r.created_at, r.requested_at, r.approved_at, r.rejected_at, r.completed_at, r.rejection_reason, r.scheduled_date,
  r.scheduled_time, r.is_immediate_schedule, r.credit_applied_cents, r.promise_id, p.promised_at,
  p.status AS promise_status, p.closed_at AS promise_closed_at`;

/** PostgreSQL: a row as the API's PurchaseRequest, exactly as REQUEST_JSON builds it on SQLite. */
function fromRow(row: RequestRow): PurchaseRequest {
  return {
    id: row.id,
    requesterName: row.requester_name,
    items: decodeItems(row.items),
    totalPrice: fromCents(row.total_cents),
    totalItems: row.total_items,
    contactEmail: row.contact_email,
    status: row.status,
    createdAt: row.created_at,
    requestedAt: row.requested_at,
    approvedAt: row.approved_at,
    rejectedAt: row.rejected_at,
    completedAt: row.completed_at,
    rejectionReason: row.rejection_reason,
    scheduledDate: row.scheduled_date,
    scheduledTime: row.scheduled_time,
    isImmediateSchedule: row.is_immediate_schedule !== 0,
    promisedAt: row.promised_at,
    promiseStatus: row.promise_status,
    promiseClosedAt: row.promise_closed_at,
    creditApplied: fromCents(row.credit_applied_cents),
    amountDue: fromCents(Math.max(0, row.total_cents - row.credit_applied_cents)),
  } as PurchaseRequest;
}

/** A list as JSON text, newest first. */
const listJson = async (tx: Tx, where: RawBuilder<unknown>): Promise<string> => {
  if (tx.engine === 'sqlite') {
    const query = sql<{
      json: string;
    }>`SELECT coalesce(json_group_array(${REQUEST_JSON}), '[]') AS json FROM (SELECT * FROM purchase_requests ${where} ORDER BY id DESC)`;
    return (await query.execute(tx.kysely())).rows[0].json;
  }
  const query = sql<RequestRow>`SELECT ${REQUEST_COLUMNS} FROM purchase_requests r LEFT JOIN promises p ON p.id = r.promise_id ${where} ORDER BY r.id DESC`;
  return JSON.stringify((await query.execute(tx.kysely())).rows.map(fromRow));
};

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
  items: PurchaseItem[];
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
  /** Written to is_immediate_schedule (the API's `isImmediateSchedule`). */
  isImmediate?: boolean;
}

/** A new request's values as the insert writes them: the lines encoded once. */
type StoredRow = Omit<NewPurchase, 'items'> & { items: string };

/**
 * One statement writes the request and answers the stored record: reading the user and the new row back separately
 * cost two more lookups per purchase. Compiled once, as is the read by id (both run on every purchase).
 */
const insertRequest = prepared(
  (_db, p: StoredRow, engine) => sql<{ json: string } | RequestRow>`
    INSERT INTO purchase_requests (requester_id, requester_name, items, total_cents, total_items, contact_email, status, created_at, requested_at)
    SELECT id, username, ${p.items}, ${p.totalCents}, ${p.totalItems}, ${p.contactEmail}, 'pending', ${p.createdAt}, ${p.requestedAt}
    FROM users WHERE id = ${p.requesterId}
    RETURNING ${engine === 'sqlite' ? sql`${REQUEST_JSON} AS json` : sql`*, NULL AS promised_at, NULL AS promise_status, NULL AS promise_closed_at`}`,
);
/**
 * PostgreSQL: the request and its first audit row ('pending', by its requester) as one statement (a data-modifying
 * CTE), a round trip less per purchase (issue 32). SQLite has no INSERT in a CTE; there the service writes the audit
 * row as for every other transition.
 */
const insertRequestAudited = prepared(
  (_db, p: StoredRow & { auditAt: string }) => sql<RequestRow>`
    WITH r AS (
      INSERT INTO purchase_requests (requester_id, requester_name, items, total_cents, total_items, contact_email, status, created_at, requested_at)
      SELECT id, username, ${p.items}, ${p.totalCents}, ${p.totalItems}, ${p.contactEmail}, 'pending', ${p.createdAt}, ${p.requestedAt}
      FROM users WHERE id = ${p.requesterId}
      RETURNING *
    ), audited AS (
      INSERT INTO audit_history (subject_type, subject_id, from_status, to_status, actor_id, actor_name, at, note, photo_file, thumbnail_file)
      SELECT 'purchase_request', r.id, NULL, 'pending', r.requester_id, r.requester_name, ${p.auditAt}, NULL, NULL, NULL FROM r
    )
    SELECT r.*, NULL AS promised_at, NULL AS promise_status, NULL AS promise_closed_at FROM r`,
);
const findRequest = prepared(
  (_db, p: { id: number }, engine) =>
    engine === 'sqlite'
      ? sql<
          | { requesterId: number | null; totalCents: number; creditAppliedCents: number; promiseId: number | null; json: string }
          | RequestRow
        >`
    SELECT requester_id AS "requesterId", total_cents AS "totalCents", credit_applied_cents AS "creditAppliedCents", promise_id AS "promiseId", ${REQUEST_JSON} AS json
    FROM purchase_requests WHERE id = ${p.id}`
      : sql<RequestRow>`SELECT ${REQUEST_COLUMNS} FROM purchase_requests r LEFT JOIN promises p ON p.id = r.promise_id WHERE r.id = ${p.id}`,
  { first: true },
);

/** The purchase_requests table. */
export function createPurchasesRepository(readCache: ReadCache) {
  const repository = {
    /** Stores a new pending request with its requester's current name; undefined when the requester no longer exists. */
    insert: async (tx: Tx, purchase: NewPurchase): Promise<PurchaseRequest | undefined> => {
      const row = (await insertRequest(tx, { ...purchase, items: encodeItems(purchase.items) })).rows[0];
      if (!row) return undefined;
      return 'json' in row ? (JSON.parse(row.json) as PurchaseRequest) : fromRow(row);
    },
    /**
     * On PostgreSQL, stores the request and its 'pending' audit row (by the requester, at `auditAt`) in one statement
     * and answers `audited: true`; on SQLite only the request (the caller writes the audit row).
     */
    insertAudited: async (
      tx: Tx,
      purchase: NewPurchase,
      auditAt: string,
    ): Promise<{ request: PurchaseRequest | undefined; audited: boolean }> => {
      if (tx.engine === 'sqlite') return { request: await repository.insert(tx, purchase), audited: false };
      const row = (await insertRequestAudited(tx, { ...purchase, items: encodeItems(purchase.items), auditAt })).rows[0];
      return { request: row ? fromRow(row) : undefined, audited: true };
    },
    find: async (tx: Tx, id: number): Promise<StoredPurchase | undefined> => {
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
    },
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
    update: (tx: Tx, id: number, change: PurchaseChange) => {
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
              scheduled_date: change.scheduledDate ?? null,
              scheduled_time: change.scheduledTime ?? null,
              is_immediate_schedule: change.isImmediate ? 1 : 0,
            }
          : {};
      return tx
        .kysely()
        .updateTable('purchase_requests')
        .set({ status: change.status, ...stamps, ...reason, ...schedule })
        .where('id', '=', id)
        .execute();
    },
  };
  return repository;
}
export type PurchasesRepository = ReturnType<typeof createPurchasesRepository>;

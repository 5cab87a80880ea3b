import type { PurchaseRequestJson as PurchaseRequest } from '../../../src/domain/schemas/purchases';
import type { PurchaseStatus } from '../../../src/domain/state-machines';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { IMMEDIATELY } from '../../../src/domain/drop-schedule';
import { fromCents } from '../../../src/domain/money';
import type { Tx } from '../../db/scope';
import type { Tables } from '../../db/tables';
import { fromLineTuple, LINE_TUPLE_PG, type LineTuple, type PurchaseLine, SQLITE_LINE_JSON, toPurchaseItem } from './lines';
import type { NewPurchase } from './repository';

/**
 * The API's dollars of a cents column, on SQLite where the database writes the API's JSON. The one conversion of
 * money in SQL, at the edge (the column is cents and stays cents); a JavaScript function registered with SQLite for
 * it (money.ts's fromCents) cost ~30 ms more per 10,000 rows (measured), about doubling the list's build.
 */
const usd = (cents: RawBuilder<unknown>) => sql`(${cents}) / 100.0`;

/**
 * SQLite: a request's lines as the API's items, in line order: one range read of purchase_request_lines' key per
 * request (`id` is the request's: the lines have no column of that name). The sub-select's JSON keeps its JSON subtype
 * (SQLite 3.53), so json_object embeds it as it is; a json() around it, to parse it again, cost ~3 ms more per 10,000
 * requests (measured once, on a busy machine; the API tests would see the items turn into a quoted text).
 */
const LINES_JSON = sql`(SELECT json_group_array(${sql.raw(SQLITE_LINE_JSON)} ORDER BY position) FROM purchase_request_lines WHERE request_id = id)`;

/**
 * The one mapping from columns to the API's PurchaseRequest. On SQLite it is written in SQL, so that the database
 * builds a whole list as one JSON text: for 10,000 requests that is ~27 ms against ~110 ms for rows → objects →
 * JSON.stringify. On PostgreSQL the same in SQL (json_build_object per row, `items::json`, three sub-selects of the
 * promise) was ~90% of a list read's database CPU, ~40 µs a row (measured, issue 32): there the rows are read plain,
 * with the promise joined, and mapped here (`fromRow`, the same keys in the same order).
 */
export const REQUEST_JSON = sql`json_object(
  'id', id, 'requesterName', requester_name, 'items', ${LINES_JSON}, 'totalPrice', ${usd(sql`total_cents`)}, 'totalItems', total_items,
  'contactEmail', contact_email, 'status', status, 'createdAt', created_at, 'requestedAt', requested_at,
  'approvedAt', approved_at, 'rejectedAt', rejected_at, 'completedAt', completed_at, 'rejectionReason', rejection_reason,
  'scheduledDate', CASE WHEN is_immediate_schedule THEN ${IMMEDIATELY} ELSE scheduled_date END, 'scheduledTime', scheduled_time,
  'isImmediateSchedule', json(CASE WHEN is_immediate_schedule THEN 'true' ELSE 'false' END),
  'promisedAt', (SELECT promised_at FROM promises WHERE promises.id = promise_id),
  'promiseStatus', (SELECT status FROM promises WHERE promises.id = promise_id),
  'promiseClosedAt', (SELECT closed_at FROM promises WHERE promises.id = promise_id),
  'creditApplied', ${usd(sql`credit_applied_cents`)},
  'amountDue', ${usd(sql`max(0, total_cents - credit_applied_cents)`)})`;

/**
 * A request's columns as PostgreSQL answers them (bigint and numeric already numbers, see engine.ts), but the time it
 * was cancelled, with its promise's (joined) and its lines when read with them.
 */
export type RequestRow = Omit<Selectable<Tables['purchase_requests']>, 'status' | 'cancelled_at'> & {
  status: PurchaseStatus;
  /** The lines as LINE_TUPLE_PG's tuples (json_agg, parsed by the driver); absent from an insert's RETURNING. */
  lines?: LineTuple[] | null;
  promised_at: string | null;
  promise_status: string | null;
  promise_closed_at: string | null;
};

/**
 * PostgreSQL: a request's lines as one json_agg of positional tuples, read through the lines' key (request_id,
 * position); the driver parses it and `fromRow` maps each tuple. For one request (the read by id); a list aggregates
 * the lines of all its requests in one pass instead (`listJson`).
 */
export const LINES_PG = sql`(SELECT json_agg(${sql.raw(LINE_TUPLE_PG)} ORDER BY position) FROM purchase_request_lines WHERE request_id = r.id)`;

/** The columns `fromRow` reads but the lines, the promise's from a join (`p`). */
export const REQUEST_COLUMNS = sql`r.id, r.requester_id, r.requester_name, r.total_cents, r.total_items, r.contact_email, r.status,
  r.created_at, r.requested_at, r.approved_at, r.rejected_at, r.completed_at, r.rejection_reason, r.scheduled_date,
  r.scheduled_time, r.is_immediate_schedule, r.credit_applied_cents, r.promise_id, p.promised_at,
  p.status AS promise_status, p.closed_at AS promise_closed_at`;

/** PostgreSQL: a row as the API's PurchaseRequest, exactly as REQUEST_JSON builds it on SQLite; `lines` when the row has none. */
export function fromRow(row: RequestRow, lines?: readonly PurchaseLine[]): PurchaseRequest {
  return {
    id: row.id,
    requesterName: row.requester_name,
    items: lines ? lines.map(toPurchaseItem) : (row.lines ?? []).map((tuple) => toPurchaseItem(fromLineTuple(tuple))),
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
    scheduledDate: row.is_immediate_schedule !== 0 ? IMMEDIATELY : row.scheduled_date,
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
export const listJson = async (tx: Tx, where: RawBuilder<unknown>): Promise<string> => {
  if (tx.engine === 'sqlite') {
    const query = sql<{
      json: string;
    }>`SELECT coalesce(json_group_array(${REQUEST_JSON}), '[]') AS json FROM (SELECT * FROM purchase_requests ${where} ORDER BY id DESC)`;
    return (await query.execute(tx.kysely())).rows[0].json;
  }
  // The listed requests' lines grouped in one pass (a hash join), not a sub-select per request: for 10,000 requests
  // of 3 lines ~70–110 ms of PostgreSQL's time against ~135–175 ms (bench/tools/pg-lines-micro.ts, on a busy machine;
  // reading the old JSON column was ~30–40 ms).
  const query = sql<RequestRow>`SELECT ${REQUEST_COLUMNS}, l.lines FROM purchase_requests r
    LEFT JOIN promises p ON p.id = r.promise_id
    LEFT JOIN (
      SELECT request_id, json_agg(${sql.raw(LINE_TUPLE_PG)} ORDER BY position) AS lines FROM purchase_request_lines
      WHERE request_id IN (SELECT r.id FROM purchase_requests r ${where}) GROUP BY request_id
    ) l ON l.request_id = r.id
    ${where} ORDER BY r.id DESC`;
  return JSON.stringify((await query.execute(tx.kysely())).rows.map((row) => fromRow(row)));
};

/** A new pending request as a row (`pending`'s): no stamps, no schedule, no credit, no promise yet. */
export function pendingRow(purchase: NewPurchase, id: number, requesterName: string): RequestRow {
  return {
    id,
    requester_id: purchase.requesterId,
    requester_name: requesterName,
    total_cents: purchase.totalCents,
    total_items: purchase.totalItems,
    contact_email: purchase.contactEmail,
    status: 'pending',
    created_at: purchase.createdAt,
    requested_at: purchase.requestedAt,
    approved_at: null,
    rejected_at: null,
    completed_at: null,
    rejection_reason: null,
    scheduled_date: null,
    scheduled_time: null,
    is_immediate_schedule: 0,
    credit_applied_cents: 0,
    promise_id: null,
    promised_at: null,
    promise_status: null,
    promise_closed_at: null,
  };
}

import type { PurchaseRequest } from '../../../src/domain/schemas/purchases';
import type { PurchaseStatus } from '../../../src/domain/state-machines';
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { asCents, type Cents, fromCents } from '../../../src/domain/money';
import type { KyselyDb, OneStatement, Tx } from '../../db/scope';
import type { Tables } from '../../db/tables';
import { prepared } from '../../db/prepared';
import type { ReadCache } from '../../db/read-cache';
import { fromLineTuple, LINE_TUPLE_PG, type LineTuple, type PurchaseLine, SQLITE_LINE_JSON, toLineColumns, toPurchaseItem } from './lines';

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
const REQUEST_JSON = sql`json_object(
  'id', id, 'requesterName', requester_name, 'items', ${LINES_JSON}, 'totalPrice', ${usd(sql`total_cents`)}, 'totalItems', total_items,
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
  /** The lines as LINE_TUPLE_PG's tuples (json_agg, parsed by the driver); absent from an insert's RETURNING. */
  lines?: LineTuple[] | null;
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

/**
 * PostgreSQL: a request's lines as one json_agg of positional tuples, read through the lines' key (request_id,
 * position); the driver parses it and `fromRow` maps each tuple. For one request (the read by id); a list aggregates
 * the lines of all its requests in one pass instead (`listJson`).
 */
const LINES_PG = sql`(SELECT json_agg(${sql.raw(LINE_TUPLE_PG)} ORDER BY position) FROM purchase_request_lines WHERE request_id = r.id)`;

/** The columns `fromRow` reads but the lines, the promise's from a join (`p`). */
const REQUEST_COLUMNS = sql`r.id, r.requester_id, r.requester_name, r.total_cents, r.total_items, r.contact_email, r.status,
  r.created_at, r.requested_at, r.approved_at, r.rejected_at, r.completed_at, r.rejection_reason, r.scheduled_date,
  r.scheduled_time, r.is_immediate_schedule, r.credit_applied_cents, r.promise_id, p.promised_at,
  p.status AS promise_status, p.closed_at AS promise_closed_at`;

/** PostgreSQL: a row as the API's PurchaseRequest, exactly as REQUEST_JSON builds it on SQLite; `lines` when the row has none. */
function fromRow(row: RequestRow, lines?: readonly PurchaseLine[]): PurchaseRequest {
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
  /** Written to is_immediate_schedule (the API's `isImmediateSchedule`). */
  isImmediate?: boolean;
}

/** A new request's values as the inserts write them: the lines as one JSON parameter (`toLineColumns`' objects). */
type StoredRow = Omit<NewPurchase, 'lines'> & { lines: string };

const storedRow = (purchase: NewPurchase): StoredRow => ({
  ...purchase,
  lines: JSON.stringify(purchase.lines.map(toLineColumns)),
});

/**
 * SQLite: the request, answering the stored record as the API's JSON (its lines are not in yet: `insertSqlite` puts
 * the priced ones in its `items`). One statement writes the request and answers the record: reading the user and the new
 * row back separately cost two more lookups per purchase. Compiled once, as is the read by id (both run on every
 * purchase).
 */
const insertRequest = prepared(
  (_db, p: StoredRow) => sql<{ json: string; id: number }>`
    INSERT INTO purchase_requests (requester_id, requester_name, total_cents, total_items, contact_email, status, created_at, requested_at)
    SELECT id, username, ${p.totalCents}, ${p.totalItems}, ${p.contactEmail}, 'pending', ${p.createdAt}, ${p.requestedAt}
    FROM users WHERE id = ${p.requesterId}
    RETURNING id, ${REQUEST_JSON} AS json`,
);
/** SQLite: a new request's lines, all in one statement from the JSON parameter. */
const insertLines = prepared(
  (_db, p: { requestId: number; lines: string }) => sql`
    INSERT INTO purchase_request_lines (request_id, position, item_id, name, category, unit_cents, quantity, subcategory, description)
    SELECT ${p.requestId}, value ->> 'position', value ->> 'item_id', value ->> 'name', value ->> 'category', value ->> 'unit_cents',
      value ->> 'quantity', value ->> 'subcategory', value ->> 'description'
    FROM json_each(${p.lines})`,
);
/**
 * PostgreSQL: the request, its lines and its first audit row ('pending', by its requester) as one statement
 * (data-modifying CTEs), a round trip less per purchase (issue 32). SQLite has no INSERT in a CTE; there the service
 * writes the audit row as for every other transition.
 */
const insertRequestAudited = prepared(
  (_db, p: StoredRow & { auditAt: string }) => sql<RequestRow>`
    WITH r AS (
      INSERT INTO purchase_requests (requester_id, requester_name, total_cents, total_items, contact_email, status, created_at, requested_at)
      SELECT id, username, ${p.totalCents}, ${p.totalItems}, ${p.contactEmail}, 'pending', ${p.createdAt}, ${p.requestedAt}
      FROM users WHERE id = ${p.requesterId}
      RETURNING *
    ), lined AS (
      INSERT INTO purchase_request_lines (request_id, position, item_id, name, category, unit_cents, quantity, subcategory, description)
      SELECT r.id, l.position, l.item_id, l.name, l.category, l.unit_cents, l.quantity, l.subcategory, l.description
      FROM r, json_to_recordset(${p.lines}::json) AS l (position integer, item_id text, name text, category text, unit_cents bigint,
        quantity integer, subcategory text, description text)
    ), audited AS (
      INSERT INTO audit_history (subject_type, subject_id, from_status, to_status, actor_id, actor_name, at, note, photo_file, thumbnail_file)
      SELECT 'purchase_request', r.id, NULL, 'pending', r.requester_id, r.requester_name, ${p.auditAt}, NULL, NULL, NULL FROM r
    )
    SELECT r.*, NULL AS promised_at, NULL AS promise_status, NULL AS promise_closed_at FROM r`,
);
/**
 * PostgreSQL, a purchase as one statement outside any transaction (issue 46): the request, its lines, its 'pending'
 * audit row, what it took from the catalogue (items without a stock count: nothing to take) and its live notes, each
 * a `pg_notify` whose text names the request's id where it says `idMark`. A single statement is atomic and needs no
 * BEGIN nor COMMIT: 4 round trips fewer than the transaction (BEGIN, the catalogue's lines, pg_notify, COMMIT), each
 * costing the server and a database backend a socket write and a wake-up. Written only while the requester still
 * bears the name the request and its note were built with: no row (nothing written, nothing sent) otherwise. With an
 * Idempotency-Key, the answer is stored under it in the same statement (`response`, the id written in as in the notes):
 * a key stored meanwhile by a racing retry fails the whole statement with a unique violation.
 */
const insertAtOnce = prepared(
  (
    _db,
    p: StoredRow & {
      requesterName: string;
      auditAt: string;
      catalogueLines: string;
      notes: string;
      idMark: string;
      key: string | null;
      requestHash: string | null;
      response: string | null;
    },
  ) => sql<{
    id: number;
  }>`
    WITH r AS (
      INSERT INTO purchase_requests (requester_id, requester_name, total_cents, total_items, contact_email, status, created_at, requested_at)
      SELECT id, username, ${p.totalCents}, ${p.totalItems}, ${p.contactEmail}, 'pending', ${p.createdAt}, ${p.requestedAt}
      FROM users WHERE id = ${p.requesterId} AND username = ${p.requesterName}
      RETURNING id, requester_id, requester_name
    ), lined AS (
      INSERT INTO purchase_request_lines (request_id, position, item_id, name, category, unit_cents, quantity, subcategory, description)
      SELECT r.id, l.position, l.item_id, l.name, l.category, l.unit_cents, l.quantity, l.subcategory, l.description
      FROM r, json_to_recordset(${p.lines}::json) AS l (position integer, item_id text, name text, category text, unit_cents bigint,
        quantity integer, subcategory text, description text)
    ), audited AS (
      INSERT INTO audit_history (subject_type, subject_id, from_status, to_status, actor_id, actor_name, at, note, photo_file, thumbnail_file)
      SELECT 'purchase_request', r.id, NULL, 'pending', r.requester_id, r.requester_name, ${p.auditAt}, NULL, NULL, NULL FROM r
    ), catalogued AS (
      INSERT INTO purchase_catalogue_lines (request_id, item_seq, quantity, unit_cents, stock_taken)
      SELECT r.id, t.seq, t.quantity, t.unit_cents, 0 FROM r, json_to_recordset(${p.catalogueLines}::json) AS t (seq integer, quantity integer,
        unit_cents bigint)
    ), keyed AS (
      INSERT INTO idempotency_keys (user_id, key, request_hash, status, response, created_at)
      SELECT r.requester_id, ${p.key}, ${p.requestHash}, 201, replace(${p.response}, ${p.idMark}, r.id::text), ${p.createdAt} FROM r
      WHERE ${p.key}::text IS NOT NULL
    )
    SELECT r.id, (SELECT count(pg_notify(n.channel, replace(n.payload, ${p.idMark}, r.id::text)))
      FROM json_to_recordset(${p.notes}::json) AS n (channel text, payload text)) AS notes
    FROM r`,
);

/**
 * SQLite: stores a new pending request with its requester's current name, and its lines; undefined when the requester
 * no longer exists. The request's RETURNING is written before its lines are in: its items are the priced lines'.
 */
async function insertSqlite(tx: Tx, purchase: NewPurchase): Promise<PurchaseRequest | undefined> {
  const stored = storedRow(purchase);
  const row = (await insertRequest(tx, stored)).rows[0];
  if (!row) return undefined;
  await insertLines(tx, { requestId: row.id, lines: stored.lines });
  const request = JSON.parse(row.json) as PurchaseRequest;
  request.items = purchase.lines.map(toPurchaseItem);
  return request;
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
      fromRow(
        {
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
        },
        purchase.lines,
      ),
    /**
     * PostgreSQL: stores a pending request (`pending`'s) with its lines, its audit row (at `auditAt`), what it took from
     * the catalogue (no stock) and sends `within`'s notes, all in one statement (`insertAtOnce`); answers the new id, or
     * undefined when the requester no longer bears `requesterName` (nothing is written nor sent).
     */
    insertAtOnce: async (
      within: OneStatement,
      purchase: NewPurchase,
      options: {
        requesterName: string;
        auditAt: string;
        catalogueLines: ReadonlyArray<{ seq: number; quantity: number; unitCents: number }>;
        /** The text standing for the id in the notes (a JSON string, quoted). */
        idMark: string;
        /** The call's Idempotency-Key, and the answer to store under it (JSON, the id as `idMark`). */
        key?: { key: string; requestHash: string; response: string };
      },
    ): Promise<number | undefined> => {
      const row = (
        await insertAtOnce(within, {
          ...storedRow(purchase),
          requesterName: options.requesterName,
          auditAt: options.auditAt,
          catalogueLines: JSON.stringify(
            options.catalogueLines.map((line) => ({ seq: line.seq, quantity: line.quantity, unit_cents: line.unitCents })),
          ),
          notes: JSON.stringify(within.notes),
          idMark: options.idMark,
          key: options.key?.key ?? null,
          requestHash: options.key?.requestHash ?? null,
          response: options.key?.response ?? null,
        })
      ).rows[0];
      return row?.id;
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

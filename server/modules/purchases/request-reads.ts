import type { PurchaseRequestJson as PurchaseRequest } from '../../../src/domain/schemas/purchases';
import { sql, type RawBuilder } from 'kysely';
import type { Tx } from '../../db/scope';
import { prepared } from '../../db/prepared';
import { packedValues, valuesOf } from '../../db/read-values';
import { LINE_COLUMNS, type LineValues } from './lines';
import { REQUEST_COLUMNS, type RequestRow, type RequestValues, toPurchaseRequest } from './request-mapping';

/** Which requests a read is of: every one, one requester's, or one by id. */
export type Which = { all: true } | { requesterId: number } | { id: number };

/** Requests as read, newest first: each one's values and, at the same index, its lines' in line order. */
interface Read {
  requests: RequestValues[];
  lines: LineValues[][];
}

/** Each of REQUEST_COLUMNS as selected from `r` (the requests) and `p` (their promises, joined). */
const FROM_PROMISE: Partial<Record<(typeof REQUEST_COLUMNS)[number], string>> = {
  promised_at: 'p.promised_at',
  promise_status: 'p.status AS promise_status',
  promise_closed_at: 'p.closed_at AS promise_closed_at',
};
const REQUEST_SELECT = sql.raw(REQUEST_COLUMNS.map((column) => FROM_PROMISE[column] ?? `r.${column}`).join(', '));
const LINE_SELECT = sql.raw(LINE_COLUMNS.join(', '));

const requestsWhere = (which: Which) =>
  'id' in which ? sql`WHERE r.id = ${which.id}` : 'requesterId' in which ? sql`WHERE r.requester_id = ${which.requesterId}` : sql``;

/** The requests' rows, newest first, their promise's columns joined. */
const requestRows = (which: Which) =>
  sql`SELECT ${REQUEST_SELECT} FROM purchase_requests r LEFT JOIN promises p ON p.id = r.promise_id ${requestsWhere(which)} ORDER BY r.id DESC`;

/** The lines of the requests `which` names, by request and position (the lines' key, read in its order). */
const lineRows = (which: Which): RawBuilder<unknown> =>
  'id' in which
    ? sql`SELECT ${LINE_SELECT} FROM purchase_request_lines WHERE request_id = ${which.id} ORDER BY request_id, position`
    : 'requesterId' in which
      ? sql`SELECT ${LINE_SELECT} FROM purchase_request_lines
          WHERE request_id IN (SELECT id FROM purchase_requests WHERE requester_id = ${which.requesterId}) ORDER BY request_id, position`
      : sql`SELECT ${LINE_SELECT} FROM purchase_request_lines ORDER BY request_id, position`;

/** SQLite: the requests and their lines in one statement (one snapshot), each as one JSON text of values (`packedValues`). */
const sqliteQuery = (which: Which) =>
  sql<Packed>`SELECT ${packedValues(requestRows(which), REQUEST_COLUMNS)} AS requests, ${packedValues(lineRows(which), LINE_COLUMNS)} AS lines`;
type Packed = { requests: string; lines: string };

/**
 * SQLite's answer as read: the lines, in the order of their key, are given to their requests (newest first) walking
 * both lists once from the oldest. A line of no request read is passed over.
 */
function unpack(row: Packed): Read {
  const requests = JSON.parse(row.requests) as RequestValues[];
  const all = JSON.parse(row.lines) as LineValues[];
  const lines = new Array<LineValues[]>(requests.length);
  let next = 0;
  for (let i = requests.length - 1; i >= 0; i--) {
    const id = requests[i]![0];
    while (next < all.length && all[next]![0] < id) next++;
    const first = next;
    while (next < all.length && all[next]![0] === id) next++;
    lines[i] = all.slice(first, next);
  }
  return { requests, lines };
}

/**
 * PostgreSQL: the requests' rows with their lines grouped in one pass (a hash join) as one json_agg of each request's
 * line values (parsed by the driver), not a sub-select per request: for 10,000 requests of 3 lines ~70–110 ms of
 * PostgreSQL's time against ~135–175 ms (bench/tools/pg-lines-micro.ts, on a busy machine).
 */
const postgresQuery = (which: Which) => {
  const ids = 'id' in which ? sql`${which.id}` : sql`SELECT r.id FROM purchase_requests r ${requestsWhere(which)}`;
  return sql<PostgresRow>`SELECT ${REQUEST_SELECT}, l.lines FROM purchase_requests r
    LEFT JOIN promises p ON p.id = r.promise_id
    LEFT JOIN (
      SELECT request_id, json_agg(json_build_array(${LINE_SELECT}) ORDER BY position) AS lines FROM purchase_request_lines
      WHERE request_id IN (${ids}) GROUP BY request_id
    ) l ON l.request_id = r.id
    ${requestsWhere(which)} ORDER BY r.id DESC`;
};
type PostgresRow = RequestRow & { lines: LineValues[] | null };

const fromPostgres = (rows: readonly PostgresRow[]): Read => ({
  requests: rows.map((row) => valuesOf(row, REQUEST_COLUMNS)),
  lines: rows.map((row) => row.lines ?? []),
});

/** The requests `which` names, newest first, read the cheapest way on each engine (`Read`). */
async function readRequests(tx: Tx, which: Which): Promise<Read> {
  if (tx.engine === 'sqlite') return unpack((await sqliteQuery(which).execute(tx.kysely())).rows[0]!);
  return fromPostgres((await postgresQuery(which).execute(tx.kysely())).rows);
}

// The read by id runs on every change of a request: compiled once per engine.
const byId = prepared((_db, p: { id: number }, engine): RawBuilder<Packed | PostgresRow> =>
  engine === 'sqlite' ? sqliteQuery({ id: p.id }) : postgresQuery({ id: p.id }),
);

/** The requests `which` names as the API's JSON text (an array), newest first. */
export async function listJson(tx: Tx, which: Which): Promise<string> {
  const { requests, lines } = await readRequests(tx, which);
  const list = new Array<PurchaseRequest>(requests.length);
  for (let i = 0; i < requests.length; i++) list[i] = toPurchaseRequest(requests[i]!, lines[i]!);
  return JSON.stringify(list);
}

/** The request by id: its values as stored and the API's PurchaseRequest; undefined when there is none. */
export async function findRequest(tx: Tx, id: number): Promise<{ values: RequestValues; request: PurchaseRequest } | undefined> {
  const { rows } = await byId(tx, { id });
  const { requests, lines } = tx.engine === 'sqlite' ? unpack(rows[0] as Packed) : fromPostgres(rows as PostgresRow[]);
  const values = requests[0];
  return values && { values, request: toPurchaseRequest(values, lines[0]!) };
}

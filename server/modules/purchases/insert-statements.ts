import { sql } from 'kysely';
import type { OneStatement, Tx } from '../../db/scope';
import { prepared } from '../../db/prepared';
import { toStoredAuditKind } from '../../db/record-kinds';
import { ADMIN_DEVICES_JSON } from '../push/admin-devices';
import type { AdminSubscriptionRow } from '../push/repository';
import { toLineColumns } from './lines';
import type { NewPurchase } from './repository';

/** The audit rows' subject_type of a request, as the table spells it. */
const STORED_KIND = toStoredAuditKind('purchase-request');

/** A new request's values as the inserts write them: the lines as one JSON parameter (`toLineColumns`' objects). */
export type StoredRow = Omit<NewPurchase, 'lines'> & { lines: string };

export const storedRow = (purchase: NewPurchase): StoredRow => ({
  ...purchase,
  lines: JSON.stringify(purchase.lines.map(toLineColumns)),
});

/** SQLite: the request, with its requester's current name; no row when the requester no longer exists. */
const insertSqliteRequest = prepared(
  (_db, p: StoredRow) => sql<{ id: number; requester_name: string }>`
    INSERT INTO purchase_requests (requester_id, requester_name, total_cents, total_items, contact_email, status, created_at, requested_at)
    SELECT id, username, ${p.totalCents}, ${p.totalItems}, ${p.contactEmail}, 'pending', ${p.createdAt}, ${p.requestedAt}
    FROM users WHERE id = ${p.requesterId}
    RETURNING id, requester_name`,
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
 * PostgreSQL, in a statement whose first CTE `r` inserts a request: its lines (`lines`, `toLineColumns`' objects as one
 * JSON parameter) and its 'pending' audit row by its requester (at `auditAt`), as two more CTEs.
 */
const linesAndAudit = (lines: unknown, auditAt: unknown) => sql`lined AS (
      INSERT INTO purchase_request_lines (request_id, position, item_id, name, category, unit_cents, quantity, subcategory, description)
      SELECT r.id, l.position, l.item_id, l.name, l.category, l.unit_cents, l.quantity, l.subcategory, l.description
      FROM r, json_to_recordset(${lines}::json) AS l (position integer, item_id text, name text, category text, unit_cents bigint,
        quantity integer, subcategory text, description text)
    ), audited AS (
      INSERT INTO audit_history (subject_type, subject_id, from_status, to_status, actor_id, actor_name, at, note, photo_file, thumbnail_file)
      SELECT ${STORED_KIND}, r.id, NULL, 'pending', r.requester_id, r.requester_name, ${auditAt}, NULL, NULL, NULL FROM r
    )`;

/**
 * PostgreSQL: the request, its lines and its first audit row ('pending', by its requester) as one statement
 * (data-modifying CTEs), a round trip less per purchase (issue 32). SQLite has no INSERT in a CTE; there the service
 * writes the audit row as for every other transition.
 */
const insertRequestAudited = prepared(
  (_db, p: StoredRow & { auditAt: string }) => sql<{ id: number; requester_name: string }>`
    WITH r AS (
      INSERT INTO purchase_requests (requester_id, requester_name, total_cents, total_items, contact_email, status, created_at, requested_at)
      SELECT id, username, ${p.totalCents}, ${p.totalItems}, ${p.contactEmail}, 'pending', ${p.createdAt}, ${p.requestedAt}
      FROM users WHERE id = ${p.requesterId}
      RETURNING id, requester_id, requester_name
    ), ${linesAndAudit(p.lines, p.auditAt)}
    SELECT r.id, r.requester_name FROM r`,
);
/**
 * PostgreSQL, a purchase as one statement outside any transaction (issue 46): the request, its lines, its 'pending'
 * audit row, what it took from the catalogue and its live notes, each a `pg_notify` whose text names the request's id
 * where it says `idMark`. A single statement is atomic and needs no BEGIN nor COMMIT: 4 round trips fewer than the
 * transaction (BEGIN, the catalogue's lines, pg_notify, COMMIT), each costing the server and a database backend a
 * socket write and a wake-up. The purchase was priced from its cart's claims (`claims`: an item's exact name and
 * category, its unit price and the quantity taken), and reads nothing before: it is written only while the catalogue
 * bears out every claim (that item active, in the shop, without a stock count, at that price: what pricing from the
 * catalogue would have found) and the requester still bears the name the request and its note were built with; no
 * row (nothing written, nothing sent) otherwise. With an Idempotency-Key, the answer is stored under it in the same
 * statement (`response`, the id written in as in the notes): a key stored meanwhile by a racing retry fails the whole
 * statement with a unique violation. It answers the admins' devices too: the admins' notice of the new request needs
 * no query of its own after the commit.
 */
const insertAtOnce = prepared(
  (
    _db,
    p: StoredRow & {
      requesterName: string;
      auditAt: string;
      claims: string;
      notes: string;
      idMark: string;
      key: string | null;
      requestHash: string | null;
      response: string | null;
    },
  ) => sql<{
    id: number;
    admin_devices: AdminSubscriptionRow[];
  }>`
    WITH claimed AS (
      SELECT c.seq, t.quantity, t.unit_cents FROM json_to_recordset(${p.claims}::json) AS t (name text, category text,
        quantity integer, unit_cents bigint)
      LEFT JOIN catalogue_items c ON c.name = t.name AND c.category = t.category AND c.status = 'active' AND c.in_shop = 1
        AND c.stock IS NULL AND c.price_cents = t.unit_cents
    ), r AS (
      INSERT INTO purchase_requests (requester_id, requester_name, total_cents, total_items, contact_email, status, created_at, requested_at)
      SELECT id, username, ${p.totalCents}, ${p.totalItems}, ${p.contactEmail}, 'pending', ${p.createdAt}, ${p.requestedAt}
      FROM users WHERE id = ${p.requesterId} AND username = ${p.requesterName} AND NOT EXISTS (SELECT 1 FROM claimed WHERE seq IS NULL)
      RETURNING id, requester_id, requester_name
    ), ${linesAndAudit(p.lines, p.auditAt)}, catalogued AS (
      INSERT INTO purchase_catalogue_lines (request_id, item_seq, quantity, unit_cents, stock_taken)
      SELECT r.id, claimed.seq, claimed.quantity, claimed.unit_cents, 0 FROM r, claimed
    ), keyed AS (
      INSERT INTO idempotency_keys (user_id, key, request_hash, status, response, created_at)
      SELECT r.requester_id, ${p.key}, ${p.requestHash}, 201, replace(${p.response}, ${p.idMark}, r.id::text), ${p.createdAt} FROM r
      WHERE ${p.key}::text IS NOT NULL
    )
    SELECT r.id, (SELECT count(pg_notify(n.channel, replace(n.payload, ${p.idMark}, r.id::text)))
      FROM json_to_recordset(${p.notes}::json) AS n (channel text, payload text)) AS notes, ${ADMIN_DEVICES_JSON} AS admin_devices
    FROM r`,
);

/**
 * Stores a new pending request with its requester's current name, and its lines; on PostgreSQL with its 'pending'
 * audit row too (by the requester, at `auditAt`) in one statement (SQLite has no INSERT in a CTE: there the caller
 * writes it). The new id and the name written; undefined when the requester no longer exists.
 */
export async function insertRequest(
  tx: Tx,
  purchase: NewPurchase,
  auditAt: string,
): Promise<{ id: number; requesterName: string } | undefined> {
  const stored = storedRow(purchase);
  if (tx.engine !== 'sqlite') {
    const row = (await insertRequestAudited(tx, { ...stored, auditAt })).rows[0];
    return row && { id: row.id, requesterName: row.requester_name };
  }
  const row = (await insertSqliteRequest(tx, stored)).rows[0];
  if (!row) return undefined;
  await insertLines(tx, { requestId: row.id, lines: stored.lines });
  return { id: row.id, requesterName: row.requester_name };
}

/** What `insertPurchaseAtOnce` writes beside the request. */
export interface AtOnceOptions {
  requesterName: string;
  auditAt: string;
  /** The items the purchase was priced at as its cart claims them, merged by item: nothing is written unless each is so. */
  claims: ReadonlyArray<{ name: string; category: string; quantity: number; unitCents: number }>;
  /** The text standing for the id in the notes (a JSON string, quoted). */
  idMark: string;
  /** The call's Idempotency-Key, and the answer to store under it (JSON, the id as `idMark`). */
  key?: { key: string; requestHash: string; response: string };
}

/**
 * PostgreSQL: stores a pending request (`pending`'s) with its lines, its audit row (at `auditAt`), what it took from
 * the catalogue (no stock) and sends `within`'s notes, all in one statement (`insertAtOnce`); answers the new id with
 * the admins' devices read in it, or undefined when the requester no longer bears `requesterName` or the catalogue
 * does not bear out every claim (nothing is written nor sent).
 */
export async function insertPurchaseAtOnce(
  within: OneStatement,
  purchase: NewPurchase,
  options: AtOnceOptions,
): Promise<{ id: number; adminDevices: AdminSubscriptionRow[] } | undefined> {
  const row = (
    await insertAtOnce(within, {
      ...storedRow(purchase),
      requesterName: options.requesterName,
      auditAt: options.auditAt,
      claims: JSON.stringify(
        options.claims.map((claim) => ({
          name: claim.name,
          category: claim.category,
          quantity: claim.quantity,
          unit_cents: claim.unitCents,
        })),
      ),
      notes: JSON.stringify(within.notes),
      idMark: options.idMark,
      key: options.key?.key ?? null,
      requestHash: options.key?.requestHash ?? null,
      response: options.key?.response ?? null,
    })
  ).rows[0];
  return row && { id: row.id, adminDevices: row.admin_devices };
}

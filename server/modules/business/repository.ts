import { sql } from 'kysely';
import { asCents } from '../../../src/domain/money';
import type { KyselyDb, Tx } from '../../db/scope';
import { linesByRequest } from '../purchases/lines';
import { fromStoredAuditKind, toStoredAuditKind, type AuditKind } from '../../db/record-kinds';

/** How many rows of a table are in each value of a column (a status). */
const count = async (tx: Tx, table: 'purchase_requests' | 'item_submissions', column: 'status') =>
  Object.fromEntries(
    (
      await sql<{
        key: string;
        n: number;
      }>`SELECT ${sql.ref(column)} AS key, COUNT(*) AS n FROM ${sql.table(table)} GROUP BY ${sql.ref(column)}`.execute(tx.kysely())
    ).rows.map((row) => [row.key, Number(row.n)]),
  ) as Record<string, number | undefined>;

/** The super admin's reads over the whole business: counts, money since a time, rows for export and the audit log. */
export const businessRepository = {
  requestsByStatus: (tx: Tx) => count(tx, 'purchase_requests', 'status'),
  submissionsByStatus: (tx: Tx) => count(tx, 'item_submissions', 'status'),
  async pickupsByStage(tx: Tx) {
    const row = await tx
      .kysely()
      .selectFrom('scheduled_pickups')
      .select([
        sql<number>`COUNT(*)`.as('total'),
        sql<number>`SUM(CASE WHEN completed = 0 THEN 1 ELSE 0 END)`.as('scheduled'),
        sql<number>`SUM(CASE WHEN completed = 1 AND paid = 0 THEN 1 ELSE 0 END)`.as('collected'),
        sql<number>`SUM(CASE WHEN paid = 1 THEN 1 ELSE 0 END)`.as('paid'),
      ])
      .executeTakeFirstOrThrow();
    return {
      total: Number(row.total ?? 0),
      scheduled: Number(row.scheduled ?? 0),
      collected: Number(row.collected ?? 0),
      paid: Number(row.paid ?? 0),
    };
  },
  async users(tx: Tx) {
    const row = await tx
      .kysely()
      .selectFrom('users')
      .select([
        sql<number>`COUNT(*)`.as('users'),
        sql<number>`SUM(CASE WHEN is_admin = 1 OR is_super_admin = 1 THEN 1 ELSE 0 END)`.as('admins'),
      ])
      .executeTakeFirstOrThrow();
    return { users: Number(row.users ?? 0), admins: Number(row.admins ?? 0) };
  },
  /** Requests created or completed since `from` (ISO): what the money and the charts are summed from. */
  async requestsSince(tx: Tx, from: string) {
    const rows = await tx
      .kysely()
      .selectFrom('purchase_requests')
      .select(['id', 'total_cents', 'status', 'created_at', 'completed_at'])
      .where((eb) => eb.or([eb('created_at', '>=', from), eb('completed_at', '>=', from)]))
      .execute();
    // The lines of the requests created since then (those the item figures count), read after the requests: a
    // request is written with its lines in one transaction, so every request read finds its lines.
    const lines = await linesByRequest(tx, (db) => db.selectFrom('purchase_requests').select('id').where('created_at', '>=', from));
    return rows.map((row) => ({ ...row, totalCents: asCents(Number(row.total_cents)), lines: lines.get(row.id) ?? [] }));
  },
  /** Pickups paid since `from`, with what their payout is computed from. */
  paidPickupsSince: (tx: Tx, from: string) =>
    tx
      .kysely()
      .selectFrom('scheduled_pickups as p')
      .innerJoin('item_submissions as s', 's.id', 'p.submission_id')
      .select(['p.id', 'p.paid_at', 'p.agreed_price_cents', 's.ps5_name', 's.quantity', 's.payment_method'])
      .where('p.paid', '=', 1)
      .where('p.paid_at', '>=', from)
      .execute(),
  /** Credit granted for missed promises since `from`. */
  grantsSince: (tx: Tx, from: string) =>
    tx
      .kysely()
      .selectFrom('credit_ledger')
      .select(['amount_cents', 'created_at'])
      .where('kind', 'in', ['missed-drop', 'missed-pickup'])
      .where('created_at', '>=', from)
      .execute(),
  async creditOutstandingCents(tx: Tx): Promise<number> {
    const row = await tx
      .kysely()
      .selectFrom('credit_ledger')
      .select(sql<number>`COALESCE(SUM(amount_cents), 0)`.as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total ?? 0);
  },
  /** Promises kept or missed since `from`, by when they closed. */
  closedPromisesSince: (tx: Tx, from: string) =>
    tx
      .kysely()
      .selectFrom('promises')
      .select(['status', 'closed_at'])
      .where('status', 'in', ['kept', 'missed'])
      .where('closed_at', '>=', from)
      .execute(),

  async exportRequests(tx: Tx, from: string, to: string) {
    const inRange = (db: KyselyDb) => db.selectFrom('purchase_requests').where('created_at', '>=', from).where('created_at', '<', to);
    const rows = await inRange(tx.kysely()).selectAll().orderBy('id').execute();
    const lines = await linesByRequest(tx, (db) => inRange(db).select('id')); // after the requests, as in requestsSince

    return rows.map((row) => ({ ...row, totalCents: asCents(Number(row.total_cents)), lines: lines.get(row.id) ?? [] }));
  },
  exportSubmissions: (tx: Tx, from: string, to: string) =>
    tx
      .kysely()
      .selectFrom('item_submissions')
      .select([
        'id',
        'submitted_by',
        'ps5_name',
        'roblox_name',
        'quantity',
        'payment_method',
        'status',
        'created_at',
        'rejected_at',
        'rejection_reason',
      ])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .orderBy('id')
      .execute(),
  exportPickups: (tx: Tx, from: string, to: string) =>
    tx
      .kysely()
      .selectFrom('scheduled_pickups as p')
      .innerJoin('item_submissions as s', 's.id', 'p.submission_id')
      .select([
        'p.id',
        'p.submission_id',
        's.submitted_by',
        's.ps5_name',
        's.quantity',
        's.payment_method',
        'p.scheduled_date',
        'p.scheduled_time',
        'p.is_immediate',
        'p.completed',
        'p.collected_at',
        'p.paid',
        'p.paid_at',
        'p.agreed_price_cents',
        'p.created_at',
      ])
      .where('p.created_at', '>=', from)
      .where('p.created_at', '<', to)
      .orderBy('p.id')
      .execute(),
  exportLedger: (tx: Tx, from: string, to: string) =>
    tx
      .kysely()
      .selectFrom('credit_ledger as l')
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .select([
        'l.id',
        'u.username',
        'l.amount_cents',
        'l.kind',
        'l.subject_type',
        'l.subject_id',
        'l.reason',
        'l.created_at',
        'l.created_by',
      ])
      .where('l.created_at', '>=', from)
      .where('l.created_at', '<', to)
      .orderBy('l.id')
      .execute(),

  /** Catalogue items' names by their row number (the audit log's catalogue rows). */
  async catalogueNames(tx: Tx, seqs: readonly number[]): Promise<Map<number, string>> {
    if (seqs.length === 0) return new Map();
    const rows = await tx
      .kysely()
      .selectFrom('catalogue_items')
      .select(['seq', 'name'])
      .where('seq', 'in', [...new Set(seqs)])
      .execute();
    return new Map(rows.map((row) => [row.seq, row.name]));
  },

  /** The audit log, newest first, `limit` rows before `beforeId`, filtered by subject, actor and time. */
  async audit(
    tx: Tx,
    filter: { subjectType?: AuditKind; actor?: string; to?: string; from?: string; until?: string; beforeId?: number; limit: number },
  ) {
    let query = tx
      .kysely()
      .selectFrom('audit_history')
      .select(['id', 'subject_type', 'subject_id', 'from_status', 'to_status', 'actor_name', 'at', 'note']);
    if (filter.subjectType) query = query.where('subject_type', '=', toStoredAuditKind(filter.subjectType));
    if (filter.actor) query = query.where(sql<boolean>`LOWER(actor_name) = LOWER(${filter.actor})`);
    if (filter.to) query = query.where('to_status', '=', filter.to);
    if (filter.from) query = query.where('at', '>=', filter.from);
    if (filter.until) query = query.where('at', '<', filter.until);
    if (filter.beforeId) query = query.where('id', '<', filter.beforeId);
    return (await query.orderBy('id', 'desc').limit(filter.limit).execute()).map((row) => ({
      ...row,
      subject_type: fromStoredAuditKind(row.subject_type),
    }));
  },
};

/** The repository (businessRepository): one module-level object of small named queries, kept behind the factory callers use. */
export function createBusinessRepository() {
  return businessRepository;
}
export type BusinessRepository = typeof businessRepository;

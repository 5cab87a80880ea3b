import { DateTime } from 'luxon';
import type { Dashboard, ExportKind, ItemFigures, PeriodMoney, TopItems } from '../../../src/domain/schemas/business';
import { type Cents, fromCents, multiplyCents } from '../../../src/domain/money';
import { isRecordId } from '../../../src/domain/schemas/common';
import { AUDIT_SUBJECT_WORDS, stepTitle } from '../../../src/domain/history-wording';
import type { ItemSubmission } from '../../../src/domain/schemas/submissions';
import type { Tx } from '../../db/scope';
import type { AuditKind } from '../../db/record-kinds';
import { badRequest } from '../../lib/app-error';
import { toCsv } from '../../lib/csv';
import { nowIso } from '../../lib/time';
import { payoutCents } from '../pickups/service';
import { sellPriceLookup } from '../catalogue/view';
import type { BusinessRepository } from './repository';

/** The audit log's subject filter (GET /api/admin/audit?subjectType=…): the records and accounts. */
const AUDIT_FILTERS: readonly AuditKind[] = ['purchase-request', 'submission', 'pickup', 'user', 'catalogue-item'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The super admin's figures (dashboard, CSV export, audit log), days counted in the store's time zone. */
export function createBusinessService({ tx, business, storeTimeZone }: { tx: Tx; business: BusinessRepository; storeTimeZone: string }) {
  const dayOf = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).setZone(storeTimeZone).toISODate() ?? '';

  /** The instant a store day starts, and the one the day after `to` starts: [from, until). */
  function range(fromDay: string | undefined, toDay: string | undefined): { from: string; until: string; label: string } {
    const today = DateTime.fromISO(nowIso(), { zone: 'utc' }).setZone(storeTimeZone).startOf('day');
    for (const day of [fromDay, toDay]) if (day !== undefined && !DAY.test(day)) throw badRequest('Dates must be written YYYY-MM-DD');
    const start = fromDay ? DateTime.fromISO(fromDay, { zone: storeTimeZone }) : today.minus({ days: 29 });
    const end = (toDay ? DateTime.fromISO(toDay, { zone: storeTimeZone }) : today).plus({ days: 1 });
    if (!start.isValid || !end.isValid) throw badRequest('Dates must be real days, written YYYY-MM-DD');
    if (end <= start) throw badRequest('The end date must not be before the start date');
    return {
      from: start.toUTC().toISO()!,
      until: end.toUTC().toISO()!,
      label: `${start.toISODate()}-to-${end.minus({ days: 1 }).toISODate()}`,
    };
  }

  return {
    async dashboard(): Promise<Dashboard> {
      const now = DateTime.fromISO(nowIso(), { zone: 'utc' }).setZone(storeTimeZone);
      const today = now.startOf('day');
      const starts = { today: today, week: today.minus({ days: 6 }), month: today.minus({ days: 29 }) };
      const since = { today: starts.today.toUTC().toISO()!, week: starts.week.toUTC().toISO()!, month: starts.month.toUTC().toISO()! };
      const [requests, paid, grants, promises, outstanding, users, byRequest, bySubmission, pickups] = await Promise.all([
        business.requestsSince(tx, since.month),
        business.paidPickupsSince(tx, since.month),
        business.grantsSince(tx, since.month),
        business.closedPromisesSince(tx, since.month),
        business.creditOutstandingCents(tx),
        business.users(tx),
        business.requestsByStatus(tx),
        business.submissionsByStatus(tx),
        business.pickupsByStage(tx),
      ]);
      // Payouts are valued from the catalogue in the database (issue 49).
      const sellPriceOf = await sellPriceLookup(tx);

      const money = (from: string): PeriodMoney => {
        let requested = 0;
        let completed = 0;
        for (const request of requests) {
          const cents = request.totalCents;
          if (request.created_at >= from && request.status !== 'cancelled') requested += cents;
          if (request.status === 'completed' && request.completed_at && request.completed_at >= from) completed += cents;
        }
        let paidOut = 0;
        for (const pickup of paid) {
          if (!pickup.paid_at || pickup.paid_at < from) continue;
          const submission = {
            ps5Name: pickup.ps5_name,
            quantity: pickup.quantity,
            paymentMethod: pickup.payment_method ?? 'usd',
          } as ItemSubmission;
          paidOut += payoutCents(submission, pickup.agreed_price_cents, sellPriceOf) ?? 0;
        }
        const creditsGranted = grants
          .filter((entry) => entry.created_at >= from)
          .reduce((sum, entry) => sum + Number(entry.amount_cents), 0);
        const closed = promises.filter((promise) => promise.closed_at && promise.closed_at >= from);
        const kept = closed.filter((promise) => promise.status === 'kept').length;
        return {
          requested: fromCents(requested),
          completed: fromCents(completed),
          paidOut: fromCents(paidOut),
          creditsGranted: fromCents(creditsGranted),
          promisesKeptPercent: closed.length === 0 ? null : Math.round((kept / closed.length) * 1000) / 10,
        };
      };

      const days = Array.from({ length: 30 }, (_, i) => starts.month.plus({ days: i }).toISODate()!);
      const daily = new Map(days.map((day) => [day, { day, requests: 0, completions: 0, kept: 0, missed: 0 }]));
      const top = new Map<string, number>();
      // Per item over 7 and 30 days: the quantity asked for and its revenue at the stored (server's) unit prices, in
      // cents (exact) until `ranked` writes the dollars.
      const items = { week: new Map<string, ItemFigures>(), month: new Map<string, ItemFigures>() };
      const addItem = (into: Map<string, ItemFigures>, name: string, quantity: number, revenueCents: Cents) => {
        const entry = into.get(name) ?? { name, quantity: 0, revenue: 0 };
        entry.quantity += quantity;
        entry.revenue += revenueCents;
        into.set(name, entry);
      };
      for (const request of requests) {
        if (request.created_at >= since.month && request.status !== 'cancelled') {
          const entry = daily.get(dayOf(request.created_at));
          if (entry) entry.requests += 1;
          for (const line of request.lines) {
            top.set(line.name, (top.get(line.name) ?? 0) + line.quantity);
            const revenueCents = multiplyCents(line.unitCents, line.quantity);
            addItem(items.month, line.name, line.quantity, revenueCents);
            if (request.created_at >= since.week) addItem(items.week, line.name, line.quantity, revenueCents);
          }
        }
        if (request.status === 'completed' && request.completed_at && request.completed_at >= since.month) {
          const entry = daily.get(dayOf(request.completed_at));
          if (entry) entry.completions += 1;
        }
      }
      for (const promise of promises) {
        const entry = promise.closed_at ? daily.get(dayOf(promise.closed_at)) : undefined;
        if (entry) entry[promise.status === 'kept' ? 'kept' : 'missed'] += 1;
      }
      const ranked = (figures: Map<string, ItemFigures>): TopItems => {
        const all = [...figures.values()].map((item) => ({ ...item, revenue: fromCents(item.revenue) }));
        const by = (key: 'quantity' | 'revenue') => [...all].sort((a, b) => b[key] - a[key] || a.name.localeCompare(b.name)).slice(0, 5);
        return { byQuantity: by('quantity'), byRevenue: by('revenue') };
      };
      const n = (value: number | undefined) => value ?? 0;
      const sum = (values: Record<string, number | undefined>) => Object.values(values).reduce<number>((a, b) => a + n(b), 0);
      return {
        generatedAt: now.toUTC().toISO()!,
        timeZone: storeTimeZone,
        counts: {
          users: users.users,
          admins: users.admins,
          purchaseRequests: {
            total: sum(byRequest),
            pending: n(byRequest.pending),
            approved: n(byRequest.approved),
            rejected: n(byRequest.rejected),
            completed: n(byRequest.completed),
            cancelled: n(byRequest.cancelled),
          },
          submissions: {
            total: sum(bySubmission),
            pending: n(bySubmission.pending),
            rejected: n(bySubmission.rejected),
            scheduled: n(bySubmission.scheduled),
            cancelled: n(bySubmission.cancelled),
          },
          pickups,
        },
        money: { today: money(since.today), week: money(since.week), month: money(since.month) },
        creditOutstanding: fromCents(outstanding),
        daily: days.map((day) => {
          const entry = daily.get(day)!;
          const closed = entry.kept + entry.missed;
          return { ...entry, keptPercent: closed === 0 ? null : Math.round((entry.kept / closed) * 1000) / 10 };
        }),
        topItems: [...top.entries()]
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .slice(0, 5)
          .map(([name, quantity]) => ({ name, quantity })),
        topItemsBy: { week: ranked(items.week), month: ranked(items.month) },
      };
    },

    /** One CSV file of `kind` for the store days `fromDay` … `toDay` (both included; the last 30 days by default). */
    async exportCsv(kind: ExportKind, fromDay?: string, toDay?: string): Promise<{ filename: string; body: string }> {
      const { from, until, label } = range(fromDay, toDay);
      const filename = `${kind}-${label}.csv`;
      const usd = (cents: number | null) => (cents === null ? null : fromCents(Number(cents)));
      switch (kind) {
        case 'requests': {
          const rows = await business.exportRequests(tx, from, until);
          return {
            filename,
            body: toCsv(
              [
                'id',
                'player',
                'email',
                'status',
                'items',
                'total_usd',
                'credit_applied_usd',
                'created_at',
                'approved_at',
                'completed_at',
                'rejected_at',
                'rejection_reason',
                'scheduled_date',
                'scheduled_time',
              ],
              rows.map((row) => [
                row.id,
                row.requester_name,
                row.contact_email,
                row.status,
                row.lines.map((line) => `${line.quantity} × ${line.name}`).join('; '),
                fromCents(row.totalCents),
                usd(row.credit_applied_cents),
                row.created_at,
                row.approved_at,
                row.completed_at,
                row.rejected_at,
                row.rejection_reason,
                row.scheduled_date,
                row.scheduled_time,
              ]),
            ),
          };
        }
        case 'submissions': {
          const rows = await business.exportSubmissions(tx, from, until);
          return {
            filename,
            body: toCsv(
              ['id', 'seller', 'item', 'category', 'quantity', 'payment_method', 'status', 'created_at', 'rejected_at', 'rejection_reason'],
              rows.map((row) => [
                row.id,
                row.submitted_by,
                row.ps5_name,
                row.roblox_name,
                row.quantity,
                row.payment_method,
                row.status,
                row.created_at,
                row.rejected_at,
                row.rejection_reason,
              ]),
            ),
          };
        }
        case 'pickups': {
          const rows = await business.exportPickups(tx, from, until);
          const sellPriceOf = await sellPriceLookup(tx);
          return {
            filename,
            body: toCsv(
              [
                'id',
                'submission_id',
                'seller',
                'item',
                'quantity',
                'payout_usd',
                'scheduled_date',
                'scheduled_time',
                'immediate',
                'status',
                'collected_at',
                'paid_at',
                'created_at',
              ],
              rows.map((row) => [
                row.id,
                row.submission_id,
                row.submitted_by,
                row.ps5_name,
                row.quantity,
                usd(
                  payoutCents(
                    { ps5Name: row.ps5_name, quantity: row.quantity, paymentMethod: row.payment_method ?? 'usd' } as ItemSubmission,
                    row.agreed_price_cents,
                    sellPriceOf,
                  ),
                ),
                row.scheduled_date,
                row.scheduled_time,
                Number(row.is_immediate) === 1,
                Number(row.paid) === 1 ? 'paid' : Number(row.completed) === 1 ? 'collected' : 'scheduled',
                row.collected_at,
                row.paid_at,
                row.created_at,
              ]),
            ),
          };
        }
        case 'ledger': {
          const rows = await business.exportLedger(tx, from, until);
          return {
            filename,
            body: toCsv(
              ['id', 'username', 'amount_usd', 'kind', 'subject_type', 'subject_id', 'reason', 'created_at', 'created_by'],
              rows.map((row) => [
                row.id,
                row.username,
                usd(row.amount_cents),
                row.kind,
                row.subject_type,
                row.subject_id,
                row.reason,
                row.created_at,
                row.created_by,
              ]),
            ),
          };
        }
      }
    },

    /** The audit log, newest first, 100 rows a page (`before`: the last id of the page before). */
    async audit(query: { subjectType?: string; actor?: string; to?: string; from?: string; until?: string; before?: string }) {
      const { from, until } = query.from || query.until ? range(query.from, query.until) : { from: undefined, until: undefined };
      const beforeId = query.before ? Number(query.before) : undefined;
      // Within the id column's range: PostgreSQL answered 500 for 2^31 and above (issue 45.8).
      if (beforeId !== undefined && !isRecordId(beforeId))
        throw badRequest('before must be an entry id (a whole number from 1 to 2,147,483,647)');
      const subjectType = AUDIT_FILTERS.find((kind) => kind === query.subjectType);
      const rows = await business.audit(tx, {
        subjectType,
        actor: query.actor || undefined,
        to: query.to || undefined,
        from,
        until,
        beforeId,
        limit: 100,
      });
      // A catalogue item's rows name the item (issue 49): 'Catalogue item AK-47', 'Price: $18.00 → Price: $20.00'.
      const itemNames = await business.catalogueNames(
        tx,
        rows.filter((row) => row.subject_type === 'catalogue-item').map((row) => Number(row.subject_id)),
      );
      return rows.map((row) => ({
        id: Number(row.id),
        // Record kinds as the domain spells them ('sell-request'), never a table's name (issue 47.8).
        subjectType: row.subject_type,
        subject:
          row.subject_type === 'catalogue-item'
            ? `${AUDIT_SUBJECT_WORDS[row.subject_type]} ${itemNames.get(Number(row.subject_id)) ?? `#${Number(row.subject_id)}`}`
            : `${AUDIT_SUBJECT_WORDS[row.subject_type] ?? row.subject_type} #${Number(row.subject_id)}`,
        subjectId: Number(row.subject_id),
        from: row.from_status,
        to: row.to_status,
        title:
          row.subject_type === 'catalogue-item'
            ? row.from_status
              ? `${row.from_status} → ${row.to_status}`
              : row.to_status
            : stepTitle([{ from: row.from_status, to: row.to_status, note: row.note }], 0),
        actorName: row.actor_name,
        at: row.at,
        note: row.note,
      }));
    },
  };
}
export type BusinessService = ReturnType<typeof createBusinessService>;

import * as z from 'zod/mini';
import { UsdCents } from './money';

/** Money over one period (USD): what was asked for, handed over, paid to sellers, and credited for missed promises. */
export const PeriodMoney = z.object({
  requested: UsdCents,
  completed: UsdCents,
  paidOut: UsdCents,
  creditsGranted: UsdCents,
  /** Share of the promises closed in the period that were kept (kept ÷ kept + missed), or null before any. */
  promisesKeptPercent: z.nullable(z.number()),
});
export type PeriodMoney = z.infer<typeof PeriodMoney>;
export type PeriodMoneyJson = z.input<typeof PeriodMoney>;

/** One day of the charts, in the store's time zone. */
export const DayFigures = z.object({
  day: z.string(),
  requests: z.number(),
  completions: z.number(),
  kept: z.number(),
  missed: z.number(),
  /** Promises closed that day that were kept (kept ÷ kept + missed, one decimal), or null on a day none closed. */
  keptPercent: z.nullable(z.number()),
});
export type DayFigures = z.infer<typeof DayFigures>;

/** One item's share of the requests of a period: how many were asked for, and what they came to (USD). */
export const ItemFigures = z.object({ name: z.string(), quantity: z.number(), revenue: UsdCents });
export type ItemFigures = z.infer<typeof ItemFigures>;
export type ItemFiguresJson = z.input<typeof ItemFigures>;

/** The five items asked for most, by quantity and by revenue (requests not cancelled, as `requested` counts them). */
export const TopItems = z.object({ byQuantity: z.array(ItemFigures), byRevenue: z.array(ItemFigures) });
export type TopItems = z.infer<typeof TopItems>;
export type TopItemsJson = z.input<typeof TopItems>;

/** GET /api/admin/dashboard: the super admin's view of the business (issue 33 item 7). */
export const Dashboard = z.object({
  generatedAt: z.string(),
  timeZone: z.string(),
  counts: z.object({
    users: z.number(),
    admins: z.number(),
    purchaseRequests: z.object({
      total: z.number(),
      pending: z.number(),
      approved: z.number(),
      rejected: z.number(),
      completed: z.number(),
      cancelled: z.number(),
    }),
    submissions: z.object({ total: z.number(), pending: z.number(), rejected: z.number(), scheduled: z.number(), cancelled: z.number() }),
    pickups: z.object({ total: z.number(), scheduled: z.number(), collected: z.number(), paid: z.number() }),
  }),
  money: z.object({ today: PeriodMoney, week: PeriodMoney, month: PeriodMoney }),
  /** What players hold in store credit now (USD). */
  creditOutstanding: UsdCents,
  /** The last 30 days, oldest first. */
  daily: z.array(DayFigures),
  /** The most requested items of the last 30 days, by quantity. */
  topItems: z.array(z.object({ name: z.string(), quantity: z.number() })),
  /** The top items of the last 7 and 30 days, by quantity and by revenue (the charts). */
  topItemsBy: z.object({ week: TopItems, month: TopItems }),
});
export type Dashboard = z.infer<typeof Dashboard>;
export type DashboardJson = z.input<typeof Dashboard>;

/** What the CSV export covers. */
export const EXPORT_KINDS = ['requests', 'submissions', 'pickups', 'ledger'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** GET /api/admin/audit: one row of the audit log. */
export const AuditEntry = z.object({
  id: z.number(),
  subjectType: z.string(),
  /** What the row is about as people say it ('Sell request #3'): issue 47.8. */
  subject: z.optional(z.string()),
  subjectId: z.number(),
  from: z.nullable(z.string()),
  to: z.string(),
  /** How the step reads ('Approved → Completed', 'No-show recorded'), never 'approved → approved'. */
  title: z.optional(z.string()),
  actorName: z.string(),
  at: z.string(),
  note: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

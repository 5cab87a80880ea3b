import { DateTime } from 'luxon';
import type {
  DashboardJson as Dashboard,
  ItemFiguresJson as ItemFigures,
  PeriodMoneyJson as PeriodMoney,
  TopItemsJson as TopItems,
} from '../../../src/domain/schemas/business';
import { type Cents, fromCents, multiplyCents } from '../../../src/domain/money';
import type { ItemSubmission } from '../../../src/domain/schemas/submissions';
import { nowIso } from '../../lib/time';
import { payoutCents } from '../pickups/service';
import { sellPriceLookup } from '../catalogue/view';
import { dayOf } from './days';
import type { BusinessDeps } from './deps';
import type { BusinessRepository } from './repository';

type Rows<K extends keyof BusinessRepository> = Awaited<ReturnType<BusinessRepository[K]>>;

/** The month's rows the money and the charts are counted from. */
interface MonthRows {
  requests: Rows<'requestsSince'>;
  paid: Rows<'paidPickupsSince'>;
  grants: Rows<'grantsSince'>;
  promises: Rows<'closedPromisesSince'>;
}

type SellPriceOf = Awaited<ReturnType<typeof sellPriceLookup>>;
type DailyEntry = { day: string; requests: number; completions: number; kept: number; missed: number };

/** GET /api/admin/dashboard: counts, money today / this week / this month, 30 days of activity and the top items. */
export async function dashboard({ tx, business, storeTimeZone }: BusinessDeps): Promise<Dashboard> {
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
  const month: MonthRows = { requests, paid, grants, promises };
  const money = (from: string) => periodMoney(month, sellPriceOf, from);
  const days = Array.from({ length: 30 }, (_, i) => starts.month.plus({ days: i }).toISODate()!);
  const { daily, top, items } = tally(month, since, days, storeTimeZone);
  return {
    generatedAt: now.toUTC().toISO()!,
    timeZone: storeTimeZone,
    counts: {
      users: users.users,
      admins: users.admins,
      purchaseRequests: requestCounts(byRequest),
      submissions: submissionCounts(bySubmission),
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
}

/** The money of the period starting at `from`: asked, completed, paid out, credit granted, promises kept. */
function periodMoney({ requests, paid, grants, promises }: MonthRows, sellPriceOf: SellPriceOf, from: string): PeriodMoney {
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
  const creditsGranted = grants.filter((entry) => entry.created_at >= from).reduce((sum, entry) => sum + Number(entry.amount_cents), 0);
  const closed = promises.filter((promise) => promise.closed_at && promise.closed_at >= from);
  const kept = closed.filter((promise) => promise.status === 'kept').length;
  return {
    requested: fromCents(requested),
    completed: fromCents(completed),
    paidOut: fromCents(paidOut),
    creditsGranted: fromCents(creditsGranted),
    promisesKeptPercent: closed.length === 0 ? null : Math.round((kept / closed.length) * 1000) / 10,
  };
}

/** The month's activity per store day, the most asked-for items, and each item's figures over 7 and 30 days. */
function tally({ requests, promises }: MonthRows, since: { week: string; month: string }, days: string[], storeTimeZone: string) {
  const daily = new Map<string, DailyEntry>(days.map((day) => [day, { day, requests: 0, completions: 0, kept: 0, missed: 0 }]));
  const top = new Map<string, number>();
  // Per item over 7 and 30 days: the quantity asked for and its revenue at the stored (server's) unit prices, in
  // cents (exact) until `ranked` writes the dollars.
  const items = { week: new Map<string, ItemFigures>(), month: new Map<string, ItemFigures>() };
  for (const request of requests) {
    if (request.created_at >= since.month && request.status !== 'cancelled') {
      const entry = daily.get(dayOf(request.created_at, storeTimeZone));
      if (entry) entry.requests += 1;
      for (const line of request.lines) {
        top.set(line.name, (top.get(line.name) ?? 0) + line.quantity);
        const revenueCents = multiplyCents(line.unitCents, line.quantity);
        addItem(items.month, line.name, line.quantity, revenueCents);
        if (request.created_at >= since.week) addItem(items.week, line.name, line.quantity, revenueCents);
      }
    }
    if (request.status === 'completed' && request.completed_at && request.completed_at >= since.month) {
      const entry = daily.get(dayOf(request.completed_at, storeTimeZone));
      if (entry) entry.completions += 1;
    }
  }
  for (const promise of promises) {
    const entry = promise.closed_at ? daily.get(dayOf(promise.closed_at, storeTimeZone)) : undefined;
    if (entry) entry[promise.status === 'kept' ? 'kept' : 'missed'] += 1;
  }
  return { daily, top, items };
}

function addItem(into: Map<string, ItemFigures>, name: string, quantity: number, revenueCents: Cents) {
  const entry = into.get(name) ?? { name, quantity: 0, revenue: 0 };
  entry.quantity += quantity;
  entry.revenue += revenueCents;
  into.set(name, entry);
}

/** The top five items by quantity and by revenue (now in dollars). */
function ranked(figures: Map<string, ItemFigures>): TopItems {
  const all = [...figures.values()].map((item) => ({ ...item, revenue: fromCents(item.revenue) }));
  const by = (key: 'quantity' | 'revenue') => [...all].sort((a, b) => b[key] - a[key] || a.name.localeCompare(b.name)).slice(0, 5);
  return { byQuantity: by('quantity'), byRevenue: by('revenue') };
}

const n = (value: number | undefined) => value ?? 0;
const sum = (values: Record<string, number | undefined>) => Object.values(values).reduce<number>((a, b) => a + n(b), 0);

function requestCounts(byRequest: Record<string, number | undefined>) {
  return {
    total: sum(byRequest),
    pending: n(byRequest.pending),
    approved: n(byRequest.approved),
    rejected: n(byRequest.rejected),
    completed: n(byRequest.completed),
    cancelled: n(byRequest.cancelled),
  };
}

function submissionCounts(bySubmission: Record<string, number | undefined>) {
  return {
    total: sum(bySubmission),
    pending: n(bySubmission.pending),
    rejected: n(bySubmission.rejected),
    scheduled: n(bySubmission.scheduled),
    cancelled: n(bySubmission.cancelled),
  };
}

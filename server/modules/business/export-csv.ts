import type { ExportKind } from '../../../src/domain/schemas/business';
import { fromCents } from '../../../src/domain/money';
import { IMMEDIATELY, storedDate } from '../../../src/domain/drop-schedule';
import type { ItemSubmission } from '../../../src/domain/schemas/submissions';
import type { Tx } from '../../db/scope';
import { toCsv } from '../../lib/csv';
import { payoutCents } from '../pickups/service';
import { sellPriceLookup } from '../catalogue/view';
import { dayRange } from './days';
import type { BusinessDeps } from './deps';
import type { BusinessRepository } from './repository';

/** One kind's CSV text for the instants [from, until). */
type CsvOf = (business: BusinessRepository, tx: Tx, from: string, until: string) => Promise<string>;

const usd = (cents: number | null) => (cents === null ? null : fromCents(Number(cents)));

/** One CSV file of `kind` for the store days `fromDay` … `toDay` (both included; the last 30 days by default). */
export async function exportCsv(
  { tx, business, storeTimeZone }: BusinessDeps,
  kind: ExportKind,
  fromDay?: string,
  toDay?: string,
): Promise<{ filename: string; body: string }> {
  const { from, until, label } = dayRange(storeTimeZone, fromDay, toDay);
  const filename = `${kind}-${label}.csv`;
  return { filename, body: await CSV_OF[kind](business, tx, from, until) };
}

const REQUEST_COLUMNS = [
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
];

const requestsCsv: CsvOf = async (business, tx, from, until) => {
  const rows = await business.exportRequests(tx, from, until);
  return toCsv(
    REQUEST_COLUMNS,
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
      row.is_immediate_schedule ? IMMEDIATELY : row.scheduled_date,
      row.scheduled_time,
    ]),
  );
};

const submissionsCsv: CsvOf = async (business, tx, from, until) => {
  const rows = await business.exportSubmissions(tx, from, until);
  return toCsv(
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
  );
};

const PICKUP_COLUMNS = [
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
];

const pickupsCsv: CsvOf = async (business, tx, from, until) => {
  const rows = await business.exportPickups(tx, from, until);
  const sellPriceOf = await sellPriceLookup(tx);
  return toCsv(
    PICKUP_COLUMNS,
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
      storedDate(row.scheduled_date, row.is_immediate),
      row.scheduled_time,
      Number(row.is_immediate) === 1,
      Number(row.paid) === 1 ? 'paid' : Number(row.completed) === 1 ? 'collected' : 'scheduled',
      row.collected_at,
      row.paid_at,
      row.created_at,
    ]),
  );
};

const ledgerCsv: CsvOf = async (business, tx, from, until) => {
  const rows = await business.exportLedger(tx, from, until);
  return toCsv(
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
  );
};

const CSV_OF: Record<ExportKind, CsvOf> = {
  requests: requestsCsv,
  submissions: submissionsCsv,
  pickups: pickupsCsv,
  ledger: ledgerCsv,
};

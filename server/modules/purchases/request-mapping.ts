import type { PurchaseRequestJson as PurchaseRequest } from '../../../src/domain/schemas/purchases';
import type { Selectable } from 'kysely';
import { IMMEDIATELY } from '../../../src/domain/drop-schedule';
import { fromCents } from '../../../src/domain/money';
import type { ValuesOf } from '../../db/read-values';
import type { Tables } from '../../db/tables';
import { type LineValues, toLineValues, toPurchaseItem } from './lines';
import type { NewPurchase } from './repository';

/** A request's row as the reads select it, with its promise's columns (joined; null before it is scheduled). */
export type RequestRow = Omit<Selectable<Tables['purchase_requests']>, 'cancelled_at'> & {
  promised_at: string | null;
  promise_status: string | null;
  promise_closed_at: string | null;
};

/** The columns of a request the reads select, in this order: a request travels as their values (`RequestValues`). */
export const REQUEST_COLUMNS = [
  'id',
  'requester_id',
  'requester_name',
  'total_cents',
  'total_items',
  'contact_email',
  'status',
  'created_at',
  'requested_at',
  'approved_at',
  'rejected_at',
  'completed_at',
  'rejection_reason',
  'scheduled_date',
  'scheduled_time',
  'is_immediate_schedule',
  'credit_applied_cents',
  'promise_id',
  'promised_at',
  'promise_status',
  'promise_closed_at',
] as const satisfies readonly (keyof RequestRow)[];

/** A request's row as the values of REQUEST_COLUMNS, in their order. */
export type RequestValues = ValuesOf<RequestRow, typeof REQUEST_COLUMNS>;

/**
 * The one mapping of a request's row and its lines to the API's PurchaseRequest, on both engines. Money leaves the
 * cents columns here, as the API's dollars (`fromCents`) and each item's '$2.99' text (`toPurchaseItem`), never in
 * SQL; an immediate drop, stored as its flag alone (migration 051), answers the date the API has always had for it.
 */
export function toPurchaseRequest(
  [
    id,
    ,
    requesterName,
    totalCents,
    totalItems,
    contactEmail,
    status,
    createdAt,
    requestedAt,
    approvedAt,
    rejectedAt,
    completedAt,
    rejectionReason,
    scheduledDate,
    scheduledTime,
    immediate,
    creditAppliedCents,
    ,
    promisedAt,
    promiseStatus,
    promiseClosedAt,
  ]: RequestValues,
  lines: readonly LineValues[],
): PurchaseRequest {
  return {
    id,
    requesterName,
    items: lines.map(toPurchaseItem),
    totalPrice: fromCents(totalCents),
    totalItems,
    contactEmail,
    status,
    createdAt,
    requestedAt,
    approvedAt,
    rejectedAt,
    completedAt,
    rejectionReason,
    scheduledDate: immediate !== 0 ? IMMEDIATELY : scheduledDate,
    scheduledTime,
    isImmediateSchedule: immediate !== 0,
    promisedAt,
    promiseStatus,
    promiseClosedAt,
    creditApplied: fromCents(creditAppliedCents),
    amountDue: fromCents(Math.max(0, totalCents - creditAppliedCents)),
  } as PurchaseRequest;
}

/**
 * A new pending request as the API answers it once stored: no stamps, no schedule, no credit, no promise yet. `id` is
 * the id the insert gave it (or stands in for the one it will give), `requesterName` the name it carries.
 */
export function toNewRequest(purchase: NewPurchase, id: number, requesterName: string): PurchaseRequest {
  const values: RequestValues = [
    id,
    purchase.requesterId,
    requesterName,
    purchase.totalCents,
    purchase.totalItems,
    purchase.contactEmail,
    'pending',
    purchase.createdAt,
    purchase.requestedAt,
    null,
    null,
    null,
    null,
    null,
    null,
    0,
    0,
    null,
    null,
    null,
    null,
  ];
  return toPurchaseRequest(
    values,
    purchase.lines.map((line) => toLineValues(line, id)),
  );
}

import { formatUsd } from '@/domain/money';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { ItemSubmission } from '@/domain/schemas/submissions';
import { sellCategoryLabel } from '@/domain/sell-catalogue';
import { deriveSellStatus } from '@/domain/sell-status';
import { adminPriceDisplay } from '@/domain/valuation';
import { formatDateTime } from '@/lib/format-date';
import { paymentMethodLabel } from '../lib/payment-method';
import { Meta, MetaRow } from './meta-list';
import { IMMEDIATELY } from '@/domain/drop-schedule';
import { useSellPriceOf } from '@/lib/catalogue/catalogue-query';

/**
 * The details half of Submission Details & Contact for a user item submission. With its pickup, the status is the
 * pickup's (a submission stays 'scheduled' once its pickup exists, through collection and payment).
 */
export function SubmissionSummary({
  submission,
  pickup = null,
  missingPrice = 'Not set',
}: {
  submission: ItemSubmission;
  pickup?: ScheduledPickup | null;
  missingPrice?: 'Not set' | 'Price TBD';
}) {
  const sellPriceOf = useSellPriceOf();
  const catalogue = adminPriceDisplay(submission.ps5Name, submission.quantity, submission.paymentMethod, missingPrice, sellPriceOf);
  const agreed = pickup?.agreedPrice ?? null;
  const price = catalogue.usd === null && agreed !== null ? `${formatUsd(agreed)} USD (agreed)` : catalogue.text;
  const status = submission.status === 'scheduled' && pickup ? deriveSellStatus({ status: 'pending' }, pickup) : submission.status;
  const schedule = pickup ? (pickup.isImmediate ? IMMEDIATELY : `${pickup.scheduledDate} at ${pickup.scheduledTime}`) : null;
  return (
    <Meta>
      <MetaRow label="Item">{submission.ps5Name}</MetaRow>
      <MetaRow label="Category">{sellCategoryLabel(submission.robloxName)}</MetaRow>
      <MetaRow label="Seller">{submission.submittedBy}</MetaRow>
      <MetaRow label="Date">{formatDateTime(submission.createdAt)}</MetaRow>
      <MetaRow label="Quantity">{submission.quantity}</MetaRow>
      <MetaRow label="Payment">{paymentMethodLabel(submission.paymentMethod)}</MetaRow>
      <MetaRow label="Price">{price}</MetaRow>
      <MetaRow label="Status">{status}</MetaRow>
      {schedule && <MetaRow label="Pickup">{schedule}</MetaRow>}
      {pickup?.completed && <MetaRow label="Collected">{formatDateTime(pickup.collectedAt ?? pickup.completedAt)}</MetaRow>}
      {pickup?.paid && <MetaRow label="Paid">{formatDateTime(pickup.paidAt)}</MetaRow>}
      {submission.rejectedAt && <MetaRow label="Denied">{formatDateTime(submission.rejectedAt)}</MetaRow>}
      {submission.rejectionReason && <MetaRow label="Reason">{submission.rejectionReason}</MetaRow>}
    </Meta>
  );
}

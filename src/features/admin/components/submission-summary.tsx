import type { ItemSubmission } from '../../../domain/schemas/submissions';
import { sellCategoryLabel } from '../../../domain/sell-catalogue';
import { adminPriceDisplay } from '../../../domain/valuation';
import { formatDateTime, paymentMethodLabel } from '../lib/format';
import { Meta, MetaRow } from './ui';

/** The details half of Submission Details & Contact for a user item submission. */
export function SubmissionSummary({
  submission,
  missingPrice = 'Not set',
}: {
  submission: ItemSubmission;
  missingPrice?: 'Not set' | 'Price TBD';
}) {
  const price = adminPriceDisplay(submission.ps5Name, submission.quantity, submission.paymentMethod, missingPrice);
  return (
    <Meta>
      <MetaRow label="Item">{submission.ps5Name}</MetaRow>
      <MetaRow label="Category">{sellCategoryLabel(submission.robloxName)}</MetaRow>
      <MetaRow label="Seller">{submission.submittedBy}</MetaRow>
      <MetaRow label="Date">{formatDateTime(submission.createdAt)}</MetaRow>
      <MetaRow label="Quantity">{submission.quantity}</MetaRow>
      <MetaRow label="Payment">{paymentMethodLabel(submission.paymentMethod)}</MetaRow>
      <MetaRow label="Price">{price.text}</MetaRow>
      <MetaRow label="Status">{submission.status}</MetaRow>
      {submission.rejectedAt && <MetaRow label="Denied">{formatDateTime(submission.rejectedAt)}</MetaRow>}
      {submission.rejectionReason && <MetaRow label="Reason">{submission.rejectionReason}</MetaRow>}
    </Meta>
  );
}

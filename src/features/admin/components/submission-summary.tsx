import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { priceText } from '../lib/texts';
import { describeSchedule } from '@/lib/schedule-words';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import type { ItemSubmission } from '@/domain/schemas/submissions';
import { sellCategoryLabel } from '@/domain/sell-catalogue';
import { deriveSellStatus } from '@/domain/sell-status';
import { adminPriceDisplay } from '@/domain/valuation';
import { formatDateTime } from '@/lib/format-date';
import { paymentMethodLabel } from '../lib/payment-method';
import { Meta, MetaRow } from './meta-list';
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
  const { _ } = useLingui();
  const sellPriceOf = useSellPriceOf();
  const catalogue = adminPriceDisplay(submission.ps5Name, submission.quantity, submission.paymentMethod, missingPrice, sellPriceOf);
  const agreed = pickup?.agreedPrice ?? null;
  const price =
    catalogue.cents === null && agreed !== null
      ? _('{amount} USD (agreed)', { amount: displayCents(agreed) })
      : priceText(catalogue, submission.paymentMethod);
  const status = submission.status === 'scheduled' && pickup ? deriveSellStatus({ status: 'pending' }, pickup) : submission.status;
  const schedule = pickup ? describeSchedule(pickup) : null;
  return (
    <Meta>
      <MetaRow label={_('Item')}>{submission.ps5Name}</MetaRow>
      <MetaRow label={_('Category')}>{sellCategoryLabel(submission.robloxName)}</MetaRow>
      <MetaRow label={_('Seller')}>{submission.submittedBy}</MetaRow>
      <MetaRow label={_('Date')}>{formatDateTime(submission.createdAt)}</MetaRow>
      <MetaRow label={_('Quantity')}>{submission.quantity}</MetaRow>
      <MetaRow label={_('Payment')}>{paymentMethodLabel(submission.paymentMethod)}</MetaRow>
      <MetaRow label={_('Price')}>{price}</MetaRow>
      <MetaRow label={_('Status')}>{_(status)}</MetaRow>
      {schedule && <MetaRow label={_('Pickup')}>{schedule}</MetaRow>}
      {pickup?.completed && <MetaRow label={_('Collected')}>{formatDateTime(pickup.collectedAt ?? pickup.completedAt)}</MetaRow>}
      {pickup?.paid && <MetaRow label={_('Paid')}>{formatDateTime(pickup.paidAt)}</MetaRow>}
      {submission.rejectedAt && <MetaRow label={_('Denied')}>{formatDateTime(submission.rejectedAt)}</MetaRow>}
      {submission.rejectionReason && <MetaRow label={_('Reason')}>{submission.rejectionReason}</MetaRow>}
    </Meta>
  );
}

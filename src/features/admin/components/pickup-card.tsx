import type { ReactNode } from 'react';
import { Conversation } from '@/components/conversation/conversation';
import { HistoryTimeline } from '@/components/history-timeline';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { formatDateTime } from '@/lib/format-date';
import { describeSchedule } from '@/lib/schedule-words';
import { PromiseRow } from './promise-parts';
import { SubmissionCard } from './submission-card';
import { Card, CardActions, CardTitle } from './admin-cards';
import { HandoverProof } from './handover-proof';
import { Meta, MetaRow } from './meta-list';

/** A scheduled pickup with its submission (price 'Price TBD' without a payment method). */
export function PickupCard({
  pickup,
  onViewImage,
  actions,
  tone,
}: {
  pickup: ScheduledPickup;
  onViewImage: (src: string, title: string) => void;
  actions?: ReactNode;
  tone?: 'danger' | 'success' | 'warning';
}) {
  const { _ } = useLingui();
  const extra = (
    <>
      <MetaRow label={_('Pickup')}>{describeSchedule(pickup)}</MetaRow>
      <PromiseRow status={pickup.promiseStatus} promisedAt={pickup.promisedAt} />
      {pickup.collectedAt && <MetaRow label={_('Collected')}>{formatDateTime(pickup.collectedAt)}</MetaRow>}
      {pickup.paidAt && <MetaRow label={_('Paid')}>{formatDateTime(pickup.paidAt)}</MetaRow>}
    </>
  );
  // Outside the card's definition list: a <dl> holds only its rows.
  const history = (
    <>
      <HandoverProof pickup={pickup} onViewImage={onViewImage} />
      <HistoryTimeline subject="pickup" id={pickup.id} />
    </>
  );
  if (pickup.submission) {
    return (
      <SubmissionCard
        submission={pickup.submission}
        onViewImage={onViewImage}
        actions={actions}
        extra={extra}
        footer={history}
        pickupId={pickup.id}
        missingPrice="Price TBD"
        agreedPrice={pickup.agreedPrice}
        tone={tone}
      />
    );
  }
  return (
    <Card $tone={tone}>
      <CardTitle>{_('Submission #{id}', { id: pickup.submissionId })}</CardTitle>
      <Meta>
        <MetaRow label={_('Price')}>
          {pickup.agreedPrice !== null ? _('{amount} USD (agreed)', { amount: displayCents(pickup.agreedPrice) }) : _('Price TBD')}
        </MetaRow>
        {extra}
      </Meta>
      {actions && <CardActions>{actions}</CardActions>}
      {history}
      <Conversation subject="submission" id={pickup.submissionId} pickupId={pickup.id} asAdmin />
    </Card>
  );
}

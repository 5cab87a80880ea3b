import type { ReactNode } from 'react';
import { Conversation } from '@/components/conversation/conversation';
import type { ItemSubmission } from '@/domain/schemas/submissions';
import { sellCategoryLabel } from '@/domain/sell-catalogue';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { priceText } from '../lib/texts';
import { adminPriceDisplay } from '@/domain/valuation';
import { formatDateTime } from '@/lib/format-date';
import { paymentMethodLabel } from '../lib/payment-method';
import { Thumbnail } from './thumbnail';
import styled from 'styled-components';
import { fromTablet } from '@/components/theme';
import { Card, CardActions, CardTitle } from './admin-cards';
import { Meta, MetaRow } from './meta-list';
import { useSellPriceOf } from '@/lib/catalogue/catalogue-query';
import type { Cents } from '@/domain/money';

/** A user item submission: item, category, submitter, photo or 'No Image', date, quantity, payment and price. */
export function SubmissionCard({
  submission,
  onViewImage,
  actions,
  extra,
  footer,
  missingPrice = 'Not set',
  agreedPrice = null,
  tone,
  pickupId = null,
}: {
  submission: ItemSubmission;
  onViewImage: (src: string, title: string) => void;
  actions?: ReactNode;
  extra?: ReactNode;
  /** Below the buttons (the record's history). */
  footer?: ReactNode;
  missingPrice?: 'Not set' | 'Price TBD';
  /** The price agreed at scheduling for an item the catalogue has no price for (USD). */
  agreedPrice?: Cents | null;
  tone?: 'danger' | 'success' | 'warning';
  /** The submission's pickup, once scheduled (its proposed times show in the conversation). */
  pickupId?: number | null;
}) {
  const { _ } = useLingui();
  const sellPriceOf = useSellPriceOf();
  const catalogue = adminPriceDisplay(submission.ps5Name, submission.quantity, submission.paymentMethod, missingPrice, sellPriceOf);
  const price =
    catalogue.cents === null && agreedPrice !== null
      ? _('{amount} USD (agreed)', { amount: displayCents(agreedPrice) })
      : priceText(catalogue, submission.paymentMethod);
  const full = submission.imageUrl;
  return (
    <Card $tone={tone} aria-label={submission.ps5Name}>
      <Top>
        <Thumbnail
          src={submission.thumbnailUrl ?? submission.imageUrl}
          alt={submission.ps5Name}
          onOpen={full ? () => onViewImage(full, submission.ps5Name) : undefined}
        />
        <CardTitle>{submission.ps5Name}</CardTitle>
      </Top>
      <Meta>
        <MetaRow label={_('Category')}>{sellCategoryLabel(submission.robloxName)}</MetaRow>
        <MetaRow label={_('Seller')}>{submission.submittedBy}</MetaRow>
        <MetaRow label={_('Date')}>{formatDateTime(submission.createdAt)}</MetaRow>
        <MetaRow label={_('Quantity')}>{submission.quantity}</MetaRow>
        <MetaRow label={_('Payment')}>
          {submission.paymentMethod ? _('{method}: {price}', { method: paymentMethodLabel(submission.paymentMethod), price }) : price}
        </MetaRow>
        {extra}
      </Meta>
      {actions && <CardActions>{actions}</CardActions>}
      {footer}
      <Conversation subject="submission" id={submission.id} pickupId={pickupId} asAdmin />
    </Card>
  );
}

// Phones: a small photo beside the title so a list of cards stays scannable; tablets: the photo on top; a card as
// wide as the dialog (issue 52.5: a lone card now takes the width): a photo of at most 18rem beside the title.
const Top = styled.div`
  display: grid;
  grid-template-columns: 7.5rem 1fr;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  ${fromTablet} {
    grid-template-columns: 1fr;
  }
  @container (min-width: 40rem) {
    grid-template-columns: 18rem 1fr;
  }
`;

import type { Cents } from '@/domain/money';
import { memo, useCallback, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { useListFrame } from '@/components/query-frame';
import { SearchBox } from '@/components/search-box';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import { adminPriceDisplay } from '@/domain/valuation';
import { useSellPriceOf } from '@/lib/catalogue/catalogue-query';
import { i18n } from '@/lib/i18n/i18n';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { useMarkPaid } from '../api/mark-paid';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';
import { adminFailureText } from '../lib/alert-message';
import { noMatch, priceText } from '../lib/texts';
import { useSearchedPickups } from '../lib/use-searched-pickups';
import { useAdminAlert } from './admin-alert';
import { ConfirmDialog } from './confirm-dialog';
import { ImageViewer } from './image-viewer';
import { ActionsOrPending } from './pending-action-note';
import { PickupCard } from './pickup-card';
import { StateText } from './state-text';
import { VirtualGrid } from './virtual-grid';

const collectedUnpaid = (pickup: ScheduledPickup) => pickup.completed && !pickup.paid;

/** Collected: collected-but-unpaid pickups with Paid (then Payment Confirmation). */
export function CollectedView({ initialQuery = '' }: { initialQuery?: string }) {
  const { _ } = useLingui();
  const { pickups, query, setQuery, deferredQuery, all, shown } = useSearchedPickups(collectedUnpaid, initialQuery);
  const frame = useListFrame([pickups], [scheduledPickupsQueryOptions().queryKey], <StateText>{_('Loading submissions...')}</StateText>);
  if (frame.blocking) return frame.blocking;

  return (
    <>
      {frame.note}
      <SearchBox value={query} onChange={setQuery} label={_('Search by player or item')} />
      <CollectedBody collected={shown} query={deferredQuery} anyCollected={all.length > 0} />
    </>
  );
}

/** The grid and Payment Confirmation of Collected, for the deferred query. */
const CollectedBody = memo(function CollectedBody({
  collected,
  query,
  anyCollected,
}: {
  collected: readonly ScheduledPickup[];
  query: string;
  anyCollected: boolean;
}) {
  const { _ } = useLingui();
  const pay = useMarkPaid();
  const alert = useAdminAlert();
  const sellPriceOf = useSellPriceOf();
  const [confirming, setConfirming] = useState<ScheduledPickup | null>(null);
  const [image, setImage] = useState<{ src: string; title: string } | null>(null);
  const viewImage = useCallback((src: string, title: string) => setImage({ src, title }), []);

  return (
    <>
      {collected.length === 0 ? (
        <StateText>{anyCollected ? noMatch(query) : _('No collected items')}</StateText>
      ) : (
        <VirtualGrid
          items={collected}
          getKey={(pickup) => pickup.id}
          label={_('Collected items')}
          card={(pickup) => <CollectedCard key={pickup.id} pickup={pickup} onPay={setConfirming} onViewImage={viewImage} />}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={_('Payment Confirmation')}
        record={confirming && { type: 'pickup', id: confirming.id, status: 'collected' }}
        confirmVariant="success"
        busy={pay.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          pay.mutate(confirming, {
            onError: (error) => alert(adminFailureText(error, _('Failed to mark as paid'), _('Error marking as paid'))),
            onSettled: () => setConfirming(null),
          });
        }}
      >
        <p>
          {confirming?.submission
            ? _('Have you paid {player} for this item?', { player: confirming.submission.submittedBy })
            : _('Have you paid the seller for this item?')}
        </p>
        {confirming?.submission && (
          <p>
            {confirming.submission.quantity} × {confirming.submission.ps5Name}
          </p>
        )}
        {confirming && (
          <AmountToPay data-testid="amount-to-pay">
            <span>{_('Amount to pay')}</span>
            <strong>{amountToPay(confirming, sellPriceOf)}</strong>
          </AmountToPay>
        )}
      </ConfirmDialog>
      <ImageViewer src={image?.src ?? null} title={image?.title ?? ''} onClose={() => setImage(null)} />
    </>
  );
});

/** A Collected card, drawn again only when its pickup changes. */
const CollectedCard = memo(function CollectedCard({
  pickup,
  onPay,
  onViewImage,
}: {
  pickup: ScheduledPickup;
  onPay: (pickup: ScheduledPickup) => void;
  onViewImage: (src: string, title: string) => void;
}) {
  const { _ } = useLingui();
  return (
    <PickupCard
      pickup={pickup}
      tone="success"
      onViewImage={onViewImage}
      actions={
        <ActionsOrPending type="pickup" id={pickup.id}>
          <Button type="button" $variant="success" onClick={() => onPay(pickup)}>
            {_('Paid')}
          </Button>
        </ActionsOrPending>
      }
    />
  );
});

/** What the seller is owed, as the card prices it: the catalogue's value, the agreed price, or Price TBD. */
function amountToPay(pickup: ScheduledPickup, sellPriceOf: (name: string) => Cents | null | undefined): string {
  const agreed = () => i18n._('{amount} USD (agreed)', { amount: displayCents(pickup.agreedPrice!) });
  if (!pickup.submission) return pickup.agreedPrice !== null ? agreed() : i18n._('Price TBD');
  const { ps5Name, quantity, paymentMethod } = pickup.submission;
  const catalogue = adminPriceDisplay(ps5Name, quantity, paymentMethod, 'Price TBD', sellPriceOf);
  return catalogue.cents === null && pickup.agreedPrice !== null ? agreed() : priceText(catalogue, paymentMethod);
}

const AmountToPay = styled.p`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.success};
  span {
    color: ${({ theme }) => theme.color.textMuted};
  }
  strong {
    font-size: 1.25rem;
  }
`;

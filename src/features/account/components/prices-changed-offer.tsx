import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { showToast } from '@/components/toast-store';
import { formatCents } from '@/domain/money';
import type { CreatePurchaseRequestJson } from '@/domain/schemas/purchases';
import { useCatalogue } from '@/lib/catalogue/catalogue-query';
import { isPricesChanged, repricePurchase, sendAgainAtNewPrices } from '@/lib/catalogue/reprice-purchase';
import { useCurrentUserName } from '@/lib/current-user';
import { discardOutboxItem } from '@/lib/outbox/outbox';
import type { OutboxView } from '@/lib/outbox/outbox-items';
import { useLingui } from '@/lib/i18n/react';
import { Trans } from '@/lib/i18n/trans';

/** Whether a queued item is a purchase the server refused because prices changed while it waited. */
export const isRepriceable = (item: Pick<OutboxView, 'kind' | 'state' | 'error'>): boolean =>
  item.kind === 'purchase' && item.state === 'failed' && isPricesChanged(item.error);

/**
 * A purchase queued offline at an old price (issue 49): "Prices have changed", the total it was queued at and the
 * total now, and one tap to send it again at today's prices.
 */
export function PricesChangedOffer({ item }: { item: OutboxView }) {
  const { _ } = useLingui();
  const catalogue = useCatalogue();
  const username = useCurrentUserName();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const repriced = catalogue.data ? repricePurchase(item.payload as CreatePurchaseRequestJson, catalogue.data.items) : null;

  const sendAgain = async () => {
    if (!repriced || !username || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const outcome = await sendAgainAtNewPrices(item.id, repriced, username);
      // Toasts are put in the language shown by the toaster.
      if (outcome.status === 'sent') showToast({ description: 'Request sent at the new prices', variant: 'success' });
      else if (outcome.status === 'queued') showToast({ description: 'Saved — it will be sent when you are back online' });
      else setProblem(outcome.status === 'refused' ? (outcome.message ?? _('The server refused it.')) : _('Could not send it. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid="prices-changed">
      <strong>{_('Prices have changed')}</strong>
      {repriced ? (
        <>
          <Totals>
            <span>
              <Trans id="Was <0>{amount}</0>" values={{ amount: formatCents(repriced.previousTotalCents) }} components={{ 0: <s /> }} />
            </span>
            <span>
              <Trans
                id="Now <0>{amount}</0>"
                values={{ amount: formatCents(repriced.totalCents) }}
                components={{ 0: <b data-testid="new-total" /> }}
              />
            </span>
          </Totals>
          {repriced.unsold.length > 0 && (
            <p role="alert">
              {_('No longer sold: {items}. Add what you still want from the shop again.', { items: repriced.unsold.join(', ') })}
            </p>
          )}
        </>
      ) : (
        <p role="status">{catalogue.isError ? _("Today's prices couldn't be loaded.") : _("Loading today's prices...")}</p>
      )}
      {problem && <p role="alert">{problem}</p>}
      <Actions role="group" aria-label={_('Actions for {title}', { title: item.title })}>
        <Button type="button" disabled={!repriced || repriced.unsold.length > 0 || busy || !username} onClick={() => void sendAgain()}>
          {repriced ? _('Send again at {amount}', { amount: formatCents(repriced.totalCents) }) : _('Send again')}
        </Button>
        <Button
          type="button"
          $variant={confirmDiscard ? 'danger' : 'ghost'}
          disabled={busy}
          onClick={confirmDiscard ? () => void discardOutboxItem(item.id) : () => setConfirmDiscard(true)}
        >
          {confirmDiscard ? _('Tap again to discard') : _('Discard')}
        </Button>
      </Actions>
    </Box>
  );
}

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.warning};
  p {
    margin: 0;
    font-size: 0.9rem;
  }
`;

const Totals = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  s {
    color: ${({ theme }) => theme.color.textMuted};
  }
  b {
    color: ${({ theme }) => theme.color.accent};
    font-size: 1.1rem;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

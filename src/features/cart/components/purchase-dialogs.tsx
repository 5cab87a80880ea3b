import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { ReceiptButton } from '@/components/receipt-dialog';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import type { Cents } from '@/domain/money';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { Trans } from '@/lib/i18n/trans';
import type { CreditSplit } from '../lib/credit-split';
import { CreditLines } from './credit-choice';

export const PURCHASE_FAILED_TEXT = 'Failed to send purchase request. Please try again.';
export const LOGIN_REQUIRED_TEXT = 'Please log in to make a purchase request';

export interface ConfirmPurchaseDialogProps {
  open: boolean;
  total: Cents;
  itemCount: number;
  lineCount: number;
  /** The store credit used and the amount due, when the player chose to use credit. */
  credit?: CreditSplit | null;
  submitting: boolean;
  offline: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Confirm Purchase Request': tells the user what happens next, and that offline requests are queued. */
export function ConfirmPurchaseDialog({
  open,
  total,
  itemCount,
  lineCount,
  credit,
  submitting,
  offline,
  error,
  onCancel,
  onConfirm,
}: ConfirmPurchaseDialogProps) {
  const { _ } = useLingui();
  return (
    <Dialog
      open={open}
      onClose={() => !submitting && onCancel()}
      title={_('Confirm Purchase Request')}
      alert
      hideClose={submitting}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onCancel} disabled={submitting}>
            {_('Cancel')}
          </Button>
          <Tight type="button" onClick={onConfirm} disabled={submitting}>
            {submitting ? _('Submitting...') : _('Send Request')}
          </Tight>
        </>
      }
    >
      <Summary>
        <span>
          {_('{lines, plural, one {# product} other {# products}} · {items, plural, one {# item} other {# items}}', {
            lines: lineCount,
            items: itemCount,
          })}
        </span>
        <Total>{displayCents(total)}</Total>
      </Summary>
      {credit && <CreditLines split={credit} />}
      <p>{_('An admin will review your request and contact you to arrange payment and a drop time.')}</p>
      {offline ? (
        <Notice role="note">
          {_("You're offline. Your request will be saved on this device and sent automatically when you're back online.")}
        </Notice>
      ) : (
        <Small>{_("If your connection drops, the request is saved and sent when you're back online.")}</Small>
      )}
      {error && <ErrorText role="alert">{_(error)}</ErrorText>}
    </Dialog>
  );
}

/** 'Purchase Request Sent!' after the server accepted it. */
export function PurchaseSentDialog({
  open,
  onClose,
  children,
  request,
}: {
  open: boolean;
  onClose: () => void;
  children?: ReactNode;
  /** The request as the server stored it: its number and a receipt (issue 30 item 12). */
  request?: PurchaseRequest | null;
}) {
  const { _ } = useLingui();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={_('Purchase Request Sent!')}
      actions={
        <Button type="button" $variant="success" onClick={onClose}>
          {_('Got it!')}
        </Button>
      }
    >
      {request && <RequestNumber>{_('Request #{id}', { id: request.id })}</RequestNumber>}
      <p>
        {_(
          'Your request is with our admins. They will contact you to arrange payment and your drop time; it shows on the request as "Drop promised by …".',
        )}
      </p>
      {request && <ReceiptButton request={request} label={_('View receipt')} />}
      <Small>{_('If a promised drop time is not met, your account is credited 25% of the order.')}</Small>
      {children}
    </Dialog>
  );
}

/** Shown when the request was queued in the outbox (offline). */
export function PurchaseQueuedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { _ } = useLingui();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={_('Purchase Request Queued')}
      actions={
        <Button type="button" onClick={onClose}>
          {_('Got it!')}
        </Button>
      }
    >
      <p>
        {_(
          "Your request couldn't reach us right now, so it was saved on this device. It will be sent automatically when you're back online.",
        )}
      </p>
      <Small>{_('You can follow it under My Buy Requests in your account.')}</Small>
    </Dialog>
  );
}

export const PURCHASE_REFUSED_TEXT = 'The request was not accepted, and sending it again unchanged would fail the same way.';

export interface PurchaseFailedDialogProps {
  open: boolean;
  /** The server's reason, when it gave one. */
  detail: string | null;
  /** Whether sending the same request again can succeed; a refusal of the request itself cannot. */
  retryable: boolean;
  onRetry: () => void;
  onBackToCart: () => void;
  onClose: () => void;
}

/**
 * 'Request Failed': the cart is kept. When sending again could work, Try Again goes back to the confirmation; when
 * the server refused the request itself, the reason is shown and the player goes back to the cart to change it.
 */
export function PurchaseFailedDialog({ open, detail, retryable, onRetry, onBackToCart, onClose }: PurchaseFailedDialogProps) {
  const { _ } = useLingui();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={_('Request Failed')}
      alert
      actions={
        retryable ? (
          <Button type="button" $variant="danger" onClick={onRetry}>
            {_('Try Again')}
          </Button>
        ) : (
          <Button type="button" onClick={onBackToCart}>
            {_('Back to Cart')}
          </Button>
        )
      }
    >
      <p>{retryable ? _(PURCHASE_FAILED_TEXT) : _(PURCHASE_REFUSED_TEXT)}</p>
      {detail && (
        <Reason data-testid="purchase-failure-reason">
          <Trans id="<0>Reason:</0> {detail}" values={{ detail }} components={{ 0: <span /> }} />
        </Reason>
      )}
    </Dialog>
  );
}

const Tight = styled(Button)`
  white-space: nowrap;
  padding: 0 ${({ theme }) => theme.space(3)};
`;

const Summary = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.bg};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Total = styled.strong`
  font-size: 1.4rem;
  color: ${({ theme }) => theme.color.accent};
`;

const Notice = styled.p`
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.warning};
  color: ${({ theme }) => theme.color.warning};
`;

const RequestNumber = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: 1.1rem;
  font-weight: 800;
`;

const Small = styled.p`
  font-size: 0.85rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.color.danger};
  font-weight: 600;
`;

const Reason = styled.p`
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.danger};
  color: ${({ theme }) => theme.color.text};
  font-weight: 600;
  overflow-wrap: anywhere;
  span {
    color: ${({ theme }) => theme.color.dangerText};
  }
`;

import { useRef, useState, type ReactNode } from 'react';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { useCredit } from '@/lib/credit-query';
import { catalogueQueryOptions, useCatalogue } from '@/lib/catalogue/catalogue-query';
import { useQueryClient } from '@tanstack/react-query';
import { useBackCloses } from '@/lib/use-back-closes';
import { useLingui } from '@/lib/i18n/react';
import { getCurrentUserName, useCurrentUserName } from '@/lib/current-user';
import { itemCount } from '@/domain/pricing';
import { useCart } from '../api/cart-store';
import { useSubmitPurchase } from '../api/submit-purchase';
import { cartTotal, changeQuantity, lineName, priceCart, removeLine, type CartLine } from '../lib/cart-lines';
import { creditSplit } from '../lib/credit-split';
import { CartDialog } from './cart-dialog';
import { CreditChoice } from './credit-choice';
import {
  ConfirmPurchaseDialog,
  LOGIN_REQUIRED_TEXT,
  PurchaseFailedDialog,
  PurchaseQueuedDialog,
  PurchaseSentDialog,
} from './purchase-dialogs';
import { RemoveLineDialog } from './remove-line-dialog';

type View = 'closed' | 'cart' | 'confirm' | 'sent' | 'queued' | 'failed';

/** The cart and the whole purchase flow: cart → confirm → 'Submitting...' → sent / queued / failed. */
export function CartPanel({ open, onClose, afterSent }: { open: boolean; onClose: () => void; afterSent?: ReactNode }) {
  const cart = useCart();
  const submit = useSubmitPurchase();
  const queryClient = useQueryClient();
  // The lines' problems are said in the language shown: the cart reads them again when it changes.
  useLingui();
  // Every line at the catalogue's price of now, live: a price moved meanwhile shows as old → new before sending.
  const catalogue = useCatalogue();
  const lines = priceCart(cart.lines, catalogue.data?.items);
  const [view, setView] = useState<Exclude<View, 'closed' | 'cart'> | null>(null);
  const [removing, setRemoving] = useState<CartLine | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ detail: string | null; retryable: boolean }>({ detail: null, retryable: true });
  const inFlight = useRef(false);
  const [applyCredit, setApplyCredit] = useState(false);
  const [sentRequest, setSentRequest] = useState<PurchaseRequest | null>(null);

  const current: View = view ?? (open ? 'cart' : 'closed');
  // The balance is read when the cart opens; the server applies what is there when the request arrives.
  const signedIn = useCurrentUserName();
  const credit = useCredit(current === 'cart' || current === 'confirm' ? signedIn : null);
  const balance = credit.data?.balance;
  const applying = applyCredit && (balance ?? 0) > 0;
  const split = creditSplit(cartTotal(lines), balance ?? 0, applying);
  const close = () => {
    setView(null);
    setError(null);
    onClose();
  };
  // Back on a phone closes the cart (or whichever of its dialogs shows), not the shop behind it (issue 47.4). While a
  // request is being sent, Back leaves the flow as it is: its answer still arrives.
  useBackCloses(current !== 'closed', () => {
    if (!inFlight.current) close();
  });

  const send = async () => {
    // Double submit is blocked: a second tap while one is in flight does nothing.
    if (inFlight.current) return;
    const username = getCurrentUserName();
    if (!username) {
      setError(LOGIN_REQUIRED_TEXT);
      return;
    }
    inFlight.current = true;
    setError(null);
    try {
      // allowQueue: the confirmation has told the user an offline request is saved and sent later.
      const outcome = await submit.mutateAsync({ username, lines, allowQueue: true, applyCredit: applying });
      if (outcome.status === 'refused' || outcome.status === 'not-sent') {
        // A refusal for stock or prices: the cart shows what is left and the prices of now when it opens again.
        if (outcome.status === 'refused') void queryClient.invalidateQueries({ queryKey: catalogueQueryOptions().queryKey });
        // A refusal of the request itself would be refused again: the server's reason, and no "try again".
        setFailure(outcome.status === 'refused' ? { detail: outcome.message, retryable: false } : { detail: null, retryable: true });
        setView('failed');
        return;
      }
      // The sent lines left the cart as the request entered the outbox (write-ahead); a refusal put them back.
      setApplyCredit(false);
      setSentRequest(outcome.status === 'sent' ? outcome.result : null);
      // Kept because the session ended: the login screen it moves to says so.
      if (outcome.status === 'queued' && outcome.needsLogin) close();
      else setView(outcome.status === 'sent' ? 'sent' : 'queued');
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <>
      <CartDialog
        open={current === 'cart'}
        lines={lines}
        loading={!cart.ready}
        onClose={close}
        onStep={(id, delta) => void cart.update((lines) => changeQuantity(lines, id, delta))}
        onRemove={setRemoving}
        onPurchase={() => setView('confirm')}
        credit={<CreditChoice balance={balance} apply={applying} split={split} onApply={setApplyCredit} />}
        split={applying ? split : null}
      />
      <RemoveLineDialog
        itemName={current === 'cart' && removing ? lineName(removing) : null}
        onCancel={() => setRemoving(null)}
        onRemove={() => {
          const id = removing?.id;
          setRemoving(null);
          if (id) void cart.update((lines) => removeLine(lines, id));
        }}
      />
      <ConfirmPurchaseDialog
        open={current === 'confirm'}
        total={cartTotal(lines)}
        itemCount={itemCount(lines)}
        credit={applying ? split : null}
        lineCount={lines.length}
        submitting={submit.isPending}
        offline={typeof navigator !== 'undefined' && navigator.onLine === false}
        error={error}
        onCancel={() => {
          setError(null);
          setView(null);
        }}
        onConfirm={() => void send()}
      />
      <PurchaseSentDialog open={current === 'sent'} onClose={close} request={sentRequest}>
        {current === 'sent' && afterSent}
      </PurchaseSentDialog>
      <PurchaseQueuedDialog open={current === 'queued'} onClose={close} />
      <PurchaseFailedDialog
        open={current === 'failed'}
        detail={failure.detail}
        retryable={failure.retryable}
        onRetry={() => setView('confirm')}
        onBackToCart={() => setView(null)}
        onClose={close}
      />
    </>
  );
}

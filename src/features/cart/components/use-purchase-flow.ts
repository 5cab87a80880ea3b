import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { catalogueQueryOptions } from '@/lib/catalogue/catalogue-query';
import { getCurrentUserName } from '@/lib/current-user';
import { useBackCloses } from '@/lib/use-back-closes';
import { useSubmitPurchase } from '../api/submit-purchase';
import type { CartLine } from '../lib/cart-lines';
import { LOGIN_REQUIRED_TEXT } from './purchase-dialogs';

export type PurchaseView = 'closed' | 'cart' | 'confirm' | 'sent' | 'queued' | 'failed';

/**
 * Where the purchase flow is — cart → confirm → 'Submitting...' → sent / queued / failed — and Confirm, which sends the
 * lines through the outbox once, whatever is tapped meanwhile.
 */
export function usePurchaseFlow(open: boolean, onClose: () => void) {
  const submit = useSubmitPurchase();
  const queryClient = useQueryClient();
  const [view, setView] = useState<Exclude<PurchaseView, 'closed' | 'cart'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ detail: string | null; retryable: boolean }>({ detail: null, retryable: true });
  const [sentRequest, setSentRequest] = useState<PurchaseRequest | null>(null);
  const inFlight = useRef(false);
  const current: PurchaseView = view ?? (open ? 'cart' : 'closed');

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

  /** Sends the lines; `onAccepted` runs once the request is sent or kept to be sent. */
  const send = async (lines: CartLine[], applyCredit: boolean, onAccepted: () => void) => {
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
      const outcome = await submit.mutateAsync({ username, lines, allowQueue: true, applyCredit });
      if (outcome.status === 'refused' || outcome.status === 'not-sent') {
        // A refusal for stock or prices: the cart shows what is left and the prices of now when it opens again.
        if (outcome.status === 'refused') void queryClient.invalidateQueries({ queryKey: catalogueQueryOptions().queryKey });
        // A refusal of the request itself would be refused again: the server's reason, and no "try again".
        setFailure(outcome.status === 'refused' ? { detail: outcome.message, retryable: false } : { detail: null, retryable: true });
        setView('failed');
        return;
      }
      // The sent lines left the cart as the request entered the outbox (write-ahead); a refusal put them back.
      onAccepted();
      setSentRequest(outcome.status === 'sent' ? outcome.result : null);
      // Kept because the session ended: the login screen it moves to says so.
      if (outcome.status === 'queued' && outcome.needsLogin) close();
      else setView(outcome.status === 'sent' ? 'sent' : 'queued');
    } finally {
      inFlight.current = false;
    }
  };

  return {
    current,
    show: setView,
    /** From a failed request: back to the cart. */
    backToCart: () => setView(null),
    /** Confirm's Cancel: back to the cart, the confirmation's error cleared. */
    cancelConfirm: () => {
      setError(null);
      setView(null);
    },
    close,
    send,
    submitting: submit.isPending,
    error,
    failure,
    sentRequest,
  };
}

import { useRef, useState } from 'react';
import { showToast } from '@/components/toast-store';
import { getCurrentUserName } from '@/lib/current-user';
import { useSubmitSell } from '../api/submit-sell';
import { missingFields, selectedItemName, sellQuantity, type SellForm } from '../lib/sell-form';
import { SELL_MESSAGES } from '../lib/sell-messages';
import type { SellPhoto } from './use-sell-draft';

/**
 * Submit: what is missing is listed first; else the item goes through the outbox, and the toast says how it went.
 * `onSent` runs once it is sent or kept to be sent.
 */
export function useSendSell(form: SellForm, photo: SellPhoto | null, onSent: () => void) {
  const [missing, setMissing] = useState<string[] | null>(null);
  const inFlight = useRef(false);
  const submit = useSubmitSell();
  const itemName = selectedItemName(form);
  const quantity = sellQuantity(form.quantity);

  const send = async () => {
    // Double submit is blocked while one is in flight.
    if (inFlight.current) return;
    const gaps = missingFields(form, photo !== null);
    if (gaps.length > 0 || !photo || !itemName || !form.category || !form.paymentMethod || quantity === null) {
      setMissing(gaps);
      return;
    }
    const username = getCurrentUserName();
    if (!username) {
      showToast({ description: SELL_MESSAGES.loginNeeded, variant: 'destructive' });
      return;
    }
    inFlight.current = true;
    try {
      const outcome = await submit.mutateAsync({
        username,
        itemName,
        category: form.category,
        quantity,
        paymentMethod: form.paymentMethod,
        photo: photo.blob,
      });
      if (outcome.status === 'refused') {
        // A refusal of the submission itself would be refused again: say the server's reason instead of "try again".
        if (outcome.message) {
          showToast({ title: SELL_MESSAGES.refused, description: outcome.message, variant: 'destructive', duration: 8000 });
        } else showToast({ description: SELL_MESSAGES.failed, variant: 'destructive' });
        return;
      }
      if (outcome.status === 'not-sent') {
        showToast({ description: SELL_MESSAGES.networkError, variant: 'destructive' });
        return;
      }
      // Kept because the session ended: the login screen it moves to says so (this is not the offline case).
      if (!(outcome.status === 'queued' && outcome.needsLogin)) {
        showToast({ description: outcome.status === 'sent' ? SELL_MESSAGES.success : SELL_MESSAGES.queued, variant: 'success' });
      }
      onSent();
    } finally {
      inFlight.current = false;
    }
  };

  return { send, sending: submit.isPending, inFlight, missing, closeMissing: () => setMissing(null) };
}

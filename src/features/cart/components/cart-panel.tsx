import { useState, type ReactNode } from 'react';
import { useCatalogue } from '@/lib/catalogue/catalogue-query';
import { useLingui } from '@/lib/i18n/react';
import { itemCount } from '@/domain/pricing';
import { useCart } from '../api/cart-store';
import { cartTotal, changeQuantity, lineName, priceCart, removeLine, type CartLine } from '../lib/cart-lines';
import { CartDialog } from './cart-dialog';
import { CreditChoice } from './credit-choice';
import { ConfirmPurchaseDialog, PurchaseFailedDialog, PurchaseQueuedDialog, PurchaseSentDialog } from './purchase-dialogs';
import { RemoveLineDialog } from './remove-line-dialog';
import { useCartCredit } from './use-cart-credit';
import { usePurchaseFlow } from './use-purchase-flow';

/** The cart and the whole purchase flow: cart → confirm → 'Submitting...' → sent / queued / failed. */
export function CartPanel({ open, onClose, afterSent }: { open: boolean; onClose: () => void; afterSent?: ReactNode }) {
  const cart = useCart();
  // The lines' problems are said in the language shown: the cart reads them again when it changes.
  useLingui();
  // Every line at the catalogue's price of now, live: a price moved meanwhile shows as old → new before sending.
  const catalogue = useCatalogue();
  const lines = priceCart(cart.lines, catalogue.data?.items);
  const [removing, setRemoving] = useState<CartLine | null>(null);
  const flow = usePurchaseFlow(open, onClose);
  const { current } = flow;
  const { balance, applying, split, setApplyCredit, reset } = useCartCredit(current, lines);

  return (
    <>
      <CartDialog
        open={current === 'cart'}
        lines={lines}
        loading={!cart.ready}
        onClose={flow.close}
        onStep={(id, delta) => void cart.update((lines) => changeQuantity(lines, id, delta))}
        onRemove={setRemoving}
        onPurchase={() => flow.show('confirm')}
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
        submitting={flow.submitting}
        offline={typeof navigator !== 'undefined' && navigator.onLine === false}
        error={flow.error}
        onCancel={flow.cancelConfirm}
        onConfirm={() => void flow.send(lines, applying, reset)}
      />
      <PurchaseSentDialog open={current === 'sent'} onClose={flow.close} request={flow.sentRequest}>
        {current === 'sent' && afterSent}
      </PurchaseSentDialog>
      <PurchaseQueuedDialog open={current === 'queued'} onClose={flow.close} />
      <PurchaseFailedDialog
        open={current === 'failed'}
        detail={flow.failure.detail}
        retryable={flow.failure.retryable}
        onRetry={() => flow.show('confirm')}
        onBackToCart={flow.backToCart}
        onClose={flow.close}
      />
    </>
  );
}

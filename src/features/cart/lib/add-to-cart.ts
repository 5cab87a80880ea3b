import type { Cents } from '@/domain/money';
import { showToast } from '@/components/toast-store';
import type { CatalogueItem } from '@/domain/catalogue';
import { i18n } from '@/lib/i18n/i18n';
import { displayCount } from '@/lib/i18n/intl';
import { addLine, lineForCustomCash, lineForItem, lineName, type CartLine } from './cart-lines';
import { useCart } from '../api/cart-store';

/** Adding to the signed-in user's cart, with the 'Added … to your cart' toast. */
export function useAddToCart() {
  const cart = useCart();
  const add = (line: CartLine, quantity: number) => {
    void cart.update((lines) => addLine(lines, line));
    showToast({
      description: i18n._('Added {count} × {name} to your cart', { count: displayCount(quantity), name: lineName(line) }),
      variant: 'success',
      duration: 2500,
    });
  };
  return {
    addItem: (item: CatalogueItem, quantity: number) => add(lineForItem(item, quantity), quantity),
    addCustomCash: (amount: number, price: Cents) => add(lineForCustomCash(amount, price), 1),
  };
}

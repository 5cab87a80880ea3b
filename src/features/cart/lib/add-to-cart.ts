import { showToast } from '@/components/toast-store';
import type { CatalogueItem } from '@/domain/catalogue';
import { formatCount } from '@/domain/money';
import { addLine, lineForCustomCash, lineForItem, type CartLine } from './cart-lines';
import { useCart } from '../api/cart-store';

/** Adding to the signed-in user's cart, with the 'Added … to your cart' toast. */
export function useAddToCart() {
  const cart = useCart();
  const add = (line: CartLine, quantity: number) => {
    void cart.update((lines) => addLine(lines, line));
    showToast({ description: `Added ${formatCount(quantity)} × ${line.name} to your cart`, variant: 'success', duration: 2500 });
  };
  return {
    addItem: (item: CatalogueItem, quantity: number) => add(lineForItem(item, quantity), quantity),
    addCustomCash: (amount: number, price: number) => add(lineForCustomCash(amount, price), 1),
  };
}

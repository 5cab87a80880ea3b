import { useState } from 'react';
import { asCents } from '@/domain/money';
import { useCredit } from '@/lib/credit-query';
import { useCurrentUserName } from '@/lib/current-user';
import { cartTotal, type PricedLine } from '../lib/cart-lines';
import { creditSplit } from '../lib/credit-split';
import type { PurchaseView } from './use-purchase-flow';

/** Store credit at checkout: the balance, whether the player applies it, and how the total splits. */
export function useCartCredit(current: PurchaseView, lines: PricedLine[]) {
  const [applyCredit, setApplyCredit] = useState(false);
  // The balance is read when the cart opens; the server applies what is there when the request arrives.
  const signedIn = useCurrentUserName();
  const credit = useCredit(current === 'cart' || current === 'confirm' ? signedIn : null);
  const balance = credit.data?.balance;
  const applying = applyCredit && (balance ?? 0) > 0;
  const split = creditSplit(cartTotal(lines), balance ?? asCents(0), applying);
  return { balance, applying, split, setApplyCredit, reset: () => setApplyCredit(false) };
}

import { useState } from 'react';
import { CUSTOM_CASH_MAXIMUM, customCashPrice, customCashSavings } from '@/domain/custom-cash';
import { type Cents, formatCount, readWholeAmountEntry } from '@/domain/money';
import { useLingui } from '@/lib/i18n/react';

export const CUSTOM_CASH_MINIMUM_TEXT = 'Please enter at least $500';
export const CUSTOM_CASH_MAXIMUM_TEXT = 'Please enter at most {amount}';
export const CUSTOM_CASH_WHOLE_TEXT = 'Please enter whole dollars only, without a decimal point';

/**
 * An amount of in-game cash as the game writes it in every language ('$75,000', like the packs' names and the amount
 * field), unlike the USD prices, which the language writes its way.
 */
export const gameCash = (amount: number) => `$${formatCount(amount)}`;

/** Digits an amount may have: one more than the maximum, so an over-long amount is refused with a message rather than cut. */
const MAXIMUM_DIGITS = String(CUSTOM_CASH_MAXIMUM).length + 1;

/**
 * The custom cash amount as typed, its price and savings, and what is wrong with it — said once the player has tried
 * to add it or left the field, not while typing.
 */
export function useCustomCash(onAdd: (amount: number, price: Cents) => void) {
  const { _ } = useLingui();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const entry = readWholeAmountEntry(text);
  const amount = entry.kind === 'amount' ? entry.amount : null;
  const price = amount === null ? null : customCashPrice(amount);
  const savings = amount === null ? null : customCashSavings(amount);
  const fraction = entry.kind === 'fraction';
  const showMinimum = price === null && tried && !fraction;
  const errorText = fraction
    ? _(CUSTOM_CASH_WHOLE_TEXT)
    : showMinimum
      ? amount !== null && amount > CUSTOM_CASH_MAXIMUM
        ? _(CUSTOM_CASH_MAXIMUM_TEXT, { amount: gameCash(CUSTOM_CASH_MAXIMUM) })
        : _(CUSTOM_CASH_MINIMUM_TEXT)
      : null;

  const add = () => {
    setTried(true);
    if (amount !== null && price !== null) {
      onAdd(amount, price);
      setText('');
      setTried(false);
    }
  };
  const type = (raw: string) => {
    const typed = raw.replace(/[^0-9.,]/g, '');
    if (typed.replace(/[^0-9]/g, '').length > MAXIMUM_DIGITS) return;
    setTried(false);
    setText(typed);
  };
  const leave = () => {
    if (text !== '') setTried(true);
  };
  // A decimal point stays on screen exactly as typed next to its message; whole amounts get thousands commas.
  const shown = fraction ? text : amount === null ? '' : formatCount(amount);

  return { shown, price, savings, errorText, add, type, leave };
}

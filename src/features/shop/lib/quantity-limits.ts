import { MAX_QUANTITY } from '@/domain/quantity';
import { i18n } from '@/lib/i18n/i18n';
import { displayCount } from '@/lib/i18n/intl';
import { SOLD_OUT_TEXT } from './stock';
import { countIn } from './units';

export const QUANTITY_INVALID_TEXT = 'Please enter a whole number of 1 or more';
export const CART_FULL_TEXT = 'Your cart already holds the most of this item one request can carry ({count})';

/** The text when the cart already holds every one that is left. */
export const ALL_IN_CART_TEXT = 'Your cart already holds every one that is left';

/**
 * What the quantity field says before anything is sent, in the language shown: the range allowed, less what the cart
 * already holds, and never more than is left in stock (issue 49: the server would answer 409 naming what is left).
 */
export function quantityLimits(inCart: number, unit: string | undefined, stock: number | null) {
  const count = (n: number) => countIn(n, unit);
  const byStock = stock !== null && stock < MAX_QUANTITY;
  const cap = byStock ? stock : MAX_QUANTITY;
  const room = Math.max(0, cap - inCart);
  const range =
    inCart > 0
      ? i18n._('You have {inCart} in your cart; you can add up to {room} more.', { inCart: count(inCart), room: count(room) })
      : i18n._('From 1 to {cap}.', { cap: count(cap) });
  // Two whole sentences, each translated: what is left, then what can be added.
  const hint = byStock
    ? `${i18n._('{count, plural, one {Only {left} left.} other {Only {left} left.}}', { count: stock, left: count(stock) })} ${range}`
    : range;
  const tooMany =
    inCart > 0 || byStock
      ? i18n._('You can add at most {room} more', { room: count(room) })
      : i18n._('Quantity must be at most {max}', { max: displayCount(MAX_QUANTITY) });
  const full =
    stock === 0
      ? i18n._(SOLD_OUT_TEXT)
      : byStock
        ? i18n._(ALL_IN_CART_TEXT)
        : i18n._(CART_FULL_TEXT, { count: displayCount(MAX_QUANTITY) });
  return { room, hint, tooMany, full };
}

/** The quantity typed if it can be added, and else what the field says is wrong (null: nothing). */
export function readChosenQuantity(typed: number | null, limits: ReturnType<typeof quantityLimits>) {
  const quantity = typed !== null && typed <= limits.room ? typed : null;
  const error =
    limits.room === 0 ? limits.full : typed === null ? i18n._(QUANTITY_INVALID_TEXT) : quantity === null ? limits.tooMany : null;
  return { quantity, error };
}

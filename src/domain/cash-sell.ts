import { formatCents, formatCount } from './money';
import { blockspinFromOfferName, blockspinToCents, BLOCKSPIN_PER_USD, SELL_RATE, type PaymentMethod } from './valuation';

// Selling Blockspin cash (issue 30 item 4): paid only in USD (Blockspin for Blockspin is circular), never an amount
// whose payout is under a cent, and never more than a cap, checked alike by the sell screen and the server.

/** The smallest amount whose payout rounds to $0.01 rather than $0.00: 334 Blockspin. */
export const CASH_SELL_MINIMUM = Math.ceil((0.005 * BLOCKSPIN_PER_USD) / SELL_RATE);
/** The most Blockspin one submission may sell (amount × quantity): 100,000,000, a $1,500.00 payout. */
export const CASH_SELL_MAXIMUM = 100_000_000;

export const CASH_SELL_USD_ONLY_TEXT = 'Blockspin cash is paid out in USD only';
export const CASH_SELL_TOO_SMALL_TEXT = `Sell at least ${formatCount(CASH_SELL_MINIMUM)} Blockspin: smaller amounts pay $0.00`;
export const CASH_SELL_TOO_LARGE_TEXT = `One submission sells at most ${formatCount(CASH_SELL_MAXIMUM)} Blockspin (${formatCents(
  blockspinToCents(CASH_SELL_MAXIMUM),
)} USD); split a larger amount or contact an admin`;

/** The payout methods offered when selling a category: USD only for cash. */
export function payoutMethodsFor(category: string | null): readonly PaymentMethod[] {
  return isCashCategory(category) ? ['usd'] : ['usd', 'blockspin'];
}

/** Whether a sell category (or a submission's robloxName) is Blockspin cash. */
export function isCashCategory(category: string | null | undefined): boolean {
  return category?.trim().toLowerCase() === 'cash';
}

/** What is wrong with selling `quantity` lots of `amount` Blockspin paid in `method`; null when it can be sent. */
export function cashSellProblem(amount: number, quantity: number, method: PaymentMethod | null): string | null {
  if (amount < CASH_SELL_MINIMUM) return CASH_SELL_TOO_SMALL_TEXT;
  if (amount * quantity > CASH_SELL_MAXIMUM) return CASH_SELL_TOO_LARGE_TEXT;
  if (method === 'blockspin') return CASH_SELL_USD_ONLY_TEXT;
  return null;
}

/** The server's check of a cash submission, read from its item name '{n} Blockspin ($x.xx USD)'. */
export function cashSubmissionProblem(body: { ps5Name: string; robloxName: string; quantity: number; paymentMethod: PaymentMethod }) {
  if (!isCashCategory(body.robloxName)) return null;
  const amount = blockspinFromOfferName(body.ps5Name);
  if (amount === null) return `A cash submission's name reads '{n} Blockspin ($x.xx USD)'`;
  return cashSellProblem(amount, body.quantity, body.paymentMethod);
}

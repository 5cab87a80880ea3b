import { type Cents, formatCents, formatCount, formatUsd, formatUsdPrecise, parsePrice, roundCents } from './money';

/** A request or cart line as the screens read it: a quantity and the unit price as sent ('$2.99' or 2.99). */
export interface PricedLine {
  quantity: number;
  price: string | number;
}

/** The line's total (unit price × quantity) in USD; 0 when the price is unreadable. */
export function orderLineTotal(line: PricedLine): number {
  const unit = parsePrice(line.price);
  return Number.isNaN(unit) ? 0 : roundCents(unit * line.quantity);
}

/**
 * '4 × $2.99': the quantity and the unit price, so the unit price is never read as the line's (issue 30 item 2). Unit
 * prices under a cent (ammo rounds, seeds) keep their decimals so the product reads as the line total.
 */
export function orderLineText(line: PricedLine): string {
  const unit = parsePrice(line.price);
  const unitText = Number.isNaN(unit)
    ? String(line.price)
    : unit < 1 && roundCents(unit) !== unit
      ? formatUsdPrecise(unit)
      : formatUsd(unit);
  return `${formatCount(line.quantity)} × ${unitText}`;
}

/** '4 × $2.99' of a line priced in whole cents (a cart line), written from the cents without reading a text back. */
export function centsLineText(quantity: number, unit: Cents): string {
  return `${formatCount(quantity)} × ${formatCents(unit)}`;
}

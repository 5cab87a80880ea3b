import { type Cents, formatCents, formatCount, multiplyCents } from './money';

/** A request or cart line as the screens read it: a quantity and the unit price in cents. */
export interface PricedLine {
  quantity: number;
  price: Cents;
}

/** The line's total (unit price × quantity), exact in cents. */
export function orderLineTotal(line: PricedLine): Cents {
  return multiplyCents(line.price, line.quantity);
}

/** '4 × $2.99': the quantity and the unit price, so the unit price is never read as the line's (issue 30 item 2). */
export function orderLineText(line: PricedLine): string {
  return centsLineText(line.quantity, line.price);
}

/** '4 × $2.99' of a line priced in whole cents, written from the cents without reading a text back. */
export function centsLineText(quantity: number, unit: Cents): string {
  return `${formatCount(quantity)} × ${formatCents(unit)}`;
}

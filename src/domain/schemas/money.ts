import * as z from 'zod/mini';
import { type Cents, claimedCents, parseCents, toCents } from '../money';

// The API writes money as dollars (`totalPrice: 2.99`) and as documented texts (`price: '$2.99'`), and that shape does
// not change (issue 48.1). These schemas read both into `Cents` once, where an answer enters the app, so that nothing
// behind them adds or compares dollars as floats. Their input type is the JSON the server writes (`z.input`).

/** A dollar amount of the API (2.99) read as whole cents (299). */
export const UsdCents = z.pipe(
  z.number(),
  z.transform((usd: number) => toCents(usd)),
);

/**
 * The total a client claims for its order (2.99 or '$2.99'), in cents as claimed: not rounded, so that $11.055 stays
 * half a cent away from $11.07 when the server compares them (pricesAgree); NaN when it is not a price.
 */
export const ClaimedTotalCents = z.pipe(
  z.union([z.number(), z.string()], 'totalPrice is required'),
  z.transform((claim: number | string) => claimedCents(claim)),
);

/** A price text of the API ('$2.99', '$1,200.50') read as whole cents; anything else is not a price. */
export const PriceTextCents = z.pipe(
  z.string(),
  z.transform((text: string, ctx): Cents => {
    const cents = parseCents(text);
    if (cents !== null) return cents;
    ctx.issues.push({ code: 'custom', message: `${JSON.stringify(text)} is not a price`, input: text });
    return z.NEVER;
  }),
);

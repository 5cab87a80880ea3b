import {
  type Cents,
  formatCents,
  fromCents,
  MAX_ORDER_TOTAL_CENTS,
  multiplyCents,
  ORDER_TOTAL_TOO_LARGE_TEXT,
  parseCents,
  sumCents,
} from '../../../src/domain/money';
import { isCustomCash, type LinePrice, priceLineFrom, pricesAgree } from '../../../src/domain/pricing';
import type { CreatePurchaseRequestBody } from '../../../src/domain/schemas/purchases';
import type { Tx } from '../../db/scope';
import { AppError, badRequest, type Issue } from '../../lib/app-error';
import type { CatalogueService } from '../catalogue/service';
import { unavailableError } from '../catalogue/entry';
import type { CatalogueTake } from '../catalogue/purchase-stock';
import type { PurchaseLine } from './lines';

/** A purchase priced by the server: its stored lines, its total, and the stock it takes. */
export interface Priced {
  lines: PurchaseLine[];
  totalCents: Cents;
  takes: CatalogueTake[];
}

/**
 * Prices every line from the catalogue in the database at this moment (in the purchase's transaction), in cents;
 * the client's prices are only compared, never stored. A line naming a hidden or archived item answers 409 naming
 * it. The lines are stored with their unit cents; the API's '$2.99' texts are written from them when read (lines.ts).
 */
export async function pricePurchase(catalogue: CatalogueService, tx: Tx, body: CreatePurchaseRequestBody): Promise<Priced> {
  const { priced, unavailable } = await catalogue.priceLines(tx, body.items);
  const takes: CatalogueTake[] = [];
  body.items.forEach((line, index) => {
    const { item, ...price } = priced[index];
    if (item && price.ok) takes.push({ seq: item.seq, quantity: line.quantity, unitCents: price.unitCents, counted: item.stock !== null });
  });
  if (unavailable.length > 0) throw unavailableError(unavailable);
  return { ...storedLines(body, priced), takes };
}

/** An item as a cart line claims it (its exact name, category and unit price) and how many the purchase takes. */
export interface ClaimedItem {
  name: string;
  category: string;
  quantity: number;
  unitCents: Cents;
}

/**
 * PostgreSQL's one-statement purchase (issue 46): the lines priced as the cart claims them, each named item at the
 * name, category and unit price its line carries, with those claims merged by item. Nothing is read: the statement
 * writes only while the catalogue bears out every claim (that item exists by that exact name in that category,
 * active, in the shop, without a stock count, at that price), and then this is exactly what pricing from the catalogue
 * in a transaction writes. Null when a named line claims no price, or the same item at two prices, or a line cannot
 * be priced: the transaction then prices it and says why.
 */
export function priceFromClaims(body: CreatePurchaseRequestBody): { priced: Priced; claims: ClaimedItem[] } | null {
  const claims = new Map<string, ClaimedItem>();
  const priced: LinePrice[] = [];
  for (const line of body.items) {
    const unitCents = line.price === undefined ? null : parseCents(line.price);
    const result = priceLineFrom(line, (name, category) => (unitCents === null ? undefined : { name, category, price: unitCents }));
    if (!result.ok) return null;
    priced.push(result);
    if (isCustomCash(line.category)) continue;
    const key = JSON.stringify([result.name, result.category]);
    const known = claims.get(key);
    if (known && known.unitCents !== result.unitCents) return null;
    claims.set(key, {
      name: result.name,
      category: result.category,
      unitCents: result.unitCents,
      quantity: (known?.quantity ?? 0) + line.quantity,
    });
  }
  return { priced: { ...storedLines(body, priced), takes: [] }, claims: [...claims.values()] };
}

/** The lines as stored, from each line's price, and their total; 400 naming the first line that cannot be priced. */
function storedLines(body: CreatePurchaseRequestBody, priced: readonly LinePrice[]): Omit<Priced, 'takes'> {
  const issues: Issue[] = [];
  const lines: PurchaseLine[] = [];
  body.items.forEach((line, index) => {
    const price = priced[index];
    if (!price.ok) return void issues.push({ path: `items.${index}.name`, message: price.reason });
    lines.push({
      itemId: line.id === undefined ? `${index + 1}` : String(line.id),
      name: price.name,
      category: price.category,
      unitCents: price.unitCents,
      quantity: line.quantity,
      subcategory: line.subcategory ?? null,
      description: line.description ?? null,
    });
  });
  if (issues.length > 0) throw badRequest(issues[0].message, issues);
  return { lines, totalCents: sumCents(lines.map((line) => multiplyCents(line.unitCents, line.quantity))) };
}

/** Refuses an order too large to price, a total that is not a price, and one that no longer agrees (409, with today's prices). */
export function checkPriced(body: CreatePurchaseRequestBody, { lines, totalCents }: Priced) {
  // The claimed total is the API's dollars (a number or a '$x' text) read into cents as sent, not rounded.
  const claimed = body.totalPrice;
  if (!Number.isSafeInteger(totalCents)) throw badRequest('This order is too large to price');
  if (totalCents > MAX_ORDER_TOTAL_CENTS)
    throw badRequest(ORDER_TOTAL_TOO_LARGE_TEXT, [{ path: 'totalPrice', message: ORDER_TOTAL_TOO_LARGE_TEXT }]);
  if (!Number.isFinite(claimed))
    throw badRequest('totalPrice must be a price', [{ path: 'totalPrice', message: 'totalPrice must be a price' }]);
  if (!pricesAgree(claimed, totalCents)) {
    // The new prices and total go with the answer, so the app can show them and offer to send again (issue 49).
    throw new AppError(
      409,
      'Prices have changed',
      [{ path: 'totalPrice', message: `The total is ${formatCents(totalCents)}` }],
      undefined,
      {
        totalPrice: fromCents(totalCents),
        items: lines.map((line) => ({
          name: line.name,
          category: line.category,
          price: fromCents(line.unitCents),
          quantity: line.quantity,
        })),
      },
    );
  }
}

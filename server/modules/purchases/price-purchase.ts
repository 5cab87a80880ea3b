import { type Cents, formatCents, fromCents, MAX_ORDER_TOTAL_CENTS, ORDER_TOTAL_TOO_LARGE_TEXT, sumCents } from '../../../src/domain/money';
import { pricesAgree } from '../../../src/domain/pricing';
import type { CreatePurchaseRequestBody } from '../../../src/domain/schemas/purchases';
import type { Tx } from '../../db/scope';
import { AppError, badRequest, type Issue } from '../../lib/app-error';
import type { CatalogueService } from '../catalogue/service';
import { unavailableError } from '../catalogue/entry';
import type { CatalogueTake } from '../catalogue/purchase-stock';
import type { CatalogueView } from '../catalogue/view';
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
 * From `copy` when given (the items the purchase read with the catalogue's version), reading nothing.
 */
export async function pricePurchase(
  catalogue: CatalogueService,
  tx: Tx,
  body: CreatePurchaseRequestBody,
  copy?: CatalogueView,
): Promise<Priced> {
  const issues: Issue[] = [];
  const lines: PurchaseLine[] = [];
  const lineCents: Cents[] = [];
  const takes: CatalogueTake[] = [];
  const { priced: pricedLines, unavailable } = await catalogue.priceLines(tx, body.items, copy);
  body.items.forEach((line, index) => {
    const priced = pricedLines[index];
    if (!priced.ok) {
      issues.push({ path: `items.${index}.name`, message: priced.reason });
      return;
    }
    lines.push({
      itemId: line.id === undefined ? `${index + 1}` : String(line.id),
      name: priced.name,
      category: priced.category,
      unitCents: priced.unitCents,
      quantity: line.quantity,
      subcategory: line.subcategory ?? null,
      description: line.description ?? null,
    });
    lineCents.push(priced.lineCents);
    if (priced.item)
      takes.push({ seq: priced.item.seq, quantity: line.quantity, unitCents: priced.unitCents, counted: priced.item.stock !== null });
  });
  if (unavailable.length > 0) throw unavailableError(unavailable);
  if (issues.length > 0) throw badRequest(issues[0].message, issues);
  return { lines, totalCents: sumCents(lineCents), takes };
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

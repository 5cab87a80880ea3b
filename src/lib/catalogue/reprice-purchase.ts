// A purchase request queued offline and refused because prices changed meanwhile (DESIGN.md §14, issue 49): priced
// again from the catalogue of now, shown with its new total, and sent again with one tap under a new key (the old
// key's body was another total: the server would answer 422 to the same key with a new body).
import { normaliseName } from '@/domain/catalogue';
import { customCashAmountFromName, customCashPrice } from '@/domain/custom-cash';
import { formatCents, fromCents, multiplyCents, parseCents, sumCents, toCents, type Cents } from '@/domain/money';
import { CUSTOM_CASH_CATEGORY } from '@/domain/pricing';
import type { CreatePurchaseRequestJson, PurchaseRequest } from '@/domain/schemas/purchases';
import { newIdempotencyKey } from '../idempotency-key';
import { discardOutboxItem, newRecord, sendOrQueue, type SendResult } from '../outbox/outbox';
import { outboxSender } from '../outbox/senders';
import type { ShopItem } from './catalogue-query';

/** The text a purchase refused for its prices carries (DESIGN.md §7). */
export const PRICES_CHANGED_TEXT = 'Prices have changed';

/** Whether an outbox item's error is the server's 'Prices have changed'. */
export const isPricesChanged = (error: string | undefined | null): boolean => !!error && error.startsWith(PRICES_CHANGED_TEXT);

/** The catalogue item a cart or request line names: by id, else by name (or another spelling) within its category. */
export function findShopItem(items: readonly ShopItem[], line: { id?: string; name: string; category: string }): ShopItem | undefined {
  const name = normaliseName(line.name);
  const category = line.category.toLowerCase();
  return (
    (line.id ? items.find((item) => item.id === line.id) : undefined) ??
    items.find(
      (item) =>
        item.category.toLowerCase() === category &&
        [item.name, ...(item.aliases ?? [])].some((spelling) => normaliseName(spelling) === name),
    )
  );
}

/** The unit price of a line as the catalogue sells it now, in cents; null when it is not sold any more. */
export function unitCentsNow(items: readonly ShopItem[], line: { id?: string; name: string; category: string }): Cents | null {
  if (line.category === CUSTOM_CASH_CATEGORY) return customCashPrice(customCashAmountFromName(line.name));
  const item = findShopItem(items, line);
  if (!item || item.status !== 'active' || item.price === null || item.inShop === false) return null;
  return item.price;
}

export interface RepricedPurchase {
  /** The body to send again: each line at today's price and the new total (nothing else changed). */
  body: CreatePurchaseRequestJson;
  /** The total as it was queued and as it is now. */
  previousTotalCents: Cents;
  totalCents: Cents;
  /** Lines the shop no longer sells: the request cannot be sent again as it is. */
  unsold: string[];
}

/** A queued purchase's body priced again from the catalogue of now. */
export function repricePurchase(body: CreatePurchaseRequestJson, items: readonly ShopItem[]): RepricedPurchase {
  const unsold: string[] = [];
  const lines = body.items.map((line) => {
    const unit = unitCentsNow(items, { id: line.id === undefined ? undefined : String(line.id), name: line.name, category: line.category });
    if (unit === null) {
      unsold.push(line.name);
      return { line, unit: parseCents(line.price ?? '') ?? toCents(0) };
    }
    return { line: { ...line, price: formatCents(unit) }, unit };
  });
  const totalCents = sumCents(lines.map(({ line, unit }) => multiplyCents(unit, line.quantity)));
  return {
    body: { ...body, items: lines.map(({ line }) => line), totalPrice: fromCents(totalCents) },
    previousTotalCents: parseCents(body.totalPrice) ?? toCents(0),
    totalCents,
    unsold,
  };
}

/**
 * Sends a purchase refused for its prices again at today's (one tap): a new request under a new key, sent now or
 * queued if the connection is gone again; the refused one leaves the outbox once the new one is sent or kept.
 */
export async function sendAgainAtNewPrices(
  refusedId: string,
  repriced: RepricedPurchase,
  username: string,
): Promise<SendResult<PurchaseRequest>> {
  const sender = outboxSender('purchase');
  if (!sender) return { status: 'not-sent' };
  const record = newRecord(newIdempotencyKey(), 'purchase', username, repriced.body);
  const outcome = (await sendOrQueue(record, sender, { allowQueue: true })) as SendResult<PurchaseRequest>;
  if (outcome.status === 'sent' || outcome.status === 'queued') await discardOutboxItem(refusedId).catch(() => undefined);
  return outcome;
}

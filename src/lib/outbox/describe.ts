import type { CreatePurchaseRequestJson } from '@/domain/schemas/purchases';
import type { SellPayload } from '@/domain/schemas/submissions';
import { formatCents, toCents } from '@/domain/money';
import { sellCategoryLabel } from '@/domain/sell-catalogue';
import { adminPriceDisplay } from '@/domain/valuation';
import type { AdminAction } from '../admin-action';
import type { MessagePayload } from '../conversation/send-message';
import type { OutboxRecord } from '../db';
import { i18n } from '../i18n/i18n';
import { lastSellPriceOf } from '../catalogue/last-catalogue';

/** A label and value shown on a waiting item's card. */
export interface OutboxFact {
  label: string;
  value: string;
}

export interface OutboxDescription {
  /** The sell item name, the purchase summary or the admin action. */
  title: string;
  /** The category (a sell), the count and total (a purchase) or the target (an admin action). */
  detail: string;
  /** A queued sell's quantity, payment and payout, read as a sent request's card reads them. */
  facts?: OutboxFact[];
}

const PAYMENT_LABELS: Record<string, string> = { usd: 'USD Cash', blockspin: 'Blockspin Cash' };

/** What a list shows of a waiting item, in the words of the screens that show the sent ones. */
export function describeOutboxRecord(record: Pick<OutboxRecord, 'kind' | 'payload'>): OutboxDescription {
  if (record.kind === 'admin') {
    const action = record.payload as AdminAction;
    return { title: action.label, detail: `→ ${action.target}` };
  }
  if (record.kind === 'message') {
    const { subjectType, subjectId, body } = record.payload as MessagePayload;
    return {
      title: body ? (body.length > 60 ? `${body.slice(0, 59)}…` : body) : i18n._('Photo'),
      detail:
        subjectType === 'purchase-request'
          ? i18n._('Message about request #{id}', { id: subjectId })
          : i18n._('Message about item #{id}', { id: subjectId }),
    };
  }
  if (record.kind === 'sell') {
    const { submission, sellRequest } = record.payload as SellPayload;
    const quantity = submission.quantity ?? 1;
    const amount = adminPriceDisplay(sellRequest.itemName, quantity, submission.paymentMethod, 'Price TBD', lastSellPriceOf).text;
    return {
      title: sellRequest.itemName,
      detail: sellCategoryLabel(sellRequest.category),
      facts: [
        { label: 'Quantity', value: String(quantity) },
        { label: 'Payment', value: PAYMENT_LABELS[submission.paymentMethod] ?? submission.paymentMethod },
        { label: 'Amount', value: amount },
      ],
    };
  }
  const body = record.payload as CreatePurchaseRequestJson;
  const items = Array.isArray(body.items) ? body.items : [];
  const count = items.reduce((n, i) => n + (Number((i as { quantity?: number }).quantity) || 1), 0);
  const first = (items[0] as { name?: string } | undefined)?.name ?? 'Purchase';
  // The body's total is the API's dollars, as the cart sent it; read into cents to be written.
  const total = toCents(Number(body.totalPrice));
  return {
    title: items.length > 1 ? i18n._('{first} and {more} more', { first, more: items.length - 1 }) : first,
    detail: Number.isFinite(total)
      ? i18n._('{count, plural, one {# item} other {# items}} · {total}', { count, total: formatCents(total) })
      : i18n._('{count, plural, one {# item} other {# items}}', { count }),
  };
}

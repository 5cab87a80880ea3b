// Admin texts computed outside a component's JSX, read from the catalogues when called (DESIGN.md §15, issue 50).
import type { AdminPriceDisplay } from '@/domain/valuation';
import { i18n } from '@/lib/i18n/i18n';
import { displayCount, displayCents } from '@/lib/i18n/intl';

/** A search that found nothing: 'Nothing matches “sam”'. */
export const noMatch = (query: string) => i18n._('Nothing matches “{query}”', { query: query.trim() });

/** A submission's price as an admin reads it, in the language shown: '$12.50 USD', '15,000 Blockspin', or the missing text. */
export function priceText(price: AdminPriceDisplay, paymentMethod: string | null | undefined): string {
  if (price.cents === null) return i18n._(price.text);
  if (paymentMethod === 'usd') return i18n._('{amount} USD', { amount: displayCents(price.cents) });
  return i18n._('{count} Blockspin', { count: displayCount(price.blockspin ?? 0) });
}

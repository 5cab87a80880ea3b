// The sell form's checks (sell-form.ts, src/domain/cash-sell.ts) name a problem by its English text, which the server
// shares; the screens say it in the language shown. A text with a number in it is a message with a placeholder here.
import { CASH_SELL_MAXIMUM, CASH_SELL_MINIMUM, CASH_SELL_TOO_LARGE_TEXT, CASH_SELL_TOO_SMALL_TEXT } from '@/domain/cash-sell';
import { ITEM_NAME_MAX_LENGTH } from '@/domain/item-name';
import { MAX_QUANTITY } from '@/domain/quantity';
import { blockspinToCents } from '@/domain/valuation';
import { i18n } from '@/lib/i18n/i18n';
import { displayCount, displayCents } from '@/lib/i18n/intl';
import { MISSING_NAME_TOO_LONG, MISSING_QUANTITY_TOO_LARGE } from './sell-form';
import { asCents } from '@/domain/money';

/** A problem of the sell form (a missing field, a cash amount out of range) in the language shown. */
export function sellProblemText(problem: string): string {
  switch (problem) {
    case CASH_SELL_TOO_SMALL_TEXT:
      return i18n._('Sell at least {minimum} Blockspin: smaller amounts pay {zero}', {
        minimum: displayCount(CASH_SELL_MINIMUM),
        zero: displayCents(asCents(0)),
      });
    case CASH_SELL_TOO_LARGE_TEXT:
      return i18n._('One submission sells at most {maximum} Blockspin ({usd} USD); split a larger amount or contact an admin', {
        maximum: displayCount(CASH_SELL_MAXIMUM),
        usd: displayCents(blockspinToCents(CASH_SELL_MAXIMUM)),
      });
    case MISSING_QUANTITY_TOO_LARGE:
      return i18n._('Valid quantity (at most {max})', { max: displayCount(MAX_QUANTITY) });
    case MISSING_NAME_TOO_LONG:
      return i18n._('Item name of at most {max} characters', { max: ITEM_NAME_MAX_LENGTH });
    default:
      return i18n._(problem);
  }
}

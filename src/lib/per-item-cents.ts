import { asCents } from '@/domain/money';
import { i18n } from '@/lib/i18n/i18n';
import { displayCents } from '@/lib/i18n/intl';

/**
 * A per-item value in whole cents, never a fraction of one (issue 52.5: "$0.1035 USD per item"): exact ('$2.70'), else
 * 'about' the nearest cent, or 'under $0.01'. `cents` may hold a fraction (a sell value of $0.1125 is 11.25); `exact`
 * says whether per item × quantity is the total.
 */
export function perItemCentsText(cents: number): { text: string; exact: boolean } {
  const whole = Math.round(cents);
  if (Math.abs(cents - whole) < 1e-6) return { text: displayCents(asCents(whole)), exact: true };
  return { text: whole === 0 ? i18n._('under $0.01') : i18n._('about {amount}', { amount: displayCents(asCents(whole)) }), exact: false };
}

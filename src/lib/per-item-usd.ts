import { i18n } from '@/lib/i18n/i18n';
import { displayUsd } from '@/lib/i18n/intl';

/**
 * Per-item USD in whole cents, never a fraction of one (issue 52.5: "$0.1035 USD per item"): exact ('$2.70'), else
 * 'about' the nearest cent, or 'under $0.01'. `exact` says whether per item × quantity is the total.
 */
export function perItemUsdText(usd: number): { text: string; exact: boolean } {
  const cents = usd * 100;
  const whole = Math.round(cents);
  if (Math.abs(cents - whole) < 1e-6) return { text: displayUsd(usd), exact: true };
  return { text: whole === 0 ? i18n._('under $0.01') : i18n._('about {amount}', { amount: displayUsd(whole / 100) }), exact: false };
}

import { i18n } from '@/lib/i18n/i18n';

/** 'usd' → 'USD Cash', 'blockspin' → 'Blockspin Cash', missing → 'Not set' (in the language shown). */
export function paymentMethodLabel(method: string | null | undefined): string {
  if (method === 'usd') return i18n._('USD Cash');
  if (method === 'blockspin') return i18n._('Blockspin Cash');
  return i18n._('Not set');
}

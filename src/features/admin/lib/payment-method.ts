/** 'usd' → 'USD Cash', 'blockspin' → 'Blockspin Cash', missing → 'Not set'. */
export function paymentMethodLabel(method: string | null | undefined): string {
  if (method === 'usd') return 'USD Cash';
  if (method === 'blockspin') return 'Blockspin Cash';
  return 'Not set';
}

/** A stored ISO time as the admin reads it: 'Nov 21, 2026, 5:12 AM'; '' when missing. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** A stored ISO time as a date only: 'Nov 21, 2026'. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** 'usd' → 'USD Cash', 'blockspin' → 'Blockspin Cash', missing → 'Not set'. */
export function paymentMethodLabel(method: string | null | undefined): string {
  if (method === 'usd') return 'USD Cash';
  if (method === 'blockspin') return 'Blockspin Cash';
  return 'Not set';
}

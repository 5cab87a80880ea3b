/**
 * A fresh Idempotency-Key, chosen once per action so a replay creates nothing new.
 * crypto.randomUUID exists only in secure contexts, and a tablet at a
 * drop may well reach the server over plain http on the local network, where getRandomValues still works.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

afterEach(() => vi.unstubAllGlobals());

describe('newIdempotencyKey', () => {
  it('when crypto.randomUUID exists, then it is used', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when the page is not a secure context (no randomUUID, e.g. http on the LAN), then 32 random hex digits, never repeated', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array<ArrayBuffer>) => real.getRandomValues(array) } as unknown as Crypto);
    expect(globalThis.crypto.randomUUID).toBeUndefined();
    const first = newIdempotencyKey();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(first);
  });
});

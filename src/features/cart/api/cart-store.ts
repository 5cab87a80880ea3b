import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { CART_KEY, getDb } from '@/lib/db';
import { useCurrentUserName } from '@/lib/current-user';
import type { KvWriter } from '@/lib/outbox/store';
import { addLine, readStoredLines, type CartLine, type StoredLine } from '../lib/cart-lines';

/** The IndexedDB key of a user's cart: the cart survives reloads, restarts and going offline. */
export function cartStorageKey(username: string): string {
  return `${CART_KEY}:${username}`;
}

/** The cart of one user, read from IndexedDB: each line at the price it was added at (the catalogue prices it again). */
export function cartQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['cart', username] as const,
    queryFn: async () => readStoredLines((await (await getDb()).get('kv', cartStorageKey(username))) as StoredLine[] | undefined),
  });
}

/**
 * Every tab's cart is the one in IndexedDB (issue 47.3): a change is read, applied and written in one IndexedDB
 * transaction (so two tabs' changes apply one after the other, neither lost), then told to the other tabs on this
 * channel, which read it again.
 */
const CART_CHANNEL = 'blockspin-cart';
let channel: BroadcastChannel | null = null;
const cartChannel = () => (channel ??= typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CART_CHANNEL));

/** Tells this tab's and the other tabs' carts of `username` to read IndexedDB again. */
export function announceCartChange(username: string, queryClient?: QueryClient): void {
  cartChannel()?.postMessage({ username });
  void queryClient?.invalidateQueries({ queryKey: cartQueryOptions(username).queryKey });
}

/** Applies `change` to the stored lines inside an IndexedDB transaction's kv store (a write-ahead's, or its own). */
export async function changeStoredCart(kv: KvWriter, username: string, change: (lines: CartLine[]) => CartLine[]): Promise<CartLine[]> {
  const key = cartStorageKey(username);
  const next = change(readStoredLines((await kv.get(key)) as StoredLine[] | undefined));
  await kv.put(next, key);
  return next;
}

/** Takes sent lines out of a cart: each line's quantity less what was sent of it (a line added since stays). */
export function withoutSent(lines: readonly CartLine[], sent: readonly CartLine[]): CartLine[] {
  return lines.flatMap((line) => {
    const gone = sent.filter((s) => s.id === line.id).reduce((sum, s) => sum + s.quantity, 0);
    return line.quantity - gone > 0 ? [{ ...line, quantity: line.quantity - gone }] : [];
  });
}

/** Puts lines that were not sent back into a cart (with whatever was added meanwhile). */
export const withReturned = (lines: readonly CartLine[], returned: readonly CartLine[]): CartLine[] =>
  returned.reduce<CartLine[]>((all, line) => addLine(all, line), [...lines]);

/** Runs `change` on the stored cart in a transaction of its own and tells every tab. */
export async function updateStoredCart(username: string, change: (lines: CartLine[]) => CartLine[], queryClient?: QueryClient) {
  const tx = (await getDb()).transaction('kv', 'readwrite');
  const next = await changeStoredCart(
    { get: (key) => tx.store.get(key), put: (value, key) => tx.store.put(value, key), delete: (key) => tx.store.delete(key) },
    username,
    change,
  );
  await tx.done;
  queryClient?.setQueryData(cartQueryOptions(username).queryKey, next);
  cartChannel()?.postMessage({ username });
  return next;
}

export interface CartApi {
  username: string | null;
  lines: CartLine[];
  ready: boolean;
  /** Applies a change to the stored lines (as they are now, whatever tab changed them) and persists it. */
  update: (change: (lines: CartLine[]) => CartLine[]) => Promise<void>;
}

/** The signed-in user's cart: lines plus an `update` that changes IndexedDB and tells every tab. */
export function useCart(): CartApi {
  const username = useCurrentUserName();
  const queryClient = useQueryClient();
  const options = cartQueryOptions(username ?? '');
  const query = useQuery({ ...options, enabled: username !== null });

  // Another tab changed this user's cart: read it again.
  useEffect(() => {
    const listening = cartChannel();
    if (!listening || !username) return;
    const onMessage = (event: MessageEvent<{ username?: string }>) => {
      if (event.data?.username === username) void queryClient.invalidateQueries({ queryKey: cartQueryOptions(username).queryKey });
    };
    listening.addEventListener('message', onMessage);
    return () => listening.removeEventListener('message', onMessage);
  }, [queryClient, username]);

  const update = useCallback(
    async (change: (lines: CartLine[]) => CartLine[]) => {
      if (!username) return;
      // Shown at once; the stored cart (with any other tab's change) answers a moment later.
      const shown = queryClient.getQueryData(cartQueryOptions(username).queryKey);
      if (shown) queryClient.setQueryData(cartQueryOptions(username).queryKey, change(shown));
      await updateStoredCart(username, change, queryClient);
    },
    [queryClient, username],
  );

  return { username, lines: query.data ?? [], ready: query.isSuccess, update };
}

import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CART_KEY, kvGet, kvSet } from '@/lib/db';
import { useCurrentUserName } from '@/lib/current-user';
import { readStoredLines, repriceLines, type CartLine, type StoredLine } from '../lib/cart-lines';

/** The IndexedDB key of a user's cart: the cart survives reloads, restarts and going offline. */
export function cartStorageKey(username: string): string {
  return `${CART_KEY}:${username}`;
}

/** The cart of one user, read from IndexedDB. */
export function cartQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['cart', username] as const,
    queryFn: async () => repriceLines(readStoredLines(await kvGet<StoredLine[]>(cartStorageKey(username)))),
  });
}

// Writes are chained so two quick taps land in IndexedDB in the order they were made.
let writes: Promise<unknown> = Promise.resolve();

export interface CartApi {
  username: string | null;
  lines: CartLine[];
  ready: boolean;
  /** Applies a change to the lines and persists it. */
  update: (change: (lines: CartLine[]) => CartLine[]) => Promise<void>;
}

/** The signed-in user's cart: lines plus an `update` that writes through to IndexedDB. */
export function useCart(): CartApi {
  const username = useCurrentUserName();
  const queryClient = useQueryClient();
  const options = cartQueryOptions(username ?? '');
  const query = useQuery({ ...options, enabled: username !== null });

  const update = useCallback(
    async (change: (lines: CartLine[]) => CartLine[]) => {
      if (!username) return;
      const current = await queryClient.ensureQueryData(cartQueryOptions(username));
      const next = change(queryClient.getQueryData(cartQueryOptions(username).queryKey) ?? current);
      queryClient.setQueryData(cartQueryOptions(username).queryKey, next);
      const write = writes.then(() => kvSet(cartStorageKey(username), next));
      writes = write.catch(() => undefined);
      await write;
    },
    [queryClient, username],
  );

  return { username, lines: query.data ?? [], ready: query.isSuccess, update };
}

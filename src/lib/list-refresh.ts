import type { QueryClient } from '@tanstack/react-query';

/** What was just sent: a sell (submission + sell request), a purchase request, an admin action, or a message. */
export type SentKind = 'sell' | 'purchase' | 'admin' | 'message';

/** Whose send it was, when known: a list per user is then read again for that user only. */
export interface Sent {
  username?: string;
}

/** Reads one list again (by the key of its own query options) after a send. */
export type ListRefresh = (queryClient: QueryClient, sent: Sent) => Promise<unknown> | void;

/**
 * What must be read again once something of each kind has been sent. The feature that shows a list exports its table,
 * with the keys of its own query options, so the one that sends (the shop, the sell form, the outbox) needs to know
 * neither the list nor its key; the app composes them (src/app/list-refreshes.ts).
 */
export type ListRefreshes = Partial<Record<SentKind, readonly ListRefresh[]>>;

const installed: ListRefreshes[] = [];

/** Adds each of `tables` to what refreshListsAfter reads; returns a function that takes them out again (tests). */
export function installListRefreshes(...tables: ListRefreshes[]): () => void {
  installed.push(...tables);
  return () => {
    for (const table of tables) {
      const at = installed.indexOf(table);
      if (at >= 0) installed.splice(at, 1);
    }
  };
}

/** Reads again every list installed for `kind` (a list not in the cache costs nothing). */
export function refreshListsAfter(kind: SentKind, queryClient: QueryClient, sent: Sent = {}): Promise<unknown> {
  return Promise.all(installed.flatMap((table) => table[kind] ?? []).map((refresh) => refresh(queryClient, sent)));
}

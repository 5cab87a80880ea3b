import type { QueryClient } from '@tanstack/react-query';

/** What was just sent: a sell (submission + sell request), a purchase request, an admin action, or a message. */
export type SentKind = 'sell' | 'purchase' | 'admin' | 'message';

/** Whose send it was, when known: a list per user is then read again for that user only. */
export interface Sent {
  username?: string;
}

type Refresh = (queryClient: QueryClient, sent: Sent) => Promise<unknown> | void;

const refreshers: Record<SentKind, Set<Refresh>> = { sell: new Set(), purchase: new Set(), admin: new Set(), message: new Set() };

/**
 * Registers what must be read again once something of `kind` has been sent: the feature that shows a list says so,
 * with the key of its own query options, so the one that sends (the shop, the sell form, the outbox) needs to know
 * neither the list nor its key. Returns an unregister function (tests).
 */
export function refreshWhenSent(kind: SentKind, refresh: Refresh): () => void {
  refreshers[kind].add(refresh);
  return () => refreshers[kind].delete(refresh);
}

/** Reads again every list registered for `kind` (a list not in the cache costs nothing). */
export function refreshListsAfter(kind: SentKind, queryClient: QueryClient, sent: Sent = {}): Promise<unknown> {
  return Promise.all([...refreshers[kind]].map((refresh) => refresh(queryClient, sent)));
}

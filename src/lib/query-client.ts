import { QueryClient } from '@tanstack/react-query';

/** Data handling defaults: never stale, no refetch on focus or interval, no retries, 5-minute GC. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        // Run while offline too — a failed list answers its last offline snapshot.
        networkMode: 'always',
      },
      // Never pause a send while offline; the outbox queues it (TanStack's default would hang it).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

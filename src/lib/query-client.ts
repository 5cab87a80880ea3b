import { QueryClient } from '@tanstack/react-query';

/** Spec §9 "Data handling defaults": never stale, no refetch on focus or interval, no retries, 5-minute GC. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

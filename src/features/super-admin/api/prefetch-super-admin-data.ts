import type { QueryClient } from '@tanstack/react-query';
import { statsQueryOptions } from './stats';
import { usersQueryOptions } from './users';

/** Loads the user list and the statistics once online, so Super Admin Settings opens offline with a saved copy. */
export async function prefetchSuperAdminData(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.prefetchQuery(usersQueryOptions()), queryClient.prefetchQuery(statsQueryOptions())]);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasAdminAccess } from '@/domain/roles';
import { contactQueryOptions } from '@/lib/api/contact';
import { useUserData } from '@/lib/current-user';

/** The admin status is re-checked every 5 seconds, so a promotion or demotion shows without a reload. */
export const ADMIN_STATUS_POLL_MS = 5000;

/** The user's contact (GET /api/marketplace/contact/{username}), polled: the home screen reads isAdmin and isSuperAdmin from it. */
export function adminStatusQueryOptions(username: string) {
  return queryOptions({
    ...contactQueryOptions(username),
    refetchInterval: ADMIN_STATUS_POLL_MS,
    // A changed role must show up after each poll, not only the first time.
    staleTime: 0,
  });
}

/** The user's roles, polled; when the call fails the stored userData is used. */
export function useAdminStatus(username: string): { isAdmin: boolean; isSuperAdmin: boolean } {
  const stored = useUserData();
  const query = useQuery(adminStatusQueryOptions(username));
  if (query.data && !query.isError) return { isAdmin: hasAdminAccess(query.data), isSuperAdmin: query.data.isSuperAdmin };
  return { isAdmin: hasAdminAccess(stored), isSuperAdmin: Boolean(stored?.isSuperAdmin) };
}

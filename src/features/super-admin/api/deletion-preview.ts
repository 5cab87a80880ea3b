import { queryOptions, useQuery } from '@tanstack/react-query';
import { DeletionPreview } from '@/domain/schemas/users';
import { apiRequest } from '@/lib/api-client';

/** GET /api/admin/marketplace-users/{username}/deletion: the credit and open deals the delete confirmation shows. */
export function deletionPreviewQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['super-admin', 'users', username, 'deletion'],
    queryFn: async ({ signal }) =>
      DeletionPreview.parse(await apiRequest<unknown>(`/api/admin/marketplace-users/${encodeURIComponent(username)}/deletion`, { signal })),
    // Read fresh each time the dialog opens: the balance may have changed since.
    staleTime: 0,
    gcTime: 0,
  });
}

export const useDeletionPreview = (username: string | null) =>
  useQuery({ ...deletionPreviewQueryOptions(username ?? ''), enabled: username !== null });

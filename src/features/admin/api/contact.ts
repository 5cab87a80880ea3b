import { queryOptions } from '@tanstack/react-query';
import type { ContactInfo } from '../../../domain/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_KEY } from './keys';

/** GET /api/marketplace/contact/{username}: the requester's email, PS5 and Roblox names. */
export function contactQueryOptions(username: string) {
  return queryOptions({
    queryKey: [...ADMIN_KEY, 'contact', username],
    queryFn: ({ signal }) => apiRequest<ContactInfo>(`/api/marketplace/contact/${encodeURIComponent(username)}`, { signal }),
    staleTime: 30_000,
  });
}

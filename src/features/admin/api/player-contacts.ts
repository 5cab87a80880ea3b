import { queryOptions } from '@tanstack/react-query';
import type { PlayerContact } from '@/domain/schemas/users';
import { apiRequest } from '@/lib/api-client';
import { withOfflineSnapshot } from '@/lib/offline-snapshot';

/** GET /api/marketplace/contacts: every player's email, PS5 and Roblox names, for one search (issue 33 item 2). */
export function playerContactsQueryOptions() {
  return queryOptions({
    // Outside the admin key: every admin action refreshes the lists, not this list of every player.
    queryKey: ['player-contacts'],
    queryFn: withOfflineSnapshot(({ signal }) => apiRequest<PlayerContact[]>('/api/marketplace/contacts', { signal })),
    // Contacts change rarely; a search a minute behind a player's new Roblox name still finds them by their username.
    staleTime: 60_000,
  });
}

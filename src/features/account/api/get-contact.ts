import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ContactInfo } from '../../../domain/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { kvGet, kvSet } from '../../../lib/db';

export type CachedContact = Pick<ContactInfo, 'contactEmail' | 'ps5Username' | 'robloxUsername'>;

/** The per-user contact cache key, userContact_{username}. */
export const contactCacheKey = (username: string) => `userContact_${username}`;

/** Stores the contact fields for instant display on the next visit; a storage failure only loses the cache. */
export async function cacheContact(username: string, contact: CachedContact): Promise<void> {
  const { contactEmail, ps5Username, robloxUsername } = contact;
  await kvSet(contactCacheKey(username), { contactEmail, ps5Username, robloxUsername }).catch(() => undefined);
}

/** GET /api/marketplace/contact/{username}; refreshes the IndexedDB cache. */
export async function getContact(username: string): Promise<ContactInfo> {
  const contact = await apiRequest<ContactInfo>(`/api/marketplace/contact/${encodeURIComponent(username)}`);
  await cacheContact(username, contact);
  return contact;
}

export function contactQueryOptions(username: string) {
  return queryOptions({ queryKey: ['/api/marketplace/contact', username], queryFn: () => getContact(username) });
}

/** The contact fields: the cached copy at once, then the server's. `ready` once either is known. */
export function useContact(username: string) {
  const [cached, setCached] = useState<CachedContact | undefined>();
  const query = useQuery({ ...contactQueryOptions(username), enabled: Boolean(username) });
  useEffect(() => {
    let alive = true;
    if (username) {
      kvGet<CachedContact>(contactCacheKey(username))
        .then((value) => {
          if (alive && value) setCached(value);
        })
        .catch(() => undefined);
    }
    return () => {
      alive = false;
    };
  }, [username]);
  const contact: CachedContact | undefined = query.data ?? cached;
  return { contact, ready: contact !== undefined || query.isError, fromServer: query.data !== undefined, query };
}

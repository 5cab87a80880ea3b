import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SessionUser } from '@/domain/schemas/auth';
import { contactQueryOptions } from '@/lib/api/contact';
import { kvGet, kvSet } from '@/lib/db';

export type CachedContact = Pick<SessionUser, 'contactEmail' | 'ps5Username' | 'robloxUsername'>;

/** The per-user contact cache key, userContact_{username}. */
export const contactCacheKey = (username: string) => `userContact_${username}`;

/** Stores the contact fields for instant display on the next visit; a storage failure only loses the cache. */
export async function cacheContact(username: string, contact: CachedContact): Promise<void> {
  const { contactEmail, ps5Username, robloxUsername } = contact;
  await kvSet(contactCacheKey(username), { contactEmail, ps5Username, robloxUsername }).catch(() => undefined);
}

/** The contact fields: the cached copy at once, then the server's. `ready` once either is known. */
export function useContact(username: string) {
  const [cached, setCached] = useState<CachedContact | undefined>();
  const query = useQuery({ ...contactQueryOptions(username), enabled: Boolean(username) });
  // Each answer from the server is kept on the device for instant display on the next visit.
  useEffect(() => {
    if (query.data) void cacheContact(username, query.data);
  }, [username, query.data]);
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

import { queryOptions } from '@tanstack/react-query';
import type { SessionUser } from '@/domain/schemas/auth';
import { apiRequest } from '../api-client';
import { getCurrentUserName } from '../current-user';
import { applyAccountLanguage } from '../i18n/i18n';

/** GET /api/marketplace/contact/{username}: the contact fields and the roles (isAdmin, isSuperAdmin) of a user. */
export async function getContact(username: string, signal?: AbortSignal): Promise<SessionUser> {
  const contact = await apiRequest<SessionUser>(`/api/marketplace/contact/${encodeURIComponent(username)}`, { signal });
  // The signed-in player's own: the language saved on the account wins over this device's (DESIGN.md §15).
  if (username.toLowerCase() === getCurrentUserName()?.toLowerCase()) applyAccountLanguage(contact.language);
  return contact;
}

/**
 * One query for a user's contact, whoever reads it: My Account's form, the home screen's role check and an admin's
 * contact dialog share its cache (each may ask for it fresher with its own staleTime or polling).
 */
export function contactQueryOptions(username: string) {
  return queryOptions({ queryKey: ['/api/marketplace/contact', username], queryFn: ({ signal }) => getContact(username, signal) });
}

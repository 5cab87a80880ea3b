import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@/domain/schemas/auth';
import type { ContactBody } from '@/domain/schemas/users';
import { apiRequest } from '@/lib/api-client';
import { setCurrentUser } from '@/lib/current-user';
import { contactQueryOptions } from '@/lib/api/contact';
import { cacheContact } from './get-contact';

/** PUT /api/marketplace/contact/{username}: answers the user, which is stored locally. */
export function updateContact({ username, body }: { username: string; body: ContactBody }): Promise<SessionUser> {
  return apiRequest<SessionUser>(`/api/marketplace/contact/${encodeURIComponent(username)}`, { method: 'PUT', body });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: async (user, { username }) => {
      setCurrentUser(user);
      await cacheContact(username, user);
      await queryClient.invalidateQueries({ queryKey: contactQueryOptions(username).queryKey });
    },
  });
}

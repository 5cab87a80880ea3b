import { useMutation } from '@tanstack/react-query';
import type { MessageBody } from '../../../domain/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/marketplace/change-password/{username} with the current password; a wrong one answers 401 without ending the session. */
export function updatePassword({
  username,
  currentPassword,
  newPassword,
}: {
  username: string;
  currentPassword: string;
  newPassword: string;
}): Promise<MessageBody> {
  return apiRequest<MessageBody>(`/api/marketplace/change-password/${encodeURIComponent(username)}`, {
    method: 'PUT',
    body: { currentPassword, newPassword },
    handle401: false,
  });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}

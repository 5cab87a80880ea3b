import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, MessageBody } from '@/domain/schemas/auth';
import { apiRequest } from '../api-client';

/** PUT /api/marketplace/change-password/{username} with a one-time token or the current password. */
export function changePassword({ username, ...body }: ChangePasswordBody & { username: string }): Promise<MessageBody> {
  return apiRequest<MessageBody>(`/api/marketplace/change-password/${encodeURIComponent(username)}`, {
    method: 'PUT',
    body,
    handle401: false,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

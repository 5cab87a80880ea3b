import { useMutation } from '@tanstack/react-query';
import type { LoginBody, SessionUser } from '@/domain/schemas/auth';
import { apiRequest } from '@/lib/api-client';

/** POST /api/marketplace/login; a wrong password answers 401, which must not count as an expired session. */
export function login(body: LoginBody): Promise<SessionUser> {
  return apiRequest<SessionUser>('/api/marketplace/login', { method: 'POST', body, handle401: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

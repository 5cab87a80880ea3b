import { useMutation } from '@tanstack/react-query';
import type { SessionUser, SignupBody } from '@/domain/schemas/auth';
import { apiRequest } from '@/lib/api-client';

/** POST /api/marketplace/signup: creates the account and its session. */
export function signup(body: SignupBody): Promise<SessionUser> {
  return apiRequest<SessionUser>('/api/marketplace/signup', { method: 'POST', body, handle401: false });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}

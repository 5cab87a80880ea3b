import { redirect } from '@tanstack/react-router';
import { getCurrentUserName } from '../lib/current-user';

/** Signed-in routes: without a stored current user, go to /login. */
export function requireSignedIn(): void {
  if (!getCurrentUserName()) throw redirect({ to: '/login' });
}

/** Signed-out-only routes (signup, login): a signed-in user goes home. */
export function requireSignedOut(): void {
  if (getCurrentUserName()) throw redirect({ to: '/' });
}

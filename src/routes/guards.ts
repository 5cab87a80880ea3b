import { redirect } from '@tanstack/react-router';
import { getCurrentUserName, getUserData } from '../lib/current-user';

/** Signed-in routes: without a stored current user, go to /login. */
export function requireSignedIn(): void {
  if (!getCurrentUserName()) throw redirect({ to: '/login' });
}

/** Signed-out-only routes (signup, login): a signed-in user goes home. */
export function requireSignedOut(): void {
  if (getCurrentUserName()) throw redirect({ to: '/' });
}

/**
 * Admin Control's routes: signed out, go to /login; a player (no admin role, as this device last knew it) just sees
 * home, as a link to an admin screen always did. The server refuses the lists to a player whatever the device says.
 */
export function requireAdmin(): void {
  requireSignedIn();
  const user = getUserData();
  if (!user?.isAdmin && !user?.isSuperAdmin) throw redirect({ to: '/' });
}

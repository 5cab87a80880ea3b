import type { QueryClient } from '@tanstack/react-query';
import { contactQueryOptions } from '../lib/api/contact';
import { creditQueryOptions } from '../lib/credit-query';
import { getUserData } from '../lib/current-user';
import type { AdminScreenParam } from './search-params';

// What a signed-in screen reads first, started by its route's loader together with the screen's code rather than
// after it. A failure is left to the screen: offline it shows its saved copy, otherwise its own error and Try Again.
const settle = (loads: Promise<unknown>[]) => Promise.allSettled(loads).then(() => undefined);

/** What a route's loader knows of its address: `admin`, a link to an Admin Control screen (/?admin=…). */
export interface RouteDeps {
  admin?: AdminScreenParam;
}

/**
 * Home: the user's contact, which carries the roles the home screen checks (Admin Control, settings). A link to an
 * Admin Control screen starts that screen's lists too, on a device whose user is known to be an admin (the admin code
 * is a chunk of its own, loaded by admins only; offline, each list answers its saved copy).
 */
export const loadHomeData = (queryClient: QueryClient, username: string, deps?: RouteDeps) =>
  settle([queryClient.ensureQueryData(contactQueryOptions(username)), ...adminScreenData(queryClient, deps?.admin)]);

function adminScreenData(queryClient: QueryClient, screen: AdminScreenParam | undefined): Promise<unknown>[] {
  if (!screen || !getUserData()?.isAdmin) return [];
  return [import('../features/admin/api/screen-data').then((m) => m.loadAdminScreen(queryClient, screen === 'control' ? 'menu' : screen))];
}

/** My Account: the contact form and the store credit. */
export const loadAccountData = (queryClient: QueryClient, username: string) =>
  settle([queryClient.ensureQueryData(contactQueryOptions(username)), queryClient.ensureQueryData(creditQueryOptions(username))]);

/** The shop: the store credit the cart offers to spend. */
export const loadShopData = (queryClient: QueryClient, username: string) =>
  settle([queryClient.ensureQueryData(creditQueryOptions(username))]);

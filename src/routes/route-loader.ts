import type { QueryClient } from '@tanstack/react-query';
import { getCurrentUserName, getUserData } from '../lib/current-user';
import type { AdminScreenParam } from './search-params';
import type * as RouteData from './route-data';

type Loads = Pick<typeof RouteData, 'loadHomeData' | 'loadAccountData' | 'loadShopData'>;

/**
 * A route loader for a signed-in screen: starts its data (ensureQueryData) as soon as the route is chosen — on a
 * link's hover or tap too — in parallel with the screen's own code. Navigation does not wait for it: on a drop's bad
 * connection the screen draws at once with its loading state or saved copy. Signed out, nothing is loaded (the data
 * code is a chunk of its own, kept off the first screen).
 */
export function signedInData(load: keyof Loads) {
  return ({ context }: { context: { queryClient: QueryClient } }): void => {
    const username = getCurrentUserName();
    if (!username) return;
    void import('./route-data').then((data) => data[load](context.queryClient, username));
  };
}

/**
 * The index route's loader for a link to an Admin Control screen (/?admin=…, a notification's or the app shortcut's):
 * that screen's lists are started with the route, for a device whose user is known to be an admin, without holding the
 * navigation (offline, each list answers its saved copy). The admin code is a chunk of its own, loaded by admins only.
 */
export function adminScreenData({ context, deps }: { context: { queryClient: QueryClient }; deps: { admin?: AdminScreenParam } }): void {
  const screen = deps.admin;
  if (!screen || !getCurrentUserName() || !getUserData()?.isAdmin) return;
  void import('../features/admin/api/screen-data')
    .then((m) => m.loadAdminScreen(context.queryClient, screen === 'control' ? 'menu' : screen))
    .catch(() => undefined);
}

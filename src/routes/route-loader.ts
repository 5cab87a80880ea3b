import type { QueryClient } from '@tanstack/react-query';
import { getCurrentUserName } from '../lib/current-user';
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

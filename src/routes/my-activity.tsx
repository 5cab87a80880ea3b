import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { myActivitySearch } from './search-params';

import { requireSignedIn } from './guards';
import { rootRoute } from './root';
import { signedInData } from './route-loader';

export const myActivityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/my-activity',
  beforeLoad: requireSignedIn,
  validateSearch: myActivitySearch,
  loader: signedInData('loadAccountData'),
  // Split per route so a signed-out visitor downloads only the landing page and stays within the bundle budget.
  component: lazyRouteComponent(() => import('./account-screen'), 'AccountScreen'),
});

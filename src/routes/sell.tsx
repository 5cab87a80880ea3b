import { createRoute, lazyRouteComponent } from '@tanstack/react-router';

import { requireSignedIn } from './guards';
import { rootRoute } from './root';

export const sellRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sell',
  beforeLoad: requireSignedIn,
  component: lazyRouteComponent(() => import('./sell-screen'), 'SellScreen'),
});

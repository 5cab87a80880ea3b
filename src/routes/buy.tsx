import { createRoute, lazyRouteComponent } from '@tanstack/react-router';

import { requireSignedIn } from './guards';
import { rootRoute } from './root';

export const buyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/buy',
  beforeLoad: requireSignedIn,
  component: lazyRouteComponent(() => import('./buy-screen'), 'BuyScreen'),
});

import { createRoute, lazyRouteComponent } from '@tanstack/react-router';

import { requireSignedIn } from './guards';
import { rootRoute } from './root';
import { signedInData } from './route-loader';

export const buyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/buy',
  beforeLoad: requireSignedIn,
  loader: signedInData('loadShopData'),
  component: lazyRouteComponent(() => import('./buy-screen'), 'BuyScreen'),
});

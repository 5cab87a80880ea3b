import { createRoute, lazyRouteComponent } from '@tanstack/react-router';

import { requireSignedOut } from './guards';
import { rootRoute } from './root';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  beforeLoad: requireSignedOut,
  component: lazyRouteComponent(() => import('../features/auth/components/login-page'), 'LoginPage'),
});

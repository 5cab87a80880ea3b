import { createRoute, lazyRouteComponent } from '@tanstack/react-router';

import { requireSignedOut } from './guards';
import { rootRoute } from './root';

export const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  beforeLoad: requireSignedOut,
  component: lazyRouteComponent(() => import('../features/auth/components/signup-page'), 'SignupPage'),
});

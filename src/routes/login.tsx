import { createRoute, lazyRouteComponent } from '@tanstack/react-router';

import { requireSignedOut } from './guards';
import { rootRoute } from './root';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  beforeLoad: requireSignedOut,
  // The login form with the passkey sign-in under it (two features, composed here).
  component: lazyRouteComponent(() => import('./login-screen'), 'LoginScreen'),
});

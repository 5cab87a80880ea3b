import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { changePasswordSearch } from './search-params';

import { rootRoute } from './root';

export const changePasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/change-password',
  validateSearch: changePasswordSearch,
  // Split per route so a signed-out visitor downloads only the landing page and stays within the bundle budget.
  component: lazyRouteComponent(() => import('../features/auth/components/change-password-page'), 'ChangePasswordPage'),
});

import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { changePasswordSearch } from './search-params';

/** /reset-password?token=…&username=…: the one-time reset link, mailed or handed over by the super admin (issue 29.10). */
export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: changePasswordSearch,
  component: lazyRouteComponent(() => import('../features/auth/components/reset-password-page'), 'ResetPasswordPage'),
});

import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedOut } from './guards';
import { rootRoute } from './root';

/** /forgot-password: a reset link by email (issue 29.10). */
export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  beforeLoad: requireSignedOut,
  component: lazyRouteComponent(() => import('../features/auth/components/forgot-password-page'), 'ForgotPasswordPage'),
});

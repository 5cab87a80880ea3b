import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { verifyEmailSearch } from './search-params';

/** /verify-email?token=…: the link mailed to a contact email (issue 29.10). */
export const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify-email',
  validateSearch: verifyEmailSearch,
  component: lazyRouteComponent(() => import('../features/auth/components/verify-email-page'), 'VerifyEmailPage'),
});

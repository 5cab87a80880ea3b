import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteErrorPage } from '../components/route-error-page';
import { adminRoutes } from '../routes/admin';
import { buyRoute } from '../routes/buy';
import { catalogueRoute } from '../routes/catalogue';
import { changePasswordRoute } from '../routes/change-password';
import { forgotPasswordRoute } from '../routes/forgot-password';
import { resetPasswordRoute } from '../routes/reset-password';
import { verifyEmailRoute } from '../routes/verify-email';
import { inboxRoute } from '../routes/inbox';
import { indexRoute } from '../routes/index';
import { loginRoute } from '../routes/login';
import { myActivityRoute } from '../routes/my-activity';
import { rootRoute } from '../routes/root';
import { sellRoute } from '../routes/sell';
import { signupRoute } from '../routes/signup';

const routeTree = rootRoute.addChildren([
  indexRoute,
  signupRoute,
  loginRoute,
  changePasswordRoute,
  buyRoute,
  sellRoute,
  myActivityRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  verifyEmailRoute,
  inboxRoute,
  catalogueRoute,
  adminRoutes,
]);

/** The app router; tests pass a memory history. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultErrorComponent: RouteErrorPage,
    scrollRestoration: true,
    ...(history ? { history } : {}),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

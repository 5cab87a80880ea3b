import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';

import { rootRoute } from './root';

const search = z.object({ token: z.optional(z.string()), username: z.optional(z.string()) });

export const changePasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/change-password',
  validateSearch: (input: Record<string, unknown>) => {
    const parsed = search.safeParse(input);
    return parsed.success ? parsed.data : {};
  },
  // Split per route so a signed-out visitor downloads only the landing page (issue 6 bundle budget).
  component: lazyRouteComponent(() => import('../features/auth/components/change-password-page'), 'ChangePasswordPage'),
});

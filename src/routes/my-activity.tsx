import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';

import { requireSignedIn } from './guards';
import { rootRoute } from './root';

const search = z.object({ firstTime: z.optional(z.union([z.literal('true'), z.literal(true)])) });

export const myActivityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/my-activity',
  beforeLoad: requireSignedIn,
  validateSearch: (input: Record<string, unknown>): { firstTime?: 'true' | true } => {
    const parsed = search.safeParse(input);
    return parsed.success ? parsed.data : {};
  },
  // Split per route so a signed-out visitor downloads only the landing page (issue 6 bundle budget).
  component: lazyRouteComponent(() => import('../features/account/components/account-page'), 'AccountPage'),
});

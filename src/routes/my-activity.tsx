import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import * as z from 'zod/mini';

import { requireSignedIn } from './guards';
import { rootRoute } from './root';

// `tab` opens My Sell Requests or My Buy Requests directly (a notification's link).
const search = z.object({ firstTime: z.optional(z.union([z.literal('true'), z.literal(true)])), tab: z.optional(z.enum(['sell', 'buy'])) });

export const myActivityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/my-activity',
  beforeLoad: requireSignedIn,
  validateSearch: (input: Record<string, unknown>): { firstTime?: 'true' | true; tab?: 'sell' | 'buy' } => {
    const parsed = search.safeParse(input);
    return parsed.success ? parsed.data : {};
  },
  // Split per route so a signed-out visitor downloads only the landing page (issue 6 bundle budget).
  component: lazyRouteComponent(() => import('./account-screen'), 'AccountScreen'),
});

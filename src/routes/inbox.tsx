import { createRoute, lazyRouteComponent } from '@tanstack/react-router';

import { requireSignedIn } from './guards';
import { rootRoute } from './root';

/** /inbox: everything the app told the player (issue 30 item 13). */
export const inboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/inbox',
  beforeLoad: requireSignedIn,
  component: lazyRouteComponent(() => import('../features/inbox/components/inbox-page'), 'InboxPage'),
});

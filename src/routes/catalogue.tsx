import { createRoute, lazyRouteComponent } from '@tanstack/react-router';

import { loadStaffTexts } from '../lib/i18n/i18n';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';

// The screen is loaded straight from its feature: the build lists it with the admin screens' code (admin-assets.json),
// cached on an admin's device for a drop with no signal and never precached for players.
export const catalogueRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/catalogue',
  beforeLoad: requireSignedIn,
  // The screen's words in the language shown, fetched with its code (staff texts: src/lib/i18n/i18n.ts).
  loader: () => loadStaffTexts(),
  component: lazyRouteComponent(() => import('../features/catalogue/components/catalogue-page'), 'CataloguePage'),
});

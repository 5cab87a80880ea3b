import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { AdminListPath } from '../features/admin/api/screen-data';
import { loadStaffTexts } from '../lib/i18n/i18n';
import { requireAdmin } from './guards';
import { rootRoute } from './root';
import { adminSearch } from './search-params';

// Admin Control by screen (issue 48.4): /admin is its menu over the home screen, /admin/{list} each list, so Back,
// a reload and a notification's link reach a screen. The code is loaded with the screen (src/routes/admin-screen.tsx,
// listed with the admin code in admin-assets.json): a player never downloads it.

/** Admin Control: home with the Admin Control dialog over it; the screen inside is the child route's. */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: requireAdmin,
  validateSearch: adminSearch,
  // The screens' words in the language shown, fetched with their code (staff texts: src/lib/i18n/i18n.ts).
  loader: () => loadStaffTexts(),
  component: lazyRouteComponent(() => import('./admin-screen'), 'AdminScreen'),
});

const ADMIN_LISTS: readonly AdminListPath[] = [
  'pending',
  'approved',
  'rejected',
  'completed',
  'closed',
  'submissions',
  'pickups',
  'collected',
  'denied',
  'paid',
  'outbox',
];

/**
 * Starts reading the lists the screen at `path` shows into the cache (ensureQueryData) as soon as the route is chosen,
 * in parallel with the screen's code. Navigation does not wait for them (as every signed-in screen's loader,
 * src/routes/route-loader.ts): on a drop's bad connection the screen draws at once with its loading state or its saved
 * copy, instead of an empty dialog until the lists arrive.
 */
const loadScreen = (queryClient: QueryClient, path: AdminListPath | ''): void => {
  void import('../features/admin/api/screen-data').then((data) => data.loadAdminScreen(queryClient, path));
};

const AdminScreenBody = lazyRouteComponent(() => import('./admin-screen'), 'AdminBody');

/** One Admin Control screen: its address, its lists loaded by its loader, its body. */
const screenRoute = (path: AdminListPath | '') =>
  createRoute({
    getParentRoute: () => adminRoute,
    path: path || '/',
    loader: ({ context }) => loadScreen(context.queryClient, path),
    component: AdminScreenBody,
  });

/** /admin (the menu) and /admin/{list}, each a route of its own. */
export const adminRoutes = adminRoute.addChildren([screenRoute(''), ...ADMIN_LISTS.map(screenRoute)]);

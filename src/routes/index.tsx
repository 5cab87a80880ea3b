import { createRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LandingPage } from '../features/auth/components/landing-page';
import { useCurrentUserName } from '../lib/current-user';
import { rootRoute } from './root';
import { indexSearch } from './search-params';

// Home is its own chunk: a signed-out visitor at '/' downloads only the landing page.
const HomePage = lazy(() => import('../features/home/components/home-page').then((m) => ({ default: m.HomePage })));
// The offer shown in Admin Control; loaded with it, only by admins.
const AdminNotificationOffer = lazy(() =>
  import('../features/notifications/components/notification-offer').then((m) => ({ default: () => <m.NotificationOffer audience="admin" /> })),
);

function IndexPage() {
  const user = useCurrentUserName();
  const { admin } = indexRoute.useSearch();
  return user ? (
    <Suspense fallback={null}>
      <HomePage
        openAdmin={admin}
        adminExtra={
          <Suspense fallback={null}>
            <AdminNotificationOffer />
          </Suspense>
        }
      />
    </Suspense>
  ) : (
    <LandingPage />
  );
}

export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // `admin` opens Admin Control on one list (a notification's link).
  validateSearch: indexSearch,
  component: IndexPage,
});

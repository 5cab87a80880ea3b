import { createRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import * as z from 'zod/mini';
import { LandingPage } from '../features/auth/components/landing-page';
import { useCurrentUserName } from '../lib/current-user';
import { rootRoute } from './root';

// Home is its own chunk: a signed-out visitor at '/' downloads only the landing page.
const HomePage = lazy(() => import('../features/home/components/home-page').then((m) => ({ default: m.HomePage })));
// The offer shown in Admin Control; loaded with it, only by admins.
const AdminNotificationOffer = lazy(() =>
  import('../features/notifications/components/notification-offer').then((m) => ({ default: () => <m.NotificationOffer audience="admin" /> })),
);

// `admin` opens Admin Control on one list (a notification's link).
const search = z.object({ admin: z.optional(z.enum(['pending', 'submissions', 'outbox'])) });

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
  validateSearch: (input: Record<string, unknown>): { admin?: 'pending' | 'submissions' | 'outbox' } => {
    const parsed = search.safeParse(input);
    return parsed.success ? parsed.data : {};
  },
  component: IndexPage,
});

import { createRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LandingPage } from '../features/auth/components/landing-page';
import { useCurrentUserName } from '../lib/current-user';
import { rootRoute } from './root';

// Home is its own chunk: a signed-out visitor at '/' downloads only the landing page.
const HomePage = lazy(() => import('../features/home/components/home-page').then((m) => ({ default: m.HomePage })));

function IndexPage() {
  const user = useCurrentUserName();
  return user ? (
    <Suspense fallback={null}>
      <HomePage />
    </Suspense>
  ) : (
    <LandingPage />
  );
}

export const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: IndexPage });

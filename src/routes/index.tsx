import { createRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LandingPage } from '../features/auth/components/landing-page';
import { useCurrentUserName } from '../lib/current-user';
import { rootRoute } from './root';
import { signedInData } from './route-loader';
import { indexSearch } from './search-params';

// Home is its own chunk: a signed-out visitor at '/' downloads only the landing page.
const HomeScreen = lazy(() => import('./home-screen').then((m) => ({ default: m.HomeScreen })));

function IndexPage() {
  const user = useCurrentUserName();
  const { admin } = indexRoute.useSearch();
  return user ? (
    <Suspense fallback={null}>
      <HomeScreen openAdmin={admin} />
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
  loaderDeps: ({ search }) => ({ admin: search.admin }),
  loader: signedInData('loadHomeData'),
  component: IndexPage,
});

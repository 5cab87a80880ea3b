import { createRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LandingPage } from '../features/auth/components/landing-page';
import { getCurrentUserName, useCurrentUserName } from '../lib/current-user';
import { rootRoute } from './root';
import { signedInData } from './route-loader';
import { indexSearch } from './search-params';

// Home is its own chunk: a signed-out visitor at '/' downloads only the landing page.
const HomeScreen = lazy(() => import('./home-screen').then((m) => ({ default: m.HomeScreen })));

function IndexPage() {
  const user = useCurrentUserName();
  return user ? (
    <Suspense fallback={null}>
      <HomeScreen />
    </Suspense>
  ) : (
    <LandingPage />
  );
}

export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // `admin`: an old link to an Admin Control screen (installed apps' shortcut, notifications already sent), now its
  // route's: /?admin=control is /admin, /?admin=pending /admin/pending. Signed out, it stays the landing page.
  validateSearch: indexSearch,
  beforeLoad: ({ search }) => {
    if (search.admin && getCurrentUserName())
      throw redirect({ to: search.admin === 'control' ? '/admin/' : `/admin/${search.admin}`, replace: true });
  },
  loader: signedInData('loadHomeData'),
  component: IndexPage,
});

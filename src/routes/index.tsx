import { createRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/auth/components/landing-page';
import { HomePage } from '../features/home/components/home-page';
import { useCurrentUserName } from '../lib/current-user';
import { rootRoute } from './root';

function IndexPage() {
  const user = useCurrentUserName();
  return user ? <HomePage /> : <LandingPage />;
}

export const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: IndexPage });

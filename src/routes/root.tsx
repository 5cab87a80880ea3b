import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext, lazyRouteComponent } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useBrowserProtection } from '../app/use-browser-protection';
import { RouteErrorPage } from '../components/route-error-page';

// Not needed for the first paint, so not in the first download: the toasts' outlet, the offline pill with the update
// prompt and the drain after a login, and the 404 page. (The error page stays: it must show even when a chunk fails.)
const Toaster = lazy(() => import('../components/toaster').then((m) => ({ default: m.Toaster })));
const OfflineLayer = lazy(() => import('../features/offline/components/offline-layer').then((m) => ({ default: m.OfflineLayer })));

export interface RouterContext {
  queryClient: QueryClient;
}

function RootLayout() {
  useBrowserProtection();
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <Toaster />
        <OfflineLayer />
      </Suspense>
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: lazyRouteComponent(() => import('../components/not-found-page'), 'NotFoundPage'),
  errorComponent: RouteErrorPage,
});

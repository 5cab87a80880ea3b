import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { useBrowserProtection } from '../app/use-browser-protection';
import { NotFoundPage } from '../components/not-found-page';
import { RouteErrorPage } from '../components/route-error-page';
import { Toaster } from '../components/toaster';
import { OfflineLayer } from '../features/offline/components/offline-layer';

export interface RouterContext {
  queryClient: QueryClient;
}

function RootLayout() {
  useBrowserProtection();
  return (
    <>
      <Outlet />
      <Toaster />
      <OfflineLayer />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});

import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { useBrowserProtection } from '../app/use-browser-protection';
import { NotFoundPage } from '../components/not-found-page';
import { Toaster } from '../components/toaster';

export interface RouterContext {
  queryClient: QueryClient;
}

function RootLayout() {
  useBrowserProtection();
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

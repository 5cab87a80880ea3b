// Test-only: renders a screen inside the real providers and a memory router, with the toaster.
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { AppProviders } from './providers';
import { Toaster } from '../components/toaster';
import { setCurrentUser } from '../lib/current-user';
import { createQueryClient } from '../lib/query-client';

let counter = 0;

/** Stores a signed-in user with a unique name (so each test gets its own IndexedDB cart). */
export function signInTestUser(prefix = 'tester', contactEmail: string | null = null): string {
  counter += 1;
  const username = `${prefix}${Date.now().toString(36)}${counter}`;
  setCurrentUser({ username, contactEmail, ps5Username: null, robloxUsername: 'rob', isAdmin: false, isSuperAdmin: false });
  return username;
}

/** Renders `Page` at `path` with '/' and '/my-activity' stubs around it. */
export function renderPage(Page: ComponentType, path: string) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
  });
  const page = createRoute({ getParentRoute: () => rootRoute, path, component: () => <Page /> });
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <p>Home stub</p> });
  const activity = createRoute({ getParentRoute: () => rootRoute, path: '/my-activity', component: () => <p>Activity stub</p> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page, home, activity]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router as never} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

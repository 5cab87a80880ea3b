// Test-only: renders the real app (router, guards, root layout) at a path, with a fresh query client.
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { SessionUser } from '../domain/schemas/auth';
import { setUnauthorizedHandler } from '../lib/api-client';
import { clearCurrentUser, setCurrentUser } from '../lib/current-user';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from '../app/providers';
import { createAppRouter } from '../app/router';

/** A stored signed-in user for tests. */
export function signIn(user: Partial<SessionUser> & { username: string }): SessionUser {
  const full: SessionUser = { contactEmail: null, ps5Username: null, robloxUsername: null, isAdmin: false, isSuperAdmin: false, ...user };
  setCurrentUser(full);
  return full;
}

/** Renders the whole app at `path` with the same 401 handling as main.tsx. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  setUnauthorizedHandler(() => {
    clearCurrentUser();
    queryClient.clear();
    void router.navigate({ to: '/login' });
  });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

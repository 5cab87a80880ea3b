import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createAppRouter } from '../app/router';
import { itemSubmissionsQueryOptions } from '../features/admin/api/item-submissions';
import { purchaseRequestsQueryOptions } from '../features/admin/api/purchase-requests';
import { http, HttpResponse } from 'msw';
import { data, serveAdminApi, server } from '../features/admin/testing/admin-server';
import { makeRequest } from '../features/admin/testing/fixtures';
import { clearCurrentUser } from '../lib/current-user';
import { createQueryClient } from '../lib/query-client';
import { renderApp, signIn } from '../test/render-app';

// Admin Control by screen (issue 48.4): each screen is a route, /admin and /admin/{list}, with a loader.
vi.mock('@/lib/socket', () => import('../features/admin/testing/socket-mock'));
serveAdminApi();
afterEach(() => clearCurrentUser());

const signInAdmin = () => {
  const admin = signIn({ username: 'boss', isAdmin: true });
  data.contacts.boss = admin;
};
const path = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname;
const heading = (name: string) => screen.findByRole('heading', { name }, { timeout: 5_000 });

describe("an Admin Control screen's route", () => {
  it('when /admin/pending is chosen, then its loader starts reading the requests before the screen draws, and no other list', async () => {
    signInAdmin();
    data.requests = [makeRequest({ id: 7, requesterName: 'mia' })];
    const queryClient = createQueryClient();
    const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: ['/admin/pending'] }));
    await router.load();
    // Nothing is drawn yet: the route's loader alone has asked for the requests (ensureQueryData), not for the other lists.
    await waitFor(() =>
      expect(queryClient.getQueryData(purchaseRequestsQueryOptions().queryKey)).toEqual([expect.objectContaining({ id: 7 })]),
    );
    expect(queryClient.getQueryState(itemSubmissionsQueryOptions().queryKey)).toBeUndefined();
    render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await heading('Pending Purchase Requests');
    // The screen draws the cached records at once: no loading state stands in for them.
    expect((await screen.findAllByText(/mia/)).length).toBeGreaterThan(0);
    expect(screen.queryByText('Loading purchase requests...')).not.toBeInTheDocument();
  });

  it('when a list is chosen while its read is still on its way, then the screen draws at once with its loading state, then the records', async () => {
    signInAdmin();
    data.requests = [makeRequest({ id: 8, requesterName: 'noa' })];
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(http.get('/api/purchase-requests', async () => (await held, HttpResponse.json(data.requests))));
    renderApp('/admin/pending');
    await heading('Pending Purchase Requests');
    expect(await screen.findByText('Loading purchase requests...')).toBeInTheDocument();
    answer();
    expect((await screen.findAllByText(/noa/)).length).toBeGreaterThan(0);
  });

  it('when a list is opened from the menu, then the address names it and Back returns to the menu', async () => {
    signInAdmin();
    const user = userEvent.setup();
    const { router } = renderApp('/admin');
    await heading('Admin Control');
    await user.click(await screen.findByRole('button', { name: /Step 2.*Approved Requests/ }));
    await heading('Approved Requests');
    expect(path(router)).toBe('/admin/approved');
    router.history.back();
    await heading('Admin Control');
    expect(path(router)).toBe('/admin');
    // The back arrow opens the menu too, and Close returns home.
    await user.click(screen.getByRole('button', { name: /Step 3.*Completed/ }));
    await heading('Completed Requests');
    expect(path(router)).toBe('/admin/completed');
    await user.click(screen.getByRole('button', { name: 'Back to Admin Control' }));
    await heading('Admin Control');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(path(router)).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Admin Control' })).not.toBeInTheDocument();
  });

  it('when the app is reloaded on a list, then that list shows again', async () => {
    signInAdmin();
    renderApp('/admin/collected').unmount();
    // A reload: a new router and query client at the same address.
    const { router } = renderApp('/admin/collected');
    await heading('Collected');
    expect(path(router)).toBe('/admin/collected');
  });

  it('when an old /?admin=… link is opened, then it goes to that screen’s route', async () => {
    signInAdmin();
    for (const [link, to, title] of [
      ['/?admin=pending', '/admin/pending', 'Pending Purchase Requests'],
      ['/?admin=submissions', '/admin/submissions', 'User Item Submissions'],
      ['/?admin=outbox', '/admin/outbox', 'Waiting to send'],
      ['/?admin=control', '/admin', 'Admin Control'],
    ] as const) {
      const { router, unmount } = renderApp(link);
      await heading(title);
      expect(path(router), link).toBe(to);
      unmount();
    }
  });

  it('when a player opens an admin address, then home shows; signed out, the login', async () => {
    signIn({ username: 'plain' });
    data.contacts.plain = signIn({ username: 'plain' });
    const player = renderApp('/admin/pending');
    await waitFor(() => expect(path(player.router)).toBe('/'));
    expect(await screen.findByText('Store Preview', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pending Purchase Requests' })).not.toBeInTheDocument();
    player.unmount();
    clearCurrentUser();
    const visitor = renderApp('/admin');
    await waitFor(() => expect(path(visitor.router)).toBe('/login'));
  });
});

describe('the Closed Requests filter on its routes', () => {
  it('when Completed is chosen on Rejected Requests, then the completed list shows under its own address', async () => {
    signInAdmin();
    data.requests = [makeRequest({ id: 3, status: 'rejected' }), makeRequest({ id: 4, status: 'completed' })];
    const user = userEvent.setup();
    const { router } = renderApp('/admin/rejected');
    await screen.findByRole('list', { name: 'Rejected requests' }, { timeout: 5_000 });
    await user.click(screen.getByRole('button', { name: 'Completed' }));
    expect(await screen.findByRole('list', { name: 'Completed requests' })).toBeInTheDocument();
    expect(path(router)).toBe('/admin/completed');
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '@/test/msw';
import { renderApp, signIn } from '@/test/render-app';
import { getCurrentUserName } from '@/lib/current-user';

vi.mock('@/lib/socket', () => ({ subscribeSocket: () => () => undefined, SOCKET_RECONNECT_MS: 1000 }));
// Admin code is replaced by light stand-ins: this suite checks only that home opens them.
vi.mock('@/features/admin/components/admin-control', () => ({
  AdminControl: ({ open }: { open: boolean }) => (open ? <p>Admin Control stand-in</p> : null),
}));
vi.mock('@/features/super-admin/components/super-admin-settings', () => ({
  SuperAdminSettings: ({ open }: { open: boolean }) => (open ? <p>Super Admin Settings stand-in</p> : null),
}));

// Whole-app renders with user-event are slow on a busy machine: allow more than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

const server = setupMswServer();
afterEach(() => {
  vi.useRealTimers();
});

const contact = (username: string, roles: { isAdmin?: boolean; isSuperAdmin?: boolean } = {}) => ({
  username,
  contactEmail: 'a@b.co',
  ps5Username: null,
  robloxUsername: null,
  isAdmin: false,
  isSuperAdmin: false,
  ...roles,
});

/** A dispute of a no-show as the API writes it (the app reads every field, its credit into cents). */
const dispute = (id: number, status: 'open' | 'upheld') => ({
  id,
  subjectType: 'purchase-request',
  subjectId: id,
  submissionId: null,
  username: 'sam',
  reason: 'I was there',
  status,
  createdAt: '2030-03-01T10:00:00.000Z',
  decidedAt: status === 'open' ? null : '2030-03-02T10:00:00.000Z',
  decidedBy: status === 'open' ? null : 'admin',
  decisionNote: null,
  promisedAt: '2030-03-01T09:00:00.000Z',
  noShowAt: '2030-03-01T09:20:00.000Z',
  noShowBy: 'admin',
  credit: 2.5,
});

describe('Routing', () => {
  it('signed out, / shows the landing page with Sign Up and Login only', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText('Store Preview')).not.toBeInTheDocument();
  });

  it('any other path shows 404 Page Not Found', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('signed out, a signed-in route goes to /login', async () => {
    const { router } = renderApp('/my-activity');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signed in, /login and /signup go home', async () => {
    signIn({ username: 'routey' });
    server.use(http.get('/api/marketplace/contact/:u', () => HttpResponse.json(contact('routey'))));
    const { router } = renderApp('/signup');
    // The first test to show home loads its code (a lazy chunk, transformed on a cold run): a loaded CI run took over
    // 5 s. Waited for within the test's 20 s.
    expect(await screen.findByText('Store Preview', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('a 401 from the server clears the stored user and goes to /login', async () => {
    signIn({ username: 'expired' });
    server.use(http.get('/api/marketplace/contact/:u', () => HttpResponse.json({ message: 'Please log in' }, { status: 401 })));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getCurrentUserName()).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('Home', () => {
  it('shows Buy, Sell, Trade, Account and Logout; Buy, Sell and Account link to their screens', async () => {
    signIn({ username: 'homer' });
    server.use(http.get('/api/marketplace/contact/:u', () => HttpResponse.json(contact('homer'))));
    renderApp('/');
    expect(await screen.findByRole('link', { name: /Buy/ })).toHaveAttribute('href', '/buy');
    expect(screen.getByRole('link', { name: /^Sell/ })).toHaveAttribute('href', '/sell');
    expect(screen.getByRole('link', { name: /Account/ })).toHaveAttribute('href', '/my-activity');
    expect(screen.getByRole('button', { name: /Trade/ })).toBeInTheDocument();
    // One Logout on the screen, not two.
    expect(screen.getAllByRole('button', { name: /Logout/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Admin/ })).not.toBeInTheDocument();
  });

  it('Trade shows Coming Soon! for 5 seconds', async () => {
    signIn({ username: 'trader' });
    server.use(http.get('/api/marketplace/contact/:u', () => HttpResponse.json(contact('trader'))));
    renderApp('/');
    const trade = await screen.findByRole('button', { name: /Trade/ });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => trade.click());
    expect(screen.getByText('Coming Soon!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('Coming Soon!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Coming Soon!')).not.toBeInTheDocument();
  });

  it('Logout asks Confirm Logout; Cancel keeps the user, Logout ends the session and shows the landing page', async () => {
    const user = userEvent.setup();
    signIn({ username: 'leaver' });
    let loggedOut = false;
    server.use(
      http.get('/api/marketplace/contact/:u', () => HttpResponse.json(contact('leaver'))),
      http.post('/api/marketplace/logout', () => {
        loggedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderApp('/');
    await user.click((await screen.findAllByRole('button', { name: /Logout/ }))[0]);
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm Logout' });
    expect(dialog).toHaveTextContent('Are you sure you want to log out?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(getCurrentUserName()).toBe('leaver');
    await user.click(screen.getAllByRole('button', { name: /Logout/ })[0]);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
    expect(loggedOut).toBe(true);
    expect(getCurrentUserName()).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the Admin button when the server says isAdmin, and opens Admin Control', async () => {
    const user = userEvent.setup();
    signIn({ username: 'adminny' });
    server.use(http.get('/api/marketplace/contact/:u', () => HttpResponse.json(contact('adminny', { isAdmin: true }))));
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Admin' }));
    expect(await screen.findByText('Admin Control stand-in')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Super Admin Settings' })).not.toBeInTheDocument();
  });

  it('shows the settings button to the super admin, and opens Super Admin Settings', async () => {
    const user = userEvent.setup();
    signIn({ username: 'admin' });
    server.use(http.get('/api/marketplace/contact/:u', () => HttpResponse.json(contact('admin', { isAdmin: true, isSuperAdmin: true }))));
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Super Admin Settings' }));
    expect(await screen.findByText('Super Admin Settings stand-in')).toBeInTheDocument();
  });

  it('when a dispute waits for the super admin and a player proposed a time, then the gear and the Admin button carry them; their names stay (issue 47.6)', async () => {
    signIn({ username: 'admin' });
    server.use(
      http.get('/api/marketplace/contact/:u', () => HttpResponse.json(contact('admin', { isAdmin: true, isSuperAdmin: true }))),
      http.get('/api/admin/disputes', () => HttpResponse.json([dispute(1, 'open'), dispute(2, 'upheld')])),
      http.get('/api/proposals', () =>
        HttpResponse.json([
          { id: 7, subjectType: 'pickup', subjectId: 3, proposedByRole: 'player', status: 'open' },
          { id: 8, subjectType: 'purchase-request', subjectId: 4, proposedByRole: 'player', status: 'open' },
        ]),
      ),
      http.get('/api/purchase-requests', () => HttpResponse.json([])),
      http.get('/api/item-submissions', () => HttpResponse.json([])),
      http.get('/api/scheduled-pickups', () => HttpResponse.json([])),
    );
    renderApp('/');
    const gear = await screen.findByRole('button', { name: 'Super Admin Settings' });
    expect(await within(gear).findByTestId('disputes-badge')).toHaveTextContent('1');
    expect(within(gear).getByTestId('disputes-badge')).toHaveAttribute('title', '1 dispute to decide');
    const adminButton = screen.getByRole('button', { name: 'Admin' });
    expect(await within(adminButton).findByTestId('admin-proposals-badge')).toHaveTextContent('2');
  });

  it('re-checks the admin flag every 5 seconds', async () => {
    signIn({ username: 'promoted' });
    let isAdmin = false;
    let calls = 0;
    server.use(
      http.get('/api/marketplace/contact/:u', () => {
        calls += 1;
        return HttpResponse.json(contact('promoted', { isAdmin }));
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/');
    await screen.findByText('Store Preview');
    await waitFor(() => expect(calls).toBe(1));
    expect(screen.queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
    isAdmin = true;
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(await screen.findByRole('button', { name: 'Admin' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('when the check fails, the stored admin flag is used', async () => {
    signIn({ username: 'offlineadmin', isAdmin: true });
    server.use(http.get('/api/marketplace/contact/:u', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Admin' })).toBeInTheDocument();
  });

  it('the Store Preview changes item every 4 seconds and links Shop All Categories to /buy', async () => {
    signIn({ username: 'browser' });
    server.use(http.get('/api/marketplace/contact/:u', () => HttpResponse.json(contact('browser'))));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/');
    const first = await screen.findByTestId('store-preview-item');
    expect(first).toHaveTextContent('Weapon');
    expect(screen.getByRole('link', { name: /Shop All Categories/ })).toHaveAttribute('href', '/buy');
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByTestId('store-preview-item')).toHaveTextContent('Consumable');
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByTestId('store-preview-item')).toHaveTextContent('Farming');
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByTestId('store-preview-item')).toHaveTextContent('Weapon');
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '@/test/msw';
import { renderApp, signIn } from '@/test/render-app';
import { getCurrentUserName } from '@/lib/current-user';

// The password pages: reset (from an emailed link) and the admin's change-password page. Sign up and Login are in
// auth-pages.test.tsx.

vi.mock('@/lib/socket', () => ({ subscribeSocket: () => () => undefined, SOCKET_RECONNECT_MS: 1000 }));

// Whole-app renders with user-event are slow on a busy machine: allow more than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

const server = setupMswServer();
afterEach(() => {
  vi.useRealTimers();
});

describe('Reset password page (issue 52.5)', () => {
  it('when the new password is saved, then one Go to Login control is left, not two', async () => {
    const user = userEvent.setup();
    server.use(http.put('/api/marketplace/change-password/:username', () => HttpResponse.json({ message: 'ok' })));
    renderApp('/reset-password?token=abc&username=ned');
    expect(await screen.findByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    await user.type(screen.getByLabelText('New Password'), 'brand-new-password-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'brand-new-password-1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('button', { name: 'Go to Login' })).toBeInTheDocument();
    expect(screen.getAllByText('Go to Login')).toHaveLength(1);
  });
});

describe('Admin change-password page', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, values: { current?: string; next?: string; confirm?: string }) {
    if (values.current) await user.type(screen.getByLabelText('Current Password'), values.current);
    if (values.next) await user.type(screen.getByLabelText('New Password'), values.next);
    if (values.confirm) await user.type(screen.getByLabelText('Confirm Password'), values.confirm);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
  }

  it('shows the heading, prefills the username from the address, and links to Login and Home', async () => {
    renderApp('/change-password?token=abc&username=admin');
    expect(await screen.findByRole('heading', { name: 'Set your secure admin password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('admin');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('validates: Please fill in all fields, Passwords do not match, Password must be at least 8 characters long', async () => {
    const user = userEvent.setup();
    renderApp('/change-password?token=abc&username=admin');
    await screen.findByLabelText('Username');
    await fill(user, { next: 'longenough1' });
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    await fill(user, { confirm: 'different11' });
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match');
    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Confirm Password'));
    await fill(user, { next: 'short12', confirm: 'short12' });
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters long');
  });

  it('when the token is refused, then it says Failed to change password', async () => {
    const user = userEvent.setup();
    server.use(
      http.put('/api/marketplace/change-password/:username', () =>
        HttpResponse.json({ message: 'This setup link is no longer valid' }, { status: 403 }),
      ),
    );
    renderApp('/change-password?token=abc&username=admin');
    await screen.findByLabelText('Username');
    await fill(user, { next: 'longenough1', confirm: 'longenough1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to change password');
  });

  it('with a token, it sends the token and, after success, goes to /login 3 s later', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    let body: unknown;
    let path = '';
    server.use(
      http.put('/api/marketplace/change-password/:username', async ({ request, params }) => {
        body = await request.json();
        path = String(params.username);
        return HttpResponse.json({ message: 'Password updated' });
      }),
    );
    const { router } = renderApp('/change-password?token=one-time&username=admin');
    await screen.findByLabelText('Username');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await fill(user, { next: 'longenough1', confirm: 'longenough1' });
    expect(await screen.findByText('Password updated successfully! You can now log in with your new password.')).toBeInTheDocument();
    expect(body).toEqual({ newPassword: 'longenough1', token: 'one-time' });
    expect(path).toBe('admin');
    act(() => vi.advanceTimersByTime(2900));
    expect(router.state.location.pathname).toBe('/change-password');
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('signed in without a token, it prefills the stored user and sends the current password', async () => {
    const user = userEvent.setup();
    signIn({ username: 'boss', isAdmin: true });
    let body: unknown;
    server.use(
      http.put('/api/marketplace/change-password/:username', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    renderApp('/change-password');
    expect(await screen.findByLabelText('Username')).toHaveValue('boss');
    await fill(user, { current: 'oldpassword', next: 'longenough1', confirm: 'longenough1' });
    await screen.findByText('Password updated successfully! You can now log in with your new password.');
    expect(body).toEqual({ newPassword: 'longenough1', currentPassword: 'oldpassword' });
  });

  it('signed out without a one-time link, then no form that cannot succeed: it says to log in first and links to Login', async () => {
    renderApp('/change-password');
    expect(await screen.findByRole('heading', { name: 'Set your secure admin password' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You are not logged in.');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Log in first, then change your password here or with Reset Password in My Account.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Open the one-time link printed when the server started.');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it("when the stored user's session has ended, then it says so and to log in again, and this device is signed out", async () => {
    const user = userEvent.setup();
    signIn({ username: 'boss', isAdmin: true });
    server.use(
      http.put('/api/marketplace/change-password/:username', () =>
        HttpResponse.json({ message: 'Please log in to continue' }, { status: 401 }),
      ),
    );
    renderApp('/change-password');
    expect(await screen.findByLabelText('Username')).toHaveValue('boss');
    await fill(user, { current: 'oldpassword', next: 'longenough1', confirm: 'longenough1' });
    expect(await screen.findByText('Your session ended — log in again.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to change password')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(getCurrentUserName()).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '@/test/msw';
import { renderApp } from '@/test/render-app';
import { getCurrentUserName, getUserData } from '@/lib/current-user';
import { clearSessionNotice, getSessionNotice, markSessionRequestKept, setSessionNotice } from '@/lib/session-notice';
import { adminMarkerKey } from '../admin-marker';

vi.mock('@/lib/socket', () => ({ subscribeSocket: () => () => undefined, SOCKET_RECONNECT_MS: 1000 }));

// Whole-app renders with user-event are slow on a busy machine: allow more than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

const server = setupMswServer();
afterEach(() => {
  vi.useRealTimers();
});

const sessionUser = (username: string, contact: Partial<{ contactEmail: string; ps5Username: string; robloxUsername: string }> = {}) => ({
  username,
  contactEmail: null,
  ps5Username: null,
  robloxUsername: null,
  isAdmin: false,
  isSuperAdmin: false,
  ...contact,
});

/** GET contact for the home poll and account screen. */
const contactHandler = (contact: Record<string, unknown> = {}) =>
  http.get('/api/marketplace/contact/:username', ({ params }) =>
    HttpResponse.json({ ...sessionUser(String(params.username)), ...contact }),
  );

async function fillSignup(user: ReturnType<typeof userEvent.setup>, username: string, password: string, confirm: string) {
  await screen.findByLabelText('Username');
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('Sign up', () => {
  it('when a field is empty, then it says All fields are required', async () => {
    const user = userEvent.setup();
    renderApp('/signup');
    await fillSignup(user, 'player1', 'secret12', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('All fields are required');
  });

  it('when the passwords differ, then it says Passwords do not match', async () => {
    const user = userEvent.setup();
    renderApp('/signup');
    await fillSignup(user, 'player1', 'secret12', 'secret22');
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
  });

  it('when the password has 7 characters, then it says Password must be at least 8 characters', async () => {
    const user = userEvent.setup();
    renderApp('/signup');
    await fillSignup(user, 'player1', '1234567', '1234567');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 8 characters');
  });

  it('when the server refuses, then its message shows; without one, Signup failed', async () => {
    const user = userEvent.setup();
    server.use(http.post('/api/marketplace/signup', () => HttpResponse.json({ message: 'Username is already taken' }, { status: 409 })));
    renderApp('/signup');
    await fillSignup(user, 'player1', 'secret12', 'secret12');
    expect(await screen.findByRole('alert')).toHaveTextContent('Username is already taken');
    server.use(http.post('/api/marketplace/signup', () => new HttpResponse(null, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^!?Signup failed$/));
  });

  it('when the network fails, then it says Failed to create account. Please try again.', async () => {
    const user = userEvent.setup();
    server.use(http.post('/api/marketplace/signup', () => HttpResponse.error()));
    renderApp('/signup');
    await fillSignup(user, 'player1', 'secret12', 'secret12');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create account. Please try again.');
  });

  it('when it succeeds, then the user is stored, the admin marker removed, and the first-time setup opens without firstTime in the address', async () => {
    const user = userEvent.setup();
    localStorage.setItem(adminMarkerKey('newbie'), 'true');
    let body: unknown;
    server.use(
      http.post('/api/marketplace/signup', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(sessionUser('newbie'), { status: 201 });
      }),
      contactHandler(),
    );
    const { router } = renderApp('/signup');
    await fillSignup(user, 'newbie', 'secret12', 'secret12');
    expect(await screen.findByRole('button', { name: 'Complete Setup' })).toBeInTheDocument();
    expect(body).toEqual({ username: 'newbie', password: 'secret12' });
    expect(getCurrentUserName()).toBe('newbie');
    expect(localStorage.getItem(adminMarkerKey('newbie'))).toBeNull();
    await waitFor(() => expect(router.state.location.href).toBe('/my-activity'));
  });

  it('the Show/Hide toggle reveals and hides the password, and links to Login', async () => {
    const user = userEvent.setup();
    renderApp('/signup');
    const input = await screen.findByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveTextContent('Hide');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});

describe('Login', () => {
  async function fillLogin(user: ReturnType<typeof userEvent.setup>, username: string, password: string) {
    await screen.findByLabelText('Username');
    if (username) await user.type(screen.getByLabelText('Username'), username);
    if (password) await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
  }

  it('when a field is empty, then it says Username and password are required', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await fillLogin(user, 'player1', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Username and password are required');
  });

  it('when the password is wrong, then the server message shows and the page stays', async () => {
    const user = userEvent.setup();
    server.use(http.post('/api/marketplace/login', () => HttpResponse.json({ message: 'Invalid username or password' }, { status: 401 })));
    const { router } = renderApp('/login');
    await fillLogin(user, 'player1', 'wrongpass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('when the server fails without a message, then it says Login failed', async () => {
    const user = userEvent.setup();
    server.use(http.post('/api/marketplace/login', () => new HttpResponse('', { status: 500 })));
    renderApp('/login');
    await fillLogin(user, 'player1', 'secret12');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/Login failed$/));
  });

  it('when the network fails, then it says Failed to login. Please try again.', async () => {
    const user = userEvent.setup();
    server.use(http.post('/api/marketplace/login', () => HttpResponse.error()));
    renderApp('/login');
    await fillLogin(user, 'player1', 'secret12');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to login. Please try again.');
  });

  it('when the user has no contact, then it goes to the first-time setup', async () => {
    const user = userEvent.setup();
    server.use(
      http.post('/api/marketplace/login', () => HttpResponse.json(sessionUser('player1'))),
      contactHandler(),
    );
    const { router } = renderApp('/login');
    await fillLogin(user, 'player1', 'secret12');
    expect(await screen.findByText('Welcome to Blockspin Market!')).toBeInTheDocument();
    expect(getUserData()?.username).toBe('player1');
    await waitFor(() => expect(router.state.location.href).toBe('/my-activity'));
  });

  it('when the server ended the session, then the login screen says why, offers the name, and forgets it once logged in', async () => {
    const user = userEvent.setup();
    setSessionNotice('admin-removed', 'player2');
    server.use(
      http.post('/api/marketplace/login', () => HttpResponse.json(sessionUser('player2', { robloxUsername: 'rob' }))),
      contactHandler({ robloxUsername: 'rob' }),
    );
    renderApp('/login');
    expect(await screen.findByRole('status')).toHaveTextContent('Your admin access was removed — log in again to go on as a player.');
    expect(screen.getByLabelText('Username')).toHaveValue('player2');
    await fillLogin(user, '', 'secret12');
    expect(await screen.findByText('Store Preview')).toBeInTheDocument();
    expect(getSessionNotice()).toBeNull();
  });

  it('when a request was kept as the session ended, then the login screen says it will be sent', async () => {
    setSessionNotice('session-ended', 'player3');
    markSessionRequestKept();
    renderApp('/login');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your session ended — log in again; your request is kept and will be sent.',
    );
    clearSessionNotice();
  });

  it('when the user has a contact, then it goes home', async () => {
    const user = userEvent.setup();
    server.use(
      http.post('/api/marketplace/login', () => HttpResponse.json(sessionUser('player2', { robloxUsername: 'rob' }))),
      contactHandler({ robloxUsername: 'rob' }),
    );
    const { router } = renderApp('/login');
    await fillLogin(user, 'player2', 'secret12');
    expect(await screen.findByText('Store Preview')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('link', { name: /Buy/ })).toHaveAttribute('href', '/buy');
  });

  it('when the super admin has no contact, then it goes home, not to the first-time setup (issue 52.5: on every new device)', async () => {
    const user = userEvent.setup();
    server.use(
      http.post('/api/marketplace/login', () => HttpResponse.json({ ...sessionUser('admin'), isAdmin: true, isSuperAdmin: true })),
      contactHandler(),
    );
    const { router } = renderApp('/login');
    await fillLogin(user, 'admin', 'secret12');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.href).not.toContain('firstTime');
    expect(screen.queryByText('Welcome to Blockspin Market!')).toBeNull();
  });

  it('links to Sign Up', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });
});

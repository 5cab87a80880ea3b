import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '@/test/msw';
import { renderApp, signIn } from '@/test/render-app';
import { getCurrentUserName, getUserData } from '@/lib/current-user';
import { kvGet, kvSet } from '@/lib/db';

vi.mock('@/lib/socket', () => ({ subscribeSocket: () => () => undefined, SOCKET_RECONNECT_MS: 1000 }));

// Whole-app renders with user-event are slow on a busy machine: allow more than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

const server = setupMswServer();
afterEach(() => {
  vi.useRealTimers();
});

/** user-event's clock: real until a test switches to fake timers. */
const advanceTimers = (ms: number) => {
  if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
};

let counter = 0;
const uniqueName = (prefix: string) => `${prefix}${++counter}${Date.now().toString(36)}`;

type Contact = { contactEmail?: string | null; ps5Username?: string | null; robloxUsername?: string | null };
const userWith = (username: string, contact: Contact = {}) => ({
  username,
  contactEmail: null,
  ps5Username: null,
  robloxUsername: null,
  isAdmin: false,
  isSuperAdmin: false,
  ...contact,
});

/** Signs in a user with a contact and answers GET contact; returns the name and the PUT bodies seen. */
function setup(contact: Contact = { contactEmail: 'me@example.com' }, put?: (body: Contact) => Response | Promise<Response>) {
  const username = uniqueName('acct');
  signIn(userWith(username, contact));
  const bodies: Contact[] = [];
  server.use(
    http.get('/api/marketplace/contact/:u', () => HttpResponse.json(userWith(username, contact))),
    http.get('/api/marketplace/credit/:u', () => HttpResponse.json({ balance: 0, entries: [] })),
    http.put('/api/marketplace/contact/:u', async ({ request }) => {
      const body = (await request.json()) as Contact;
      bodies.push(body);
      return put ? put(body) : HttpResponse.json(userWith(username, body));
    }),
  );
  return { username, bodies };
}

async function openContact(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: /My Contact Information/ }));
  return screen.findByRole('form', { name: 'My Contact Information' });
}

const option = (name: string) => screen.getByRole('group', { name });

describe('Account screen', () => {
  it('shows the three tiles, Reset Password and a back arrow', async () => {
    setup();
    renderApp('/my-activity');
    expect(await screen.findByRole('tab', { name: /My Contact Information/ })).toBeEnabled();
    expect(screen.getByRole('tab', { name: /My Sell Requests/ })).toBeEnabled();
    expect(screen.getByRole('tab', { name: /My Buy Requests/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Reset Password/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('first time: welcome banner, locked tiles, no back arrow, Complete Setup; saving goes home after 2 s', async () => {
    const user = userEvent.setup({ advanceTimers });
    const { bodies } = setup({});
    const { router } = renderApp('/my-activity?firstTime=true');
    expect(await screen.findByText('Welcome to Blockspin Market!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.href).toBe('/my-activity'));
    expect(screen.getByRole('tab', { name: /My Sell Requests/ })).toBeDisabled();
    expect(screen.getByRole('tab', { name: /My Buy Requests/ })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Back to Home' })).not.toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'My Contact Information' });
    expect(within(form).getByLabelText('Account Name')).toHaveAttribute('readonly');
    await user.click(within(option('Roblox Username')).getByRole('radio', { name: 'Yes' }));
    await user.type(within(option('Roblox Username')).getByRole('textbox'), 'RobloxKid');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(await screen.findByText('Contact information saved! Taking you to the marketplace...')).toBeInTheDocument();
    expect(bodies).toEqual([{ contactEmail: null, ps5Username: null, robloxUsername: 'RobloxKid' }]);
    act(() => vi.advanceTimersByTime(1900));
    expect(router.state.location.pathname).toBe('/my-activity');
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getUserData()?.robloxUsername).toBe('RobloxKid');
  });

  it('when an admin is in the first-time setup, then Skip for now goes home, and later visits do not lock the tiles', async () => {
    const user = userEvent.setup();
    const { username } = setup({ isAdmin: true } as Contact);
    signIn(userWith(username, { isAdmin: true } as Contact));
    const { router } = renderApp('/my-activity?firstTime=true');
    expect(await screen.findByText('Welcome to Blockspin Market!')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Skip for now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await router.navigate({ to: '/my-activity' });
    expect(await screen.findByRole('tab', { name: /My Sell Requests/ })).toBeEnabled();
    expect(screen.queryByText('Welcome to Blockspin Market!')).not.toBeInTheDocument();
  });

  it('when a player without contact opens the account, then there is no skip', async () => {
    setup({});
    renderApp('/my-activity?firstTime=true');
    expect(await screen.findByText('Welcome to Blockspin Market!')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Skip for now' })).not.toBeInTheDocument();
  });

  it('the tiles are a tablist: one tab stop, arrows/Home/End move focus and open that section, wrapping', async () => {
    const user = userEvent.setup();
    setup();
    server.use(
      http.get('/api/user-sell-requests/:u', () => HttpResponse.json([])),
      http.get('/api/scheduled-pickups', () => HttpResponse.json([])),
      http.get('/api/user-purchase-requests/:u', () => HttpResponse.json([])),
    );
    renderApp('/my-activity');
    const contact = await screen.findByRole('tab', { name: /My Contact Information/ });
    const sell = screen.getByRole('tab', { name: /My Sell Requests/ });
    const buy = screen.getByRole('tab', { name: /My Buy Requests/ });
    expect(screen.getByRole('tablist', { name: 'Account sections' })).toContainElement(contact);
    expect([contact, sell, buy].map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);

    screen.getByRole('link', { name: 'Back to Home' }).focus();
    await user.tab();
    expect(contact).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(sell).toHaveFocus();
    expect(sell).toHaveAttribute('aria-selected', 'true');
    expect([contact, sell, buy].map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    expect(await screen.findByRole('tabpanel', { name: /My Sell Requests/ })).toHaveTextContent('Your Item Submissions');
    await user.keyboard('{ArrowRight}');
    expect(buy).toHaveFocus();
    expect(await screen.findByRole('tabpanel', { name: /My Buy Requests/ })).toHaveTextContent('Your Purchase Requests');
    await user.keyboard('{ArrowRight}');
    expect(contact).toHaveFocus();
    expect(contact).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(buy).toHaveFocus();
    await user.keyboard('{Home}');
    expect(contact).toHaveFocus();
    await user.keyboard('{End}');
    expect(buy).toHaveFocus();
    expect(sell).toHaveAttribute('aria-selected', 'false');
  });

  it('first time: the arrows skip the locked tiles', async () => {
    const user = userEvent.setup();
    setup({});
    renderApp('/my-activity?firstTime=true');
    const contact = await screen.findByRole('tab', { name: /My Contact Information/ });
    contact.focus();
    await user.keyboard('{ArrowRight}');
    expect(contact).toHaveFocus();
    await user.keyboard('{End}');
    expect(contact).toHaveFocus();
    expect(contact).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the cached contact at once, before the server answers', async () => {
    const user = userEvent.setup();
    const username = uniqueName('cachey');
    signIn(userWith(username, { ps5Username: 'cachedPs5' }));
    await kvSet(`userContact_${username}`, { contactEmail: null, ps5Username: 'cachedPs5', robloxUsername: null });
    let release: () => void = () => undefined;
    server.use(
      http.get('/api/marketplace/contact/:u', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(userWith(username, { ps5Username: 'serverPs5' }));
      }),
    );
    renderApp('/my-activity');
    await openContact(user);
    await waitFor(() => expect(within(option('PS5 Username')).getByRole('textbox')).toHaveValue('cachedPs5'));
    release();
    await waitFor(() => expect(within(option('PS5 Username')).getByRole('textbox')).toHaveValue('serverPs5'));
    await waitFor(async () =>
      expect(await kvGet(`userContact_${username}`)).toEqual({ contactEmail: null, ps5Username: 'serverPs5', robloxUsername: null }),
    );
  });
});

describe('Contact form validation and saving', () => {
  it('with every option on No, it asks for at least one contact; the banner hides after 4 s', async () => {
    const user = userEvent.setup({ advanceTimers });
    const { bodies } = setup({ contactEmail: 'me@example.com' });
    renderApp('/my-activity');
    await openContact(user);
    await waitFor(() => expect(within(option('Email')).getByRole('radio', { name: 'Yes' })).toBeChecked());
    await user.click(within(option('Email')).getByRole('radio', { name: 'No' }));
    expect(within(option('Email')).queryByRole('textbox')).not.toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      "You must have at least one form of contact. Please select 'Yes' for at least one option.",
    );
    act(() => vi.advanceTimersByTime(3900));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('a Yes left empty names the field (that option); two name both (those options)', async () => {
    const user = userEvent.setup();
    setup({ contactEmail: 'me@example.com' });
    renderApp('/my-activity');
    await openContact(user);
    await waitFor(() => expect(within(option('Email')).getByRole('textbox')).toHaveValue('me@example.com'));
    await user.clear(within(option('Email')).getByRole('textbox'));
    await user.type(within(option('Email')).getByRole('textbox'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address or select "No" for that option.');
    await user.click(within(option('Email')).getByRole('radio', { name: 'No' }));
    await user.click(within(option('PS5 Username')).getByRole('radio', { name: 'Yes' }));
    await user.click(within(option('Roblox Username')).getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter your PS5 username and Roblox username or select "No" for those options.',
    );
  });

  it('when the Roblox username has an emoji, then the form says which characters it takes and sends nothing (issue 52.5)', async () => {
    const user = userEvent.setup();
    const { bodies } = setup({ contactEmail: 'me@example.com' });
    renderApp('/my-activity');
    await openContact(user);
    await user.click(within(option('Roblox Username')).getByRole('radio', { name: 'Yes' }));
    await user.type(within(option('Roblox Username')).getByRole('textbox'), 'Blox🎮Kid');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'A Roblox username has only letters, numbers and underscores (_): no emoji, spaces or other signs.',
    );
    expect(bodies).toEqual([]);
    await user.clear(within(option('Roblox Username')).getByRole('textbox'));
    await user.type(within(option('Roblox Username')).getByRole('textbox'), 'Blox_Kid2');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Contact information updated successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([{ contactEmail: 'me@example.com', ps5Username: null, robloxUsername: 'Blox_Kid2' }]);
  });

  it('values are trimmed, No clears its field, and a normal save closes the form after 1.5 s', async () => {
    const user = userEvent.setup({ advanceTimers });
    const { bodies } = setup({ contactEmail: 'me@example.com', ps5Username: 'old' });
    renderApp('/my-activity');
    await openContact(user);
    await waitFor(() => expect(within(option('PS5 Username')).getByRole('textbox')).toHaveValue('old'));
    await user.click(within(option('PS5 Username')).getByRole('radio', { name: 'No' }));
    await user.clear(within(option('Email')).getByRole('textbox'));
    await user.type(within(option('Email')).getByRole('textbox'), '  new@example.com  ');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Contact information updated successfully!')).toBeInTheDocument();
    expect(bodies).toEqual([{ contactEmail: 'new@example.com', ps5Username: null, robloxUsername: null }]);
    act(() => vi.advanceTimersByTime(1400));
    expect(screen.getByRole('form', { name: 'My Contact Information' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('form', { name: 'My Contact Information' })).not.toBeInTheDocument();
  });

  it('without a stored user it says User session expired. Please log in again.', async () => {
    const user = userEvent.setup();
    setup();
    renderApp('/my-activity');
    await openContact(user);
    localStorage.removeItem('currentUser');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('User session expired. Please log in again.');
  });

  it('shows the server message, else Failed to save contact information, and the network text', async () => {
    const user = userEvent.setup();
    let mode: 'message' | 'bare' | 'network' = 'message';
    setup({ contactEmail: 'me@example.com' }, () => {
      if (mode === 'message') return HttpResponse.json({ message: 'Please enter a valid email address' }, { status: 400 });
      if (mode === 'bare') return new HttpResponse('', { status: 500 });
      return HttpResponse.error();
    });
    renderApp('/my-activity');
    await openContact(user);
    await waitFor(() => expect(within(option('Email')).getByRole('textbox')).toHaveValue('me@example.com'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
    mode = 'bare';
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/Failed to save contact information$/));
    mode = 'network';
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to save contact information. Please try again.'));
  });
});

describe('Password reset validation and messages', () => {
  async function openReset(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: /Reset Password/ }));
    return screen.getByRole('dialog', { name: 'Reset Password' });
  }
  async function fill(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, current: string, next: string, confirm: string) {
    for (const [label, value] of [
      ['Current Password', current],
      ['New Password', next],
      ['Confirm New Password', confirm],
    ] as const) {
      const input = within(dialog).getByLabelText(label);
      await user.clear(input);
      if (value) await user.type(input, value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
  }

  it('validates: Please fill in all fields, New passwords do not match, New password must be at least 8 characters long', async () => {
    const user = userEvent.setup();
    setup();
    renderApp('/my-activity');
    const dialog = await openReset(user);
    await fill(user, dialog, 'oldpass12', 'newpass12', '');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in all fields');
    await fill(user, dialog, 'oldpass12', 'newpass12', 'newpass13');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('New passwords do not match');
    await fill(user, dialog, 'oldpass12', 'short', 'short');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('New password must be at least 8 characters long');
  });

  it('a wrong current password says Current password is incorrect and keeps the user signed in', async () => {
    const user = userEvent.setup();
    const { username } = setup();
    server.use(
      http.put('/api/marketplace/change-password/:u', () =>
        HttpResponse.json({ message: 'Current password is incorrect' }, { status: 401 }),
      ),
    );
    renderApp('/my-activity');
    const dialog = await openReset(user);
    await fill(user, dialog, 'wrongpass', 'newpass12', 'newpass12');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(getCurrentUserName()).toBe(username);
  });

  it('failures: the server message, else Failed to update password; offline, Network error. Please try again.', async () => {
    const user = userEvent.setup();
    let mode: 'message' | 'bare' | 'network' = 'message';
    setup();
    server.use(
      http.put('/api/marketplace/change-password/:u', () => {
        if (mode === 'message') return HttpResponse.json({ message: 'Too many attempts, try again in a minute' }, { status: 429 });
        if (mode === 'bare') return new HttpResponse('', { status: 500 });
        return HttpResponse.error();
      }),
    );
    renderApp('/my-activity');
    const dialog = await openReset(user);
    await fill(user, dialog, 'oldpass12', 'newpass12', 'newpass12');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many attempts, try again in a minute');
    mode = 'bare';
    await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/Failed to update password$/));
    mode = 'network';
    await user.click(within(dialog).getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Network error. Please try again.'));
  });

  it('success says Password updated successfully! and closes after 2 s', async () => {
    const user = userEvent.setup({ advanceTimers });
    let body: unknown;
    setup();
    server.use(
      http.put('/api/marketplace/change-password/:u', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    renderApp('/my-activity');
    const dialog = await openReset(user);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await fill(user, dialog, 'oldpass12', 'newpass12', 'newpass12');
    expect(await within(dialog).findByText('Password updated successfully!')).toBeInTheDocument();
    expect(body).toEqual({ currentPassword: 'oldpass12', newPassword: 'newpass12' });
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('dialog', { name: 'Reset Password' })).not.toBeInTheDocument();
  });
});

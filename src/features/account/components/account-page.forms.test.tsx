import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { getCurrentUserName } from '@/lib/current-user';
import { advanceTimers, openContact, option, setupAccountPage } from './account-page-steps';

vi.mock('@/lib/socket', () => ({ subscribeSocket: () => () => undefined, SOCKET_RECONNECT_MS: 1000 }));
const { server, setup } = setupAccountPage();

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

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signIn } from '@/test/render-app';
import { getUserData } from '@/lib/current-user';
import { kvGet, kvSet } from '@/lib/db';
import { advanceTimers, openContact, option, uniqueName, setupAccountPage, userWith, type Contact } from './account-page-steps';

vi.mock('@/lib/socket', () => ({ subscribeSocket: () => () => undefined, SOCKET_RECONNECT_MS: 1000 }));
const { server, setup } = setupAccountPage();

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

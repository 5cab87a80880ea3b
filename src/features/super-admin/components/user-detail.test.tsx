import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { SystemStats } from '@/domain/schemas/users';
import { createQueryClient } from '@/lib/query-client';
import { statsQueryOptions } from '../api/stats';
import { usersQueryOptions } from '../api/users';
import { balance, fake, openBob, page, renderSettings, stats, user, setupUserDetailServer } from './user-detail-steps';

vi.mock('@/lib/socket', () => import('./user-detail-socket').then((socket) => socket.socketModule));
const server = setupUserDetailServer();

describe("A user's page (Super Admin Settings)", () => {
  it('when the super admin opens bob from the list, then his role, sign-ins, requests, sales and credit show, and Back returns to the list', async () => {
    const events = await openBob();
    const bob = page();
    expect(bob.getByRole('heading', { name: 'bob' })).toBeInTheDocument();
    expect(bob.getByText('Player')).toBeInTheDocument();
    expect(bob.getByTestId('last-sign-in')).toHaveTextContent('Nov 20, 2026');
    expect(bob.getByRole('button', { name: 'Reset link for bob' })).toBeInTheDocument();
    const requests = within(bob.getByRole('list', { name: 'Their purchase requests' }));
    expect(requests.getByText('2 × Glock, 1 × $12,000 Cash')).toBeInTheDocument();
    expect(requests.getByText(/\$6\.99/)).toBeInTheDocument();
    const sales = within(bob.getByRole('list', { name: 'Their sales' }));
    expect(sales.getByText('1 × AK-47')).toBeInTheDocument();
    expect(sales.getByText(/Payout \$2\.70/)).toBeInTheDocument();
    await waitFor(() => expect(balance()).toHaveTextContent('$1.75'));

    await events.click(bob.getByRole('button', { name: '← All users' }));
    expect(await screen.findByRole('button', { name: 'Open carla' })).toBeVisible();
    expect(screen.queryByText('Last sign-in')).not.toBeInTheDocument();
  });

  it('when bob lost his phone, then his page says what second factor he has, and removing it asks first, then says it is done', async () => {
    fake.factors = { totp: true, passkeys: 2 };
    const events = await openBob();
    const bob = page();
    await waitFor(() => expect(bob.getByTestId('second-factor')).toHaveTextContent('Authenticator app and 2 passkeys'));

    await events.click(bob.getByRole('button', { name: 'Remove second factor of bob' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Second Factor' });
    expect(confirm).toHaveTextContent('Remove bob’s authenticator app and 2 passkeys? They are signed out on every device');
    // Cancel sends nothing.
    await events.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fake.factorRemovals).toEqual([]);

    await events.click(bob.getByRole('button', { name: 'Remove second factor of bob' }));
    await events.click(
      within(await screen.findByRole('alertdialog', { name: 'Remove Second Factor' })).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('bob is signed out and sets up a new one at the next sign-in')).toBeInTheDocument();
    expect(fake.factorRemovals).toEqual(['bob']);
    await waitFor(() => expect(bob.getByTestId('second-factor')).toHaveTextContent('None set up'));
    // Nothing left to remove: no button.
    expect(bob.queryByRole('button', { name: 'Remove second factor of bob' })).not.toBeInTheDocument();
  });

  it('when the network is cut, then removing the second factor says so and nothing changes', async () => {
    fake.factors = { totp: true, passkeys: 0 };
    const events = await openBob();
    const bob = page();
    await waitFor(() => expect(bob.getByTestId('second-factor')).toHaveTextContent('Authenticator app'));
    server.use(http.delete('/api/admin/marketplace-users/:username/second-factor', () => HttpResponse.error()));
    await events.click(bob.getByRole('button', { name: 'Remove second factor of bob' }));
    await events.click(
      within(await screen.findByRole('alertdialog', { name: 'Remove Second Factor' })).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('You are offline. Connect to remove the second factor; nothing was changed.')).toBeInTheDocument();
    expect(bob.getByTestId('second-factor')).toHaveTextContent('Authenticator app');
  });
});

describe('Counts from the first paint', () => {
  it('when an older copy of the users and statistics is in the cache, then they are never shown: the first counts painted are the current ones', async () => {
    const queryClient = createQueryClient();
    // Prefetched a minute ago at home: 3 users. Since then 40 signed up.
    const minuteAgo = Date.now() - 60_000;
    queryClient.setQueryData(usersQueryOptions().queryKey, fake.users, { updatedAt: minuteAgo });
    // The cache holds what was read from the API: its money in cents.
    queryClient.setQueryData(statsQueryOptions().queryKey, SystemStats.parse(stats(3)), { updatedAt: minuteAgo });
    fake.users = [...fake.users, ...Array.from({ length: 40 }, (_, i) => user(`player${String(i).padStart(2, '0')}`, { id: 10 + i }))];
    fake.totalUsers = 43;
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const tile = screen.queryByText('Total Users')?.previousSibling?.textContent;
      if (tile) seen.push(tile);
      const pages = screen.queryByRole('navigation', { name: 'User pages' })?.textContent;
      if (pages) seen.push(pages);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderSettings(queryClient);
    const tile = async () => (await screen.findByText('Total Users')).previousSibling;
    await waitFor(async () => expect(await tile()).toHaveTextContent('43'));
    expect(screen.getByRole('navigation', { name: 'User pages' })).toHaveTextContent('1–20 of 43');
    observer.disconnect();
    expect(seen).not.toContain('3');
    expect(seen.some((text) => text === '43')).toBe(true);
  });
});

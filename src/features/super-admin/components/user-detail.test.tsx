import { act, screen, waitFor, within } from '@testing-library/react';
import { asCents } from '@/domain/money';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { SystemStats } from '@/domain/schemas/users';
import { createQueryClient } from '@/lib/query-client';
import { statsQueryOptions } from '../api/stats';
import { usersQueryOptions } from '../api/users';
import { socketHandlers } from './user-detail-socket';
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

  it('when the super admin gives $5 with a reason, then one adjustment is sent with an Idempotency-Key and the new balance and entry show', async () => {
    const events = await openBob();
    const form = within(page().getByRole('form', { name: 'Adjust store credit' }));
    await events.type(form.getByLabelText('Amount (USD)'), '5');
    await events.type(form.getByLabelText('Reason (the player sees it)'), 'Sorry for the wait');
    await events.click(form.getByRole('button', { name: 'Give $5.00' }));

    expect(await form.findByText('Gave $5.00. Balance now $6.75.')).toBeInTheDocument();
    expect(fake.adjustments).toHaveLength(1);
    expect(fake.adjustments[0].body).toEqual({ amount: 5, reason: 'Sorry for the wait' });
    expect(fake.adjustments[0].key).toMatch(/.{8,}/);
    await waitFor(() => expect(balance()).toHaveTextContent('$6.75'));
    expect(within(page().getByRole('list', { name: 'Store credit entries' })).getByText('Adjusted by the store')).toBeInTheDocument();
    expect(form.getByLabelText('Amount (USD)')).toHaveValue('');
  });

  it('when the reason is too short or more is taken back than bob holds, then the form says so and sends nothing', async () => {
    const events = await openBob();
    await waitFor(() => expect(balance()).toHaveTextContent('$1.75'));
    const form = within(page().getByRole('form', { name: 'Adjust store credit' }));
    await events.type(form.getByLabelText('Amount (USD)'), '1');
    await events.type(form.getByLabelText('Reason (the player sees it)'), 'no');
    await events.click(form.getByRole('button', { name: 'Give $1.00' }));
    expect(form.getByText('Say why the credit is adjusted (at least 3 characters)')).toBeInTheDocument();

    await events.click(form.getByRole('button', { name: 'Take back' }));
    await events.clear(form.getByLabelText('Amount (USD)'));
    await events.type(form.getByLabelText('Amount (USD)'), '2');
    await events.type(form.getByLabelText('Reason (the player sees it)'), 't enough');
    await events.click(form.getByRole('button', { name: 'Take back $2.00' }));
    expect(form.getByText('bob holds $1.75: take back at most that much')).toBeInTheDocument();

    await events.clear(form.getByLabelText('Amount (USD)'));
    await events.type(form.getByLabelText('Amount (USD)'), 'five');
    await events.click(form.getByRole('button', { name: 'Take back credit' }));
    expect(form.getByText('Enter the amount in USD, for example 5 or 2.50')).toBeInTheDocument();
    expect(fake.adjustments).toHaveLength(0);
  });

  it('when the server refuses (the balance changed meanwhile), then its message shows and what was typed stays', async () => {
    fake.refuseWith = {
      status: 409,
      message: 'bob holds $0.00 in store credit: an adjustment cannot take the balance below zero, so take at most $0.00.',
    };
    const events = await openBob();
    const form = within(page().getByRole('form', { name: 'Adjust store credit' }));
    await events.click(form.getByRole('button', { name: 'Take back' }));
    await events.type(form.getByLabelText('Amount (USD)'), '1');
    await events.type(form.getByLabelText('Reason (the player sees it)'), 'Given twice');
    await events.click(form.getByRole('button', { name: 'Take back $1.00' }));
    expect(await form.findByRole('alert')).toHaveTextContent('so take at most $0.00.');
    expect(form.getByLabelText('Reason (the player sees it)')).toHaveValue('Given twice');
  });

  it('when a CREDIT_UPDATE for bob arrives over the socket, then his balance on the page changes at once', async () => {
    await openBob();
    await waitFor(() => expect(balance()).toHaveTextContent('$1.75'));
    fake.account = { ...fake.account, balance: 0 };
    act(() => socketHandlers.forEach((handler) => handler({ type: 'CREDIT_UPDATE', payload: { username: 'bob', balance: asCents(0) } })));
    await waitFor(() => expect(balance()).toHaveTextContent('$0.00'));
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

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dispute, fake, renderSettings, row, setupSettingsServer, stats, user } from './super-admin-settings-steps';

const server = setupSettingsServer();

describe('Super Admin Settings', () => {
  it('lists the users with the Super Admin badge and User / Admin labels; the super admin has no actions', async () => {
    renderSettings();
    expect(await screen.findByRole('listitem', { name: 'admin' })).toBeInTheDocument();
    expect(row('admin').getByText('Super Admin')).toBeInTheDocument();
    expect(row('admin').queryByRole('button')).not.toBeInTheDocument();
    expect(row('bob').getByText('User')).toBeInTheDocument();
    expect(row('bob').queryByText('Admin')).not.toBeInTheDocument();
    expect(row('carla').getByText('User')).toBeInTheDocument();
    expect(row('carla').getByText('Admin')).toBeInTheDocument();
  });

  it('shows the system statistics', async () => {
    renderSettings();
    const tile = async (label: string) => (await screen.findByText(label)).previousSibling;
    expect(await tile('Total Users')).toHaveTextContent('3');
    expect(await tile('Admins + Super Admin')).toHaveTextContent('2');
    expect(await tile('Purchase Requests')).toHaveTextContent('7');
    expect(await tile('Item Submissions')).toHaveTextContent('5');
    expect(screen.getByText('2 pending · 1 approved · 1 completed · 3 rejected')).toBeInTheDocument();
    expect(screen.getByText('1 pending · 2 scheduled · 2 rejected')).toBeInTheDocument();
  });

  it('the statistics add promises kept on time, credits granted and credit outstanding', async () => {
    renderSettings();
    const tile = async (label: string) => (await screen.findByText(label)).previousSibling;
    expect(await tile('Promises kept on time')).toHaveTextContent('80%');
    expect(await tile('Credits granted')).toHaveTextContent('$2.25');
    expect(await tile('Credit outstanding')).toHaveTextContent('$1.13');
  });

  it('before any promise came due, promises kept reads a dash and says why', async () => {
    server.use(
      http.get('/api/admin/stats', () =>
        HttpResponse.json({ ...stats, promisesKeptPercent: null, creditsGranted: 0, creditOutstanding: 0 }),
      ),
    );
    renderSettings();
    const tile = async (label: string) => (await screen.findByText(label)).previousSibling;
    expect(await tile('Promises kept on time')).toHaveTextContent('—');
    expect(screen.getByText('No promised time has come due yet')).toBeInTheDocument();
    expect(await tile('Credits granted')).toHaveTextContent('$0.00');
  });

  it('promoting and demoting ask first, then toast Success with the spec texts', async () => {
    const ui = renderSettings();
    await ui.click(await screen.findByRole('button', { name: 'Make Admin' }));
    const ask = within(screen.getByRole('alertdialog', { name: 'Make Admin' }));
    expect(ask.getByText(/Make bob an admin\?/)).toBeInTheDocument();
    await ui.click(ask.getByRole('button', { name: 'Cancel' }));
    expect(fake.calls).toEqual([]);
    await ui.click(screen.getByRole('button', { name: 'Make Admin' }));
    await ui.click(within(screen.getByRole('alertdialog', { name: 'Make Admin' })).getByRole('button', { name: 'Make admin' }));
    await waitFor(() =>
      expect(fake.calls).toEqual([{ method: 'POST', path: '/api/admin/marketplace-users/bob/admin-status', body: { isAdmin: true } }]),
    );
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Success');
    expect(toast).toHaveTextContent('bob promoted to admin');
    await waitFor(() => expect(row('bob').getByText('Admin')).toBeInTheDocument());
    await ui.click(row('carla').getByRole('button', { name: 'Remove Admin' }));
    await ui.click(within(screen.getByRole('alertdialog', { name: 'Remove Admin' })).getByRole('button', { name: 'Remove admin rights' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('carla removed from admin'));
    expect(fake.calls[1]).toEqual({ method: 'POST', path: '/api/admin/marketplace-users/carla/admin-status', body: { isAdmin: false } });
  });

  it('deleting asks first; Cancel keeps the user, Delete removes it with a Success toast', async () => {
    const ui = renderSettings();
    await ui.click(await screen.findByRole('button', { name: 'Delete bob' }));
    const confirm = within(screen.getByRole('alertdialog', { name: 'Delete User' }));
    expect(confirm.getByText(/Are you sure you want to delete bob\?/)).toBeInTheDocument();
    // What the account holds, read before deciding (issue 29.1).
    const facts = within(await confirm.findByRole('list', { name: 'What this account holds' }));
    expect(facts.getByText(/Store credit:/)).toHaveTextContent(
      'Store credit: $12.50 (kept with the deleted account, never passed to a new one)',
    );
    expect(facts.getByText('Open purchase requests: 1')).toBeInTheDocument();
    expect(facts.getByText('Open sell submissions: 2')).toBeInTheDocument();
    expect(facts.getByText('1 promised time ends with the account')).toBeInTheDocument();
    await ui.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(fake.calls).toEqual([]);
    await ui.click(screen.getByRole('button', { name: 'Delete bob' }));
    await ui.click(within(screen.getByRole('alertdialog', { name: 'Delete User' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('User bob has been deleted'));
    expect(screen.getByRole('status')).toHaveTextContent('Success');
    expect(fake.calls).toEqual([{ method: 'DELETE', path: '/api/admin/marketplace-users/bob', body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'bob' })).not.toBeInTheDocument());
  });

  it('a refused change toasts a destructive Error with {status}: {statusText}', async () => {
    server.use(
      http.post('/api/admin/marketplace-users/:username/admin-status', () =>
        HttpResponse.json({ message: 'no' }, { status: 403, statusText: 'Forbidden' }),
      ),
    );
    const ui = renderSettings();
    await ui.click(await screen.findByRole('button', { name: 'Make Admin' }));
    await ui.click(within(screen.getByRole('alertdialog', { name: 'Make Admin' })).getByRole('button', { name: 'Make admin' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('403: Forbidden');
  });

  it('with no users, reads No users found', async () => {
    fake.users = [];
    renderSettings();
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('lists disputed no-shows with the reason, who recorded it and what is at stake; Dismiss needs a reason; Uphold sends the decision', async () => {
    fake.disputes = [
      dispute(),
      dispute({
        id: 3,
        status: 'dismissed',
        decidedBy: 'admin',
        decidedAt: '2026-03-02T11:00:00.000Z',
        decisionNote: 'Photo shows nobody',
      }),
    ];
    const user = renderSettings();
    const open = within(await screen.findByRole('article', { name: 'Dispute 4: Pickup #12' }));
    expect(open.getByText('“I was at the spot at 4:30.”')).toBeInTheDocument();
    expect(open.getByText(/carla,/)).toBeInTheDocument();
    expect(open.getByText('$2.50 (25%)')).toBeInTheDocument();
    // The deal's conversation is at hand: a pickup's is its submission's thread.
    expect(within(open.getByTestId('conversation')).getByText('Messages')).toBeInTheDocument();
    expect(open.getByRole('button', { name: 'Dismiss' })).toBeDisabled();
    expect(
      within(screen.getByRole('article', { name: 'Dispute 3: Pickup #12' })).getByText(/Dismissed by admin .*: Photo shows nobody/),
    ).toBeInTheDocument();
    await user.type(open.getByLabelText(/decision’s reason/), 'Log shows the player online');
    // Uphold asks first, saying the amount and to whom (issue 47.6); Cancel sends nothing.
    await user.click(open.getByRole('button', { name: 'Uphold — credit $2.50' }));
    let ask = await screen.findByRole('alertdialog', { name: 'Uphold this dispute?' });
    expect(ask).toHaveTextContent(/gets \$2\.50 of store credit for the no-show on pickup #12/);
    expect(ask).toHaveTextContent(dispute().username);
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Uphold this dispute?' })).not.toBeInTheDocument());
    expect(fake.decisions).toEqual([]);
    await user.click(open.getByRole('button', { name: 'Uphold — credit $2.50' }));
    ask = await screen.findByRole('alertdialog', { name: 'Uphold this dispute?' });
    await user.click(within(ask).getByRole('button', { name: 'Uphold and credit $2.50' }));
    await waitFor(() => expect(fake.decisions).toEqual([{ id: 4, decision: 'uphold', body: { note: 'Log shows the player online' } }]));
  });
});

describe('Super Admin Settings: the business', () => {
  it('when there are more than 20 users, then they come a page at a time, and search finds by name or email', async () => {
    fake.users = Array.from({ length: 45 }, (_, i) => user(`player${String(i).padStart(2, '0')}`, { id: 10 + i }));
    const ui = renderSettings();
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem')).toHaveLength(5);
    await ui.type(screen.getByRole('searchbox'), 'player07@');
    expect(
      within(screen.getByRole('list', { name: 'Users' }))
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['player07']);
  });

  it('when the Dashboard is opened, then it shows the money of the chosen period and every count', async () => {
    const money = (requested: number) => ({ requested, completed: 6.99, paidOut: 4.5, creditsGranted: 0.75, promisesKeptPercent: 50 });
    server.use(
      http.get('/api/admin/dashboard', () =>
        HttpResponse.json({
          generatedAt: '2026-03-14T16:00:00.000Z',
          timeZone: 'America/New_York',
          counts: {
            users: 43,
            admins: 3,
            purchaseRequests: { total: 9, pending: 2, approved: 1, rejected: 1, completed: 4, cancelled: 1 },
            submissions: { total: 6, pending: 1, rejected: 1, scheduled: 3, cancelled: 1 },
            pickups: { total: 3, scheduled: 1, collected: 1, paid: 1 },
          },
          money: { today: money(20.97), week: money(41.94), month: money(100) },
          creditOutstanding: 1.13,
          daily: [{ day: '2026-03-14', requests: 3, completions: 1, kept: 1, missed: 1, keptPercent: 50 }],
          topItems: [{ name: 'Glock', quantity: 6 }],
          topItemsBy: {
            week: { byQuantity: [{ name: 'Glock', quantity: 6, revenue: 12 }], byRevenue: [{ name: 'Glock', quantity: 6, revenue: 12 }] },
            month: { byQuantity: [{ name: 'Glock', quantity: 6, revenue: 12 }], byRevenue: [{ name: 'Glock', quantity: 6, revenue: 12 }] },
          },
        }),
      ),
    );
    const ui = renderSettings();
    await ui.click(await screen.findByRole('button', { name: 'Dashboard' }));
    const figures = await screen.findByTestId('money');
    expect(within(figures).getByRole('listitem', { name: 'Requested' })).toHaveTextContent('$20.97');
    expect(within(figures).getByRole('listitem', { name: 'Paid out to sellers' })).toHaveTextContent('$4.50');
    expect(within(figures).getByRole('listitem', { name: 'Credit outstanding' })).toHaveTextContent('$1.13');
    await ui.click(within(screen.getByRole('group', { name: 'Period' })).getByRole('button', { name: '7 days' }));
    expect(within(figures).getByRole('listitem', { name: 'Requested' })).toHaveTextContent('$41.94');
    const counts = screen.getByTestId('counts');
    expect(within(counts).getByRole('listitem', { name: 'Users' })).toHaveTextContent('43');
    expect(within(counts).getByRole('listitem', { name: 'Submissions' })).toHaveTextContent('1 cancelled');
    expect(within(counts).getByRole('listitem', { name: 'Pickups' })).toHaveTextContent('1 collected · 1 paid');
    expect(within(screen.getByRole('list', { name: 'Top items' })).getByText('Glock')).toBeInTheDocument();
    // The charts' lazy chunk loads within the test, given the days.
    const chart = await screen.findByTestId('dashboard-chart');
    expect(chart).toHaveAccessibleName('Requests and completions per day, last 1 day');
    // Drawn by an effect once its box is on screen.
    await waitFor(() => expect(chart).toHaveAttribute('data-points', '1'));
  });
});

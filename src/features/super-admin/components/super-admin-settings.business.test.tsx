import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fake, renderSettings, setupSettingsServer, user } from './super-admin-settings-steps';

const server = setupSettingsServer();

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
    expect(await screen.findByTestId('dashboard-chart')).toHaveAccessibleName('dashboard-chart, 1 points');
  });
});

import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMswServer } from '@/test/msw';
import { AppProviders } from '@/test/providers';
import { DashboardPanel } from './dashboard-panel';

const server = setupMswServer();

const money = (over: { creditsGranted?: number; promisesKeptPercent?: number | null } = {}) => ({
  requested: 20,
  completed: 6.99,
  paidOut: 4.5,
  creditsGranted: 0,
  promisesKeptPercent: 50,
  ...over,
});
const top = { byQuantity: [{ name: 'Glock', quantity: 6, revenue: 12 }], byRevenue: [{ name: 'Glock', quantity: 6, revenue: 12 }] };
const days = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-03-${String(i + 1).padStart(2, '0')}`,
  requests: 1,
  completions: 0,
  kept: 0,
  missed: 0,
  keptPercent: null,
}));

function answer(today: ReturnType<typeof money>) {
  server.use(
    http.get('/api/admin/dashboard', () =>
      HttpResponse.json({
        generatedAt: '2026-03-30T16:00:00.000Z',
        timeZone: 'America/New_York',
        counts: {
          users: 4,
          admins: 1,
          purchaseRequests: { total: 0, pending: 0, approved: 0, rejected: 0, completed: 0, cancelled: 0 },
          submissions: { total: 0, pending: 0, rejected: 0, scheduled: 0, cancelled: 0 },
          pickups: { total: 0, scheduled: 0, collected: 0, paid: 0 },
        },
        money: { today, week: money(), month: money({ promisesKeptPercent: 75 }) },
        creditOutstanding: 0,
        daily: days,
        topItems: [],
        topItemsBy: { week: top, month: top },
      }),
    ),
  );
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DashboardPanel />
    </AppProviders>,
  );
}

describe('DashboardPanel (issue 52.5)', () => {
  // One render for the file: a second one loaded the real chart module in a busy run (the mock of a lazy import).
  it('when it opens, then one toggle chooses the period of the figures and the charts, and Promises kept with none closed says so in words', async () => {
    answer(money({ creditsGranted: 2.5, promisesKeptPercent: null }));
    const user = userEvent.setup();
    const figures = await screen.findByTestId('money');
    const tile = within(within(figures).getByRole('listitem', { name: 'Promises kept' }));
    expect(tile.queryByText('—')).toBeNull();
    expect(tile.getByText('None closed')).toBeInTheDocument();
    expect(tile.getByText('No promise closed in this period; the credit granted is for upheld no-show disputes')).toBeInTheDocument();

    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(screen.queryByRole('group', { name: 'Chart range' })).toBeNull();
    expect(screen.getByText(/Requests and completions per day \(7 days/)).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Period' })).getByRole('button', { name: '30 days' }));
    expect(within(figures).getByRole('listitem', { name: 'Promises kept' })).toHaveTextContent('75%');
    expect(screen.getByText(/Requests and completions per day \(30 days/)).toBeInTheDocument();
    const chart = await screen.findByTestId('dashboard-chart');
    expect(chart).toHaveAccessibleName('Requests and completions per day, last 30 days');
    // Drawn by an effect once its box is on screen.
    await waitFor(() => expect(chart).toHaveAttribute('data-points', '30'));
  });
});

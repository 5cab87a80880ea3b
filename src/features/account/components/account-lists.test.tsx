import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import type { ScheduledPickupJson as ScheduledPickup } from '@/domain/schemas/pickups';
import type { UserSellRequest } from '@/domain/schemas/submissions';
import { scheduledPickup as pickup, sellRequest as sell, setupPlayerScreens } from './account-request-steps';
import type { OutboxView } from '@/lib/outbox/outbox-items';
import { openRequestCards, requestRows } from '@/test/request-rows';
import { emptyQueued, queued } from './account-outbox-mock';

vi.mock('@/lib/socket', () => import('./account-outbox-mock').then((mock) => mock.socketModule));
vi.mock('@/lib/outbox/outbox-items', () => import('./account-outbox-mock').then((mock) => mock.outboxItemsModule));
vi.mock('@/lib/outbox/outbox', () => import('./account-outbox-mock').then((mock) => mock.outboxModule));
afterEach(emptyQueued);
const { server, signInPlayer: signInWithContact } = setupPlayerScreens('lister');

function serveSell(requests: UserSellRequest[], pickups: ScheduledPickup[]) {
  const calls = { requests: 0, pickups: 0 };
  server.use(
    http.get('/api/user-sell-requests/:u', () => {
      calls.requests += 1;
      return HttpResponse.json(requests);
    }),
    http.get('/api/scheduled-pickups', () => {
      calls.pickups += 1;
      return HttpResponse.json(pickups);
    }),
  );
  return calls;
}

// The compact rows (issue 30 item 15); a test reading a card's content opens them first.
const cards = () => requestRows('sell-request');

describe('My Sell Requests', () => {
  const requests = [
    sell(1, { itemName: 'Old pending' }),
    sell(2, { itemName: 'Denied thing', status: 'rejected', category: 'other' }),
    sell(3, { itemName: 'AK-47', quantity: 2 }),
    sell(4, { itemName: 'Collected thing', category: 'farming' }),
    sell(5, { itemName: 'Glock', paymentMethod: 'blockspin' }),
    sell(6, { itemName: 'Approved thing', status: 'approved' }),
    sell(7, { itemName: 'New pending' }),
  ];
  const pickups = [
    pickup(30, {}),
    pickup(40, { completed: true, completedAt: '2026-11-26T15:00:00.000Z', collectedAt: '2026-11-26T15:00:00.000Z' }),
    pickup(50, {
      completed: true,
      collectedAt: '2026-11-26T15:00:00.000Z',
      completedAt: '2026-11-26T15:00:00.000Z',
      paid: true,
      paidAt: '2026-11-27T09:00:00.000Z',
    }),
  ];

  it('fetches only when the sell tab opens, derives statuses and sorts paid, payment pending..., scheduled, approved, pending (newest first), rejected', async () => {
    const user = userEvent.setup();
    signInWithContact();
    const calls = serveSell(requests, pickups);
    renderApp('/my-activity');
    const tab = await screen.findByRole('tab', { name: /My Sell Requests/ }, { timeout: 10_000 });
    expect(calls).toEqual({ requests: 0, pickups: 0 });
    await user.click(tab);
    expect(await screen.findByRole('heading', { name: 'Your Item Submissions' })).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(7));
    expect(calls).toEqual({ requests: 1, pickups: 1 });
    expect(cards().map((card) => card.dataset.status)).toEqual([
      'paid',
      'payment pending...',
      'scheduled',
      'approved',
      'pending',
      'pending',
      'rejected',
    ]);
    expect(cards()[4]).toHaveTextContent('New pending');
    expect(cards()[5]).toHaveTextContent('Old pending');
  });

  it('each card shows image, badge, name, category, quantity, payment, amount, date and its status box', async () => {
    const user = userEvent.setup();
    signInWithContact();
    serveSell(requests, pickups);
    renderApp('/my-activity');
    await user.click(await screen.findByRole('tab', { name: /My Sell Requests/ }, { timeout: 10_000 }));
    await waitFor(() => expect(cards()).toHaveLength(7));
    const [paid, paymentPending, scheduled, approved, , , rejected] = await openRequestCards(user, 'sell-request');

    expect(paid).toHaveTextContent('Transaction Complete');
    expect(paid).toHaveTextContent('Pickup: 11/25/2026 at 3:30 PM');
    expect(paid).toHaveTextContent(/Collected: Nov 26, 2026/);
    expect(paid).toHaveTextContent(/Paid: Nov 27, 2026/);
    expect(paid).toHaveTextContent('Blockspin Cash');
    expect(paid).toHaveTextContent('3,000 Blockspin');

    expect(paymentPending).toHaveTextContent('Awaiting Payment');
    expect(paymentPending).toHaveTextContent('Scheduled pickup: 11/25/2026 at 3:30 PM');
    expect(paymentPending).toHaveTextContent('Farming');

    expect(scheduled).toHaveTextContent('Pickup scheduled: 11/25/2026 at 3:30 PM');
    expect(scheduled).toHaveTextContent('AK-47');
    expect(scheduled).toHaveTextContent('Weapons & Ammo');
    expect(scheduled).toHaveTextContent('USD Cash');
    expect(scheduled).toHaveTextContent('$5.40 USD');
    expect(within(scheduled).getByText('2')).toBeInTheDocument();
    expect(within(scheduled).getByRole('img', { name: 'AK-47' })).toHaveAttribute('src', '/api/images/3-thumb.jpg');
    expect(within(scheduled).getByRole('img', { name: 'AK-47' })).toHaveAttribute('loading', 'lazy');
    expect(scheduled).toHaveTextContent('Nov 3, 2026');

    expect(approved).toHaveTextContent('Your item has been approved and will be scheduled for pickup');

    expect(rejected).toHaveTextContent('Request Denied');
    expect(rejected).toHaveTextContent('Your item submission was not approved');
    expect(rejected).toHaveTextContent('Contact support if you need assistance');
    expect(rejected).toHaveTextContent('Other');
  });

  it('filters All, Pending, Scheduled, Payment Pending, Paid, Rejected; an empty filter says No sell requests found', async () => {
    const user = userEvent.setup();
    signInWithContact();
    serveSell(requests.slice(0, 3), pickups.slice(0, 1));
    renderApp('/my-activity');
    await user.click(await screen.findByRole('tab', { name: /My Sell Requests/ }, { timeout: 10_000 }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    const filters = screen.getByRole('group', { name: 'Filter sell requests' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\d+$/, '')),
    ).toEqual(['All', 'Pending', 'Scheduled', 'Payment Pending', 'Paid', 'Rejected', 'Cancelled']);
    await user.click(within(filters).getByRole('button', { name: /^Pending/ }));
    expect(cards().map((c) => c.dataset.status)).toEqual(['pending']);
    await user.click(within(filters).getByRole('button', { name: /^Scheduled/ }));
    expect(cards().map((c) => c.dataset.status)).toEqual(['scheduled']);
    await user.click(within(filters).getByRole('button', { name: /^Rejected/ }));
    expect(cards().map((c) => c.dataset.status)).toEqual(['rejected']);
    await user.click(within(filters).getByRole('button', { name: /^Paid/ }));
    expect(cards()).toHaveLength(0);
    expect(screen.getByText('No sell requests found')).toBeInTheDocument();
    await user.click(within(filters).getByRole('button', { name: /^Payment Pending/ }));
    expect(screen.getByText('No sell requests found')).toBeInTheDocument();
    await user.click(within(filters).getByRole('button', { name: /^All/ }));
    expect(cards()).toHaveLength(3);
  });

  it('an empty list says No sell requests found; queued outbox items show on top', async () => {
    const user = userEvent.setup();
    signInWithContact();
    serveSell([], []);
    renderApp('/my-activity');
    await user.click(await screen.findByRole('tab', { name: /My Sell Requests/ }, { timeout: 10_000 }));
    expect(await screen.findByText('No sell requests found')).toBeInTheDocument();
  });

  it('queued sells appear as queued cards above the list', async () => {
    const user = userEvent.setup();
    signInWithContact();
    queued.sell = [
      {
        id: 'k1',
        kind: 'sell',
        state: 'queued',
        createdAt: '2026-11-20T10:00:00.000Z',
        title: 'Offline Glock',
        detail: 'weapons',
        payload: {},
      } satisfies OutboxView,
    ];
    serveSell([sell(1, {})], []);
    renderApp('/my-activity');
    await user.click(await screen.findByRole('tab', { name: /My Sell Requests/ }, { timeout: 10_000 }));
    const card = await screen.findByTestId('queued-card');
    expect(card).toHaveTextContent('Offline Glock');
    expect(card).toHaveTextContent('queued');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(card.compareDocumentPosition(cards()[0]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('queued sells are pending to the player: shown and counted under All and Pending only', async () => {
    const user = userEvent.setup();
    signInWithContact();
    queued.sell = [
      {
        id: 'k2',
        kind: 'sell',
        state: 'queued',
        createdAt: '2026-11-20T10:00:00.000Z',
        title: 'Offline Glock',
        detail: 'weapons',
        payload: {},
      } satisfies OutboxView,
    ];
    serveSell([sell(1, {}), sell(2, { status: 'rejected' })], []);
    renderApp('/my-activity');
    await user.click(await screen.findByRole('tab', { name: /My Sell Requests/ }, { timeout: 10_000 }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    const filters = screen.getByRole('group', { name: 'Filter sell requests' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All3', 'Pending2', 'Scheduled0', 'Payment Pending0', 'Paid0', 'Rejected1', 'Cancelled0']);
    expect(screen.getByTestId('queued-card')).toHaveTextContent('Offline Glock');
    await user.click(within(filters).getByRole('button', { name: /^Pending/ }));
    expect(screen.getByTestId('queued-card')).toBeInTheDocument();
    expect(cards().map((c) => c.dataset.status)).toEqual(['pending']);
    for (const name of [/^Scheduled/, /^Payment Pending/, /^Paid/, /^Rejected/]) {
      await user.click(within(filters).getByRole('button', { name }));
      expect(screen.queryByTestId('queued-card')).not.toBeInTheDocument();
    }
    await user.click(within(filters).getByRole('button', { name: /^Scheduled/ }));
    expect(screen.getByText('No sell requests found')).toBeInTheDocument();
  });
});

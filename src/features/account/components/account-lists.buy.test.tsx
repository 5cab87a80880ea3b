import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { purchaseRequest as purchase, setupPlayerScreens } from './account-request-steps';
import type { OutboxView } from '@/lib/outbox/outbox-items';
import { openRequestCards, requestRows } from '@/test/request-rows';
import { emptyQueued, queued } from './account-outbox-mock';

vi.mock('@/lib/socket', () => import('./account-outbox-mock').then((mock) => mock.socketModule));
vi.mock('@/lib/outbox/outbox-items', () => import('./account-outbox-mock').then((mock) => mock.outboxItemsModule));
vi.mock('@/lib/outbox/outbox', () => import('./account-outbox-mock').then((mock) => mock.outboxModule));
afterEach(emptyQueued);
const { server, signInPlayer: signInWithContact } = setupPlayerScreens('lister');

describe('My Buy Requests', () => {
  const purchaseCards = () => requestRows('purchase-request');

  it('shows each request with number, date, status, total, count, email, items and the pickup when approved; chips filter', async () => {
    const user = userEvent.setup();
    signInWithContact();
    server.use(
      http.get('/api/user-purchase-requests/:u', () =>
        HttpResponse.json([
          purchase(12, { status: 'approved', scheduledDate: '11/30/2026', scheduledTime: '2:00 PM', totalPrice: 1234.5 }),
          purchase(11, {}),
          purchase(10, { status: 'completed', items: 'not json' as never }),
          purchase(9, { status: 'completed', items: [] }),
        ]),
      ),
    );
    renderApp('/my-activity');
    await user.click(await screen.findByRole('tab', { name: /My Buy Requests/ }, { timeout: 10_000 }));
    await waitFor(() => expect(purchaseCards()).toHaveLength(4));
    const [approved, pending, badItems, noItems] = await openRequestCards(user, 'purchase-request');
    expect(approved).toHaveTextContent('Request #12');
    expect(approved).toHaveTextContent('Placed Nov 20, 2026');
    expect(approved).toHaveTextContent('approved');
    expect(approved).toHaveTextContent('$1,234.50');
    expect(approved).toHaveTextContent('me@example.com');
    expect(approved).toHaveTextContent('Glock');
    // The quantity with the unit price, then the line's total (issue 30: the unit price read as the line's).
    expect(approved).toHaveTextContent('Weapons · 2 × $2.00');
    expect(within(approved).getByText('$4.00')).toBeInTheDocument();
    expect(approved).toHaveTextContent('Scheduled drop: 11/30/2026 at 2:00 PM');
    expect(pending).not.toHaveTextContent('Scheduled drop');
    expect(badItems).toHaveTextContent('Error loading items');
    expect(noItems).toHaveTextContent('No items found');

    const chips = screen.getByRole('group', { name: 'Filter purchase requests' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\d+$/, '')),
    ).toEqual(['all', 'pending', 'approved', 'completed', 'rejected', 'cancelled']);
    await user.click(within(chips).getByRole('button', { name: /^approved/ }));
    expect(purchaseCards().map((c) => c.dataset.status)).toEqual(['approved']);
    await user.click(within(chips).getByRole('button', { name: /^completed/ }));
    expect(purchaseCards().map((c) => c.dataset.status)).toEqual(['completed', 'completed']);
    await user.click(within(chips).getByRole('button', { name: /^rejected/ }));
    expect(screen.getByText('No rejected purchase requests found.')).toBeInTheDocument();
  });

  it('when the list shows, then each request is a compact row (number, status, total, drop, unread) that opens its full card; Escape closes it and focus returns to the row', async () => {
    const user = userEvent.setup();
    signInWithContact();
    server.use(
      http.get('/api/user-purchase-requests/:u', () =>
        HttpResponse.json([
          purchase(12, { status: 'approved', scheduledDate: '11/30/2026', scheduledTime: '2:00 PM', totalPrice: 1234.5 }),
          purchase(11, {}),
        ]),
      ),
      http.get('/api/conversations/unread', () =>
        HttpResponse.json({ total: 2, threads: [{ subjectType: 'purchase-request', subjectId: 12, count: 2 }] }),
      ),
    );
    renderApp('/my-activity');
    await user.click(await screen.findByRole('tab', { name: /My Buy Requests/ }, { timeout: 10_000 }));
    await waitFor(() => expect(purchaseCards()).toHaveLength(2));
    const [approved, pending] = purchaseCards();
    expect(approved).toHaveTextContent('Request #12');
    expect(approved).toHaveTextContent('approved');
    expect(approved).toHaveTextContent('$1,234.50');
    expect(approved).toHaveTextContent('Drop: 11/30/2026 at 2:00 PM');
    await waitFor(() => expect(within(approved).getByTestId('unread-badge')).toHaveAccessibleName('2 unread messages'));
    expect(pending).toHaveTextContent('Request #11');
    expect(within(pending).queryByTestId('unread-badge')).not.toBeInTheDocument();
    // Compact: none of the full card (email, items, receipt, messages) until the row is opened.
    expect(screen.queryByTestId('purchase-request-card')).not.toBeInTheDocument();
    expect(approved).not.toHaveTextContent('me@example.com');

    await user.click(approved);
    const region = screen.getByRole('region', { name: 'Request #12' });
    const card = within(region).getByTestId('purchase-request-card');
    expect(card).toHaveTextContent('me@example.com');
    expect(card).toHaveTextContent('Scheduled drop: 11/30/2026 at 2:00 PM');
    expect(within(region).getByRole('button', { name: 'Back to the list' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('purchase-request-card')).not.toBeInTheDocument();
    expect(purchaseCards()[0]).toHaveFocus();

    await user.click(purchaseCards()[1]);
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(screen.queryByTestId('purchase-request-card')).not.toBeInTheDocument();
    expect(purchaseCards()[1]).toHaveFocus();
  });

  it("when the account is opened from a message notification's link, then that request's card is open on its Messages, and the address is plain again", async () => {
    signInWithContact();
    let threadReads = 0;
    server.use(
      http.get('/api/user-purchase-requests/:u', () => HttpResponse.json([purchase(12, {}), purchase(11, {})])),
      http.get('/api/conversations/purchase-request/11/messages', () => {
        threadReads++;
        return HttpResponse.json([
          {
            id: 1,
            body: 'Join my server: blockspin-7',
            authorName: 'Admin',
            authorRole: 'admin',
            photoUrl: null,
            thumbnailUrl: null,
            createdAt: '2026-11-26T10:00:00.000Z',
            mine: false,
          },
        ]);
      }),
    );
    const { router } = renderApp('/my-activity?tab=buy&thread=11');
    const region = await screen.findByRole('region', { name: 'Request #11' }, { timeout: 10_000 });
    const messages = within(region).getByTestId('conversation');
    expect(messages).toHaveAttribute('open');
    expect(await within(region).findByText('Join my server: blockspin-7')).toBeInTheDocument();
    expect(threadReads).toBeGreaterThan(0);
    // The other request stays a row; the link is used up.
    expect(purchaseCards().map((row) => [row.dataset.id, row.dataset.testid])).toEqual([
      ['12', 'purchase-request-row'],
      ['11', 'purchase-request-row-open'],
    ]);
    await waitFor(() => expect(router.state.location.href).toBe('/my-activity'));
  });

  it('a 404 shows an empty list: No purchase requests found.', async () => {
    const user = userEvent.setup();
    signInWithContact();
    server.use(http.get('/api/user-purchase-requests/:u', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })));
    renderApp('/my-activity');
    await user.click(await screen.findByRole('tab', { name: /My Buy Requests/ }, { timeout: 10_000 }));
    expect(await screen.findByText('No purchase requests found.')).toBeInTheDocument();
  });

  it('a load failure shows an empty list; queued purchases show as queued', async () => {
    const user = userEvent.setup();
    signInWithContact();
    queued.purchase = [
      {
        id: 'p1',
        kind: 'purchase',
        state: 'failed',
        error: 'Glock is not sold in Weapons',
        createdAt: '2026-11-20T10:00:00.000Z',
        title: 'Glock',
        detail: '2 items · $4.00',
        payload: {},
      } satisfies OutboxView,
    ];
    server.use(http.get('/api/user-purchase-requests/:u', () => HttpResponse.error()));
    renderApp('/my-activity');
    await user.click(await screen.findByRole('tab', { name: /My Buy Requests/ }, { timeout: 10_000 }));
    const card = await screen.findByTestId('queued-card');
    expect(card).toHaveTextContent('Glock is not sold in Weapons');
    expect(card).toHaveTextContent('failed');
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    await user.click(within(card).getByRole('button', { name: 'Discard' }));
    await user.click(within(card).getByRole('button', { name: 'Tap again to discard' }));
    await waitFor(() => expect(queued.discarded).toEqual(['p1']));
    expect(queued.retried).toEqual(['p1']);
    await user.click(within(screen.getByRole('group', { name: 'Filter purchase requests' })).getByRole('button', { name: /^approved/ }));
    expect(screen.getByText('No approved purchase requests found.')).toBeInTheDocument();
  });

  it('queued purchases are pending to the player: shown and counted under all and pending only', async () => {
    const user = userEvent.setup();
    signInWithContact();
    queued.purchase = [
      {
        id: 'p2',
        kind: 'purchase',
        state: 'queued',
        createdAt: '2026-11-20T10:00:00.000Z',
        title: 'Glock',
        detail: '2 items · $4.00',
        payload: {},
      } satisfies OutboxView,
    ];
    server.use(http.get('/api/user-purchase-requests/:u', () => HttpResponse.json([purchase(5, { status: 'completed' })])));
    renderApp('/my-activity');
    await user.click(await screen.findByRole('tab', { name: /My Buy Requests/ }, { timeout: 10_000 }));
    await waitFor(() => expect(purchaseCards()).toHaveLength(1));
    const chips = screen.getByRole('group', { name: 'Filter purchase requests' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['all2', 'pending1', 'approved0', 'completed1', 'rejected0', 'cancelled0']);
    expect(screen.getByTestId('queued-card')).toBeInTheDocument();
    await user.click(within(chips).getByRole('button', { name: /^pending/ }));
    expect(screen.getByTestId('queued-card')).toBeInTheDocument();
    expect(purchaseCards()).toHaveLength(0);
    expect(screen.queryByText('No pending purchase requests found.')).not.toBeInTheDocument();
    for (const name of [/^approved/, /^completed/, /^rejected/]) {
      await user.click(within(chips).getByRole('button', { name }));
      expect(screen.queryByTestId('queued-card')).not.toBeInTheDocument();
    }
  });
});

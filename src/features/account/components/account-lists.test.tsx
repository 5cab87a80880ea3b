import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '@/test/msw';
import { renderApp, signIn } from '@/test/render-app';
import type { ScheduledPickupJson as ScheduledPickup } from '@/domain/schemas/pickups';
import type { PurchaseRequestJson as PurchaseRequest } from '@/domain/schemas/purchases';
import { purchaseRequestJson } from '@/domain/schemas/purchase-request.fixture';
import type { UserSellRequest } from '@/domain/schemas/submissions';
import type { OutboxView } from '@/lib/outbox/outbox-items';
import { openRequestCards, requestRows } from '@/test/request-rows';

const queued = vi.hoisted(() => ({ sell: [] as unknown[], purchase: [] as unknown[], discarded: [] as string[], retried: [] as string[] }));
vi.mock('@/lib/socket', () => ({ subscribeSocket: () => () => undefined, SOCKET_RECONNECT_MS: 1000 }));
vi.mock('@/lib/outbox/outbox-items', () => ({
  useOutboxItems: (kind: 'sell' | 'purchase' | 'message') => (kind === 'message' ? [] : queued[kind]),
}));
vi.mock('@/lib/outbox/outbox', () => ({
  discardOutboxItem: async (id: string) => void queued.discarded.push(id),
  retryOutboxItem: async (id: string) => void queued.retried.push(id),
}));

// Whole-app renders with user-event are slow on a busy machine: allow more than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

const server = setupMswServer();
afterEach(() => {
  queued.sell = [];
  queued.purchase = [];
  queued.discarded = [];
  queued.retried = [];
});

let counter = 0;
function signInWithContact(): string {
  const username = `lister${++counter}`;
  signIn({ username, contactEmail: 'me@example.com' });
  server.use(
    http.get('/api/marketplace/contact/:u', () =>
      HttpResponse.json({
        username,
        contactEmail: 'me@example.com',
        ps5Username: null,
        robloxUsername: null,
        isAdmin: false,
        isSuperAdmin: false,
      }),
    ),
  );
  server.use(
    http.get('/api/marketplace/credit/:u', () => HttpResponse.json({ balance: 0, entries: [] })),
    http.get('/api/history/:subject/:id', () => HttpResponse.json([])),
  );
  return username;
}

const sell = (id: number, patch: Partial<UserSellRequest>): UserSellRequest => ({
  id,
  username: 'u',
  itemName: 'Glock',
  category: 'weapons',
  imageUrl: `/api/images/${id}.jpg`,
  thumbnailUrl: `/api/images/${id}-thumb.jpg`,
  hasMultipleQuantity: false,
  quantity: 1,
  paymentMethod: 'usd',
  status: 'pending',
  submissionId: id * 10,
  createdAt: `2026-11-${String(id).padStart(2, '0')}T10:00:00.000Z`,
  ...patch,
});

const pickup = (submissionId: number, patch: Partial<ScheduledPickup>): ScheduledPickup => ({
  id: submissionId + 1,
  submissionId,
  scheduledDate: '11/25/2026',
  scheduledTime: '3:30 PM',
  isImmediate: false,
  completed: false,
  completedAt: null,
  collectedAt: null,
  paid: false,
  paidAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  promisedAt: null,
  promiseStatus: null,
  agreedPrice: null,
  ...patch,
});

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

const purchase = (id: number, patch: Partial<PurchaseRequest>): PurchaseRequest =>
  purchaseRequestJson({
    id,
    requesterName: 'u',
    items: [{ id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 2 }],
    totalPrice: 4,
    totalItems: 2,
    contactEmail: 'me@example.com',
    createdAt: '2026-11-20T10:00:00.000Z',
    requestedAt: '2026-11-20T10:00:00.000Z',
    amountDue: 0,
    ...patch,
  });

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

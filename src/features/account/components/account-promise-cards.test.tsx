import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signIn } from '@/test/render-app';
import type { ScheduledPickupJson as ScheduledPickup } from '@/domain/schemas/pickups';
import type { PurchaseRequestJson as PurchaseRequest } from '@/domain/schemas/purchases';
import { purchaseRequestJson } from '@/domain/schemas/purchase-request.fixture';
import type { Proposal } from '@/domain/schemas/deals';
import type { UserSellRequest } from '@/domain/schemas/submissions';
import { openRequestCards, requestRows } from '@/test/request-rows';
import { setupMswServer } from '@/test/msw';

vi.mock('@/lib/socket', () => ({ subscribeSocket: () => () => undefined, SOCKET_RECONNECT_MS: 1000 }));
vi.setConfig({ testTimeout: 20_000 });
const server = setupMswServer();

let counter = 0;
function signInPlayer() {
  const username = `promise${++counter}${Date.now().toString(36)}`;
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
    http.get('/api/marketplace/credit/:u', () => HttpResponse.json({ balance: 0, entries: [] })),
    http.get('/api/history/:subject/:id', () => HttpResponse.json([])),
  );
  return username;
}

const purchase = (id: number, patch: Partial<PurchaseRequest>): PurchaseRequest =>
  purchaseRequestJson({
    id,
    requesterName: 'u',
    items: [{ id: 'gun-glock', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 2 }],
    totalPrice: 20,
    totalItems: 2,
    contactEmail: 'me@example.com',
    createdAt: '2026-11-20T10:00:00.000Z',
    requestedAt: '2026-11-20T10:00:00.000Z',
    amountDue: 20,
    ...patch,
  });

const sell = (id: number, patch: Partial<UserSellRequest>): UserSellRequest => ({
  id,
  username: 'u',
  itemName: 'Glock',
  category: 'weapons',
  imageUrl: null,
  thumbnailUrl: null,
  hasMultipleQuantity: false,
  quantity: 1,
  paymentMethod: 'usd',
  status: 'pending',
  submissionId: id * 10,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...patch,
});

const pickup = (submissionId: number, patch: Partial<ScheduledPickup>): ScheduledPickup => ({
  id: submissionId + 1,
  submissionId,
  scheduledDate: '11/25/2030',
  scheduledTime: '3:30 PM',
  isImmediate: false,
  completed: false,
  completedAt: null,
  collectedAt: null,
  paid: false,
  paidAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  promisedAt: null,
  promiseStatus: 'open',
  agreedPrice: null,
  ...patch,
});

const proposal = (patch: Partial<Proposal>): Proposal => ({
  id: 1,
  subjectType: 'purchase-request',
  subjectId: 1,
  scheduledDate: '3/14/2030',
  scheduledTime: '4:30 PM',
  isImmediate: false,
  promisedAt: '2030-03-14T20:30:00.000Z',
  proposedBy: 'Admin',
  proposedByRole: 'admin',
  status: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  ...patch,
});

async function openBuy(requests: PurchaseRequest[]) {
  const user = userEvent.setup();
  server.use(http.get('/api/user-purchase-requests/:u', () => HttpResponse.json(requests)));
  renderApp('/my-activity');
  await user.click(await screen.findByRole('tab', { name: /My Buy Requests/ }, { timeout: 10_000 }));
  await waitFor(() => expect(requestRows('purchase-request')).toHaveLength(requests.length));
  // The list shows compact rows (issue 30 item 15): these tests read the full cards.
  expect(await openRequestCards(user, 'purchase-request')).toHaveLength(requests.length);
  return user;
}

async function openSell(requests: UserSellRequest[], pickups: ScheduledPickup[] = []) {
  const user = userEvent.setup();
  server.use(
    http.get('/api/user-sell-requests/:u', () => HttpResponse.json(requests)),
    http.get('/api/scheduled-pickups', () => HttpResponse.json(pickups)),
  );
  renderApp('/my-activity');
  await user.click(await screen.findByRole('tab', { name: /My Sell Requests/ }, { timeout: 10_000 }));
  await waitFor(() => expect(requestRows('sell-request')).toHaveLength(requests.length));
  expect(await openRequestCards(user, 'sell-request')).toHaveLength(requests.length);
  return user;
}

const card = (testId: string, status: string) => screen.getAllByTestId(testId).find((element) => element.dataset.status === status)!;

describe('My Buy Requests: credit, reasons, promises and cancelling', () => {
  it('a request paid partly with store credit shows the credit applied and the amount due', async () => {
    signInPlayer();
    await openBuy([purchase(1, { creditApplied: 3.75, amountDue: 16.25 }), purchase(2, {})]);
    const [withCredit, without] = screen.getAllByTestId('purchase-request-card');
    expect(withCredit).toHaveTextContent('Store credit−$3.75');
    expect(withCredit).toHaveTextContent('Amount due$16.25');
    expect(without).not.toHaveTextContent('Amount due');
  });

  it('a rejected request shows the reason given; a missed drop says the credit was given', async () => {
    signInPlayer();
    await openBuy([
      purchase(1, { status: 'rejected', rejectionReason: 'Out of stock this week', creditApplied: 2, amountDue: 18 }),
      purchase(2, { status: 'approved', scheduledDate: 'Immediately', isImmediateSchedule: true, promiseStatus: 'missed' }),
    ]);
    const rejected = card('purchase-request-card', 'rejected');
    expect(rejected).toHaveTextContent('Reason: Out of stock this week');
    expect(rejected).toHaveTextContent('The $2.00 of store credit it used is back in your balance.');
    // $20 order → 25% = $5.00.
    expect(card('purchase-request-card', 'approved')).toHaveTextContent(
      'Drop missed its promised time. $5.00 of store credit was added to your balance.',
    );
  });

  it('a pending request can be cancelled after a confirmation; No keeps it; a refusal says why', async () => {
    signInPlayer();
    const cancels: string[] = [];
    let refuse = true;
    server.use(
      http.post('/api/purchase-requests/:id/cancel', ({ params, request }) => {
        cancels.push(`${params.id}:${request.headers.get('Idempotency-Key') ? 'key' : 'no key'}`);
        if (refuse) return HttpResponse.json({ message: 'This request is already approved' }, { status: 409 });
        return HttpResponse.json(purchase(5, { status: 'cancelled' }));
      }),
    );
    const user = await openBuy([purchase(5, {}), purchase(6, { status: 'approved' })]);
    expect(within(card('purchase-request-card', 'approved')).queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
    await user.click(within(card('purchase-request-card', 'pending')).getByRole('button', { name: 'Cancel request' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Cancel this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(cancels).toEqual([]);
    await user.click(within(card('purchase-request-card', 'pending')).getByRole('button', { name: 'Cancel request' }));
    dialog = screen.getByRole('alertdialog', { name: 'Cancel this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This request is already approved');
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Cancel this request?' })).not.toBeInTheDocument());
    expect(cancels).toEqual(['5:key', '5:key']);
  });
});

describe('My Sell Requests: reasons, agreed prices and cancelling', () => {
  it('the Request Denied box shows the reason the admin gave', async () => {
    signInPlayer();
    server.use(
      http.get('/api/history/submission/20', () =>
        HttpResponse.json([
          { from: null, to: 'pending', actorName: 'u', at: '2026-11-20T10:00:00.000Z', note: null, photoUrl: null, thumbnailUrl: null },
          {
            from: 'pending',
            to: 'rejected',
            actorName: 'Admin',
            at: '2026-11-20T11:00:00.000Z',
            note: 'Photo too blurry',
            photoUrl: null,
            thumbnailUrl: null,
          },
        ]),
      ),
    );
    await openSell([sell(2, { status: 'rejected' })]);
    const denied = card('sell-request-card', 'rejected');
    expect(denied).toHaveTextContent('Request Denied');
    await waitFor(() => expect(denied).toHaveTextContent('Reason: Photo too blurry'));
  });

  it('an item without a catalogue price shows the agreed price instead of Price TBD', async () => {
    signInPlayer();
    await openSell([sell(3, { itemName: 'Signed poster', category: 'other', status: 'approved' })], [pickup(30, { agreedPrice: 42.5 })]);
    const scheduled = card('sell-request-card', 'scheduled');
    expect(scheduled).toHaveTextContent('$42.50 USD (agreed)');
    expect(scheduled).not.toHaveTextContent('Price TBD');
  });

  it('a pending sell request can be cancelled after a confirmation', async () => {
    signInPlayer();
    const cancelled: string[] = [];
    server.use(
      http.post('/api/item-submissions/:id/cancel', ({ params }) => {
        cancelled.push(String(params.id));
        return HttpResponse.json({});
      }),
    );
    const user = await openSell([sell(4, {})]);
    await user.click(within(card('sell-request-card', 'pending')).getByRole('button', { name: 'Cancel request' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Cancel this request?' })).getByRole('button', { name: 'Yes, cancel it' }),
    );
    await waitFor(() => expect(cancelled).toEqual(['40']));
  });
});

describe('the promise as the player sees it (issue 28)', () => {
  it('an approved drop reads "Drop promised by … today" with a countdown in the last hour', async () => {
    signInPlayer();
    const promisedAt = new Date(Date.now() + 40 * 60_000 + 20_000).toISOString();
    await openBuy([
      purchase(5, { status: 'approved', scheduledDate: 'Immediately', isImmediateSchedule: true, promisedAt, promiseStatus: 'open' }),
    ]);
    const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(promisedAt));
    const line = within(card('purchase-request-card', 'approved')).getByTestId('promise-line');
    // Crossing midnight would say "tomorrow"; the countdown is what matters then.
    expect(line.textContent).toMatch(new RegExp(`^Drop promised by ${time} (today|tomorrow) · 41 min left$`));
  });

  it('an open promise can be added to the calendar, and names the zone of this device when the store keeps another (issue 50.4)', async () => {
    signInPlayer();
    const promisedAt = new Date(Date.now() + 3 * 3600_000).toISOString();
    const elsewhere = Intl.DateTimeFormat().resolvedOptions().timeZone === 'Pacific/Auckland' ? 'America/New_York' : 'Pacific/Auckland';
    server.use(http.get('/api/store', () => HttpResponse.json({ timeZone: elsewhere })));
    await openBuy([
      purchase(6, { status: 'approved', scheduledDate: '3/14/2030', scheduledTime: '4:30 PM', promisedAt, promiseStatus: 'open' }),
    ]);
    const approved = card('purchase-request-card', 'approved');
    const link = within(approved).getByRole('link', { name: 'Add to calendar' });
    expect(link.getAttribute('href')).toBe('/api/calendar/purchase-request/6.ics');
    expect(link.hasAttribute('download')).toBe(true);
    const zoned = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(
      new Date(promisedAt),
    );
    await waitFor(() => expect(within(approved).getByTestId('promise-line').textContent).toContain(`Drop promised by ${zoned}`));
  });

  it('a proposed time waits at the top of Account and in the card; Accept answers it in one tap', async () => {
    signInPlayer();
    const answers: string[] = [];
    server.use(
      http.get('/api/proposals', () =>
        HttpResponse.json([
          {
            id: 9,
            subjectType: 'purchase-request',
            subjectId: 5,
            scheduledDate: '3/14/2030',
            scheduledTime: '4:30 PM',
            isImmediate: false,
            promisedAt: '2030-03-14T20:30:00.000Z',
            proposedBy: 'Admin',
            proposedByRole: 'admin',
            status: 'open',
            createdAt: '2026-11-20T10:00:00.000Z',
            decidedAt: null,
            decidedBy: null,
          },
        ]),
      ),
      http.post('/api/proposals/:id/:answer', ({ params }) => {
        answers.push(`${params.id}:${params.answer}`);
        return HttpResponse.json({});
      }),
    );
    const user = await openBuy([purchase(5, { status: 'approved', scheduledDate: 'Immediately', isImmediateSchedule: true })]);
    const waiting = within(screen.getByRole('region', { name: 'Proposed times waiting for you' }));
    expect(waiting.getByTestId('proposal')).toHaveTextContent('Request #5: new drop time proposed — 3/14/2030 at 4:30 PM');
    expect(within(card('purchase-request-card', 'approved')).getByTestId('proposal')).toHaveTextContent(
      'Your current promised time stands until you accept.',
    );
    await user.click(waiting.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(answers).toEqual(['9:accept']));
  });

  it('when the store proposed a new time, then the row says so before it is opened (issue 47.6)', async () => {
    signInPlayer();
    server.use(
      http.get('/api/proposals', () =>
        HttpResponse.json([proposal({ id: 9, subjectId: 5, proposedBy: 'Admin', proposedByRole: 'admin' })]),
      ),
      http.get('/api/user-purchase-requests/:u', () =>
        HttpResponse.json([
          purchase(5, { status: 'approved', scheduledDate: 'Immediately', isImmediateSchedule: true }),
          purchase(6, { status: 'approved', scheduledDate: 'Immediately', isImmediateSchedule: true }),
        ]),
      ),
    );
    const user = userEvent.setup();
    renderApp('/my-activity');
    await user.click(await screen.findByRole('tab', { name: /My Buy Requests/ }, { timeout: 10_000 }));
    await waitFor(() => expect(requestRows('purchase-request')).toHaveLength(2));
    const [five, six] = requestRows('purchase-request');
    await waitFor(() => expect(within(five!).getByTestId('row-pending')).toHaveTextContent('New time proposed — open to answer'));
    expect(within(six!).queryByTestId('row-pending')).not.toBeInTheDocument();
  });

  it('when the player asked for another time, then her card says it waits for the store and offers no second ask (issue 47.6)', async () => {
    signInPlayer();
    server.use(
      // What she may answer: nothing; with her side's own (include=own): her proposal.
      http.get('/api/proposals', ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get('include') === 'own'
            ? [proposal({ id: 11, subjectId: 5, proposedBy: 'me', proposedByRole: 'player' })]
            : [],
        ),
      ),
    );
    await openBuy([purchase(5, { status: 'approved', scheduledDate: 'Immediately', isImmediateSchedule: true })]);
    const approved = within(card('purchase-request-card', 'approved'));
    expect(await approved.findByTestId('own-proposal')).toHaveTextContent(
      'You asked for 3/14/2030 at 4:30 PM — waiting for the store’s answer.',
    );
    expect(approved.queryByRole('button', { name: 'Ask for another time' })).not.toBeInTheDocument();
    // Closed again, the row says it too.
    await userEvent.setup().click(screen.getByRole('button', { name: /Back to the list/ }));
    expect(await within(requestRows('purchase-request')[0]!).findByTestId('row-pending')).toHaveTextContent(
      'You asked for another time — waiting for the store',
    );
  });

  it('a no-show on a pickup is told to the player, who can dispute it within 48 hours', async () => {
    signInPlayer();
    const disputes: unknown[] = [];
    server.use(
      http.post('/api/disputes', async ({ request }) => {
        disputes.push(await request.json());
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const closedAt = new Date(Date.now() - 3600_000).toISOString();
    const user = await openSell(
      [sell(1, { status: 'approved' })],
      [pickup(10, { promiseStatus: 'no-show', promisedAt: closedAt, promiseClosedAt: closedAt })],
    );
    const noShow = within(screen.getByTestId('no-show'));
    expect(noShow.getByText(/An admin recorded that you did not come to the pickup/)).toBeInTheDocument();
    await user.click(noShow.getByRole('button', { name: 'Dispute' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Dispute the no-show' }));
    expect(dialog.getByRole('button', { name: 'Send dispute' })).toBeDisabled();
    await user.type(dialog.getByLabelText(/What happened/), 'I was at the spot at 3:30');
    await user.click(dialog.getByRole('button', { name: 'Send dispute' }));
    await waitFor(() => expect(disputes).toEqual([{ subjectType: 'pickup', subjectId: 11, reason: 'I was at the spot at 3:30' }]));
  });

  it('the player asks for another drop time: an admin is asked, the promise stands', async () => {
    signInPlayer();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/proposals', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = await openBuy([purchase(5, { status: 'approved', scheduledDate: 'Immediately', isImmediateSchedule: true })]);
    await user.click(within(card('purchase-request-card', 'approved')).getByRole('button', { name: 'Ask for another time' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ask for another drop time' }));
    expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    const input = dialog.getByLabelText(/The time you would like/);
    await user.type(input, '2030-03-14T16:30');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(sent).toEqual([{ subjectType: 'purchase-request', subjectId: 5, scheduledDate: '3/14/2030', scheduledTime: '4:30 PM' }]),
    );
  });
});

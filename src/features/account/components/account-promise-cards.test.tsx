import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  card,
  promisedPickup as pickup,
  promisedPurchase as purchase,
  promisedSell as sell,
  setupPlayerScreens,
} from './account-request-steps';

vi.mock('@/lib/socket', () => ({ subscribeSocket: () => () => undefined, SOCKET_RECONNECT_MS: 1000 }));
const { server, signInPlayer, openBuy, openSell } = setupPlayerScreens('promise');

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

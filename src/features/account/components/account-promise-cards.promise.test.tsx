import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { requestRows } from '@/test/request-rows';
import {
  card,
  promisedPickup as pickup,
  promisedPurchase as purchase,
  promisedSell as sell,
  proposal,
  setupPlayerScreens,
} from './account-request-steps';

vi.mock('@/lib/socket', () => ({ subscribeSocket: () => () => undefined, SOCKET_RECONNECT_MS: 1000 }));
const { server, signInPlayer, openBuy, openSell } = setupPlayerScreens('promise');

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

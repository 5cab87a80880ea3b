import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { data, serveAdminApi, server } from '../testing/admin-server';
import { PurchaseRequest } from '@/domain/schemas/purchases';
import { makeRequest } from '../testing/fixtures';
import { renderAdminControl } from '../testing/render-admin';
import { emptySchedule, THIS_YEAR } from '../testing/schedule-form';
import { socketHandlers } from '../testing/socket-mock';

// Pending Purchase Requests.
vi.mock('@/lib/socket', () => import('../testing/socket-mock'));
serveAdminApi();

describe('Pending Purchase Requests', () => {
  it('sorts Most recent, Oldest, Price and Total Items Requested, and shows the breakdown', async () => {
    const early = makeRequest({
      createdAt: '2026-03-01T10:00:00.000Z',
      totalPrice: 30,
      totalItems: 1,
      items: [{ id: 'x', name: 'Remington', category: 'Weapons', price: '$18.00', quantity: 1 }],
      requesterName: 'early',
    });
    const late = makeRequest({
      createdAt: '2026-03-03T10:00:00.000Z',
      totalPrice: 2,
      totalItems: 5,
      items: [{ id: 'y', name: 'Regular Soil', category: 'Farming', price: '$0.10', quantity: 5 }],
      requesterName: 'late',
    });
    const mid = makeRequest({
      createdAt: '2026-03-02T10:00:00.000Z',
      totalPrice: 9,
      totalItems: 3,
      requesterName: 'mid',
      items: [{ id: 'g', name: 'Glock', category: 'Weapons', price: '$2.00', quantity: 3 }],
    });
    data.requests = [early, late, mid, makeRequest({ status: 'approved', requesterName: 'done' })];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Pending Purchase Requests/ }));
    const order = () =>
      within(screen.getByRole('list', { name: 'Pending purchase requests' }))
        .getAllByRole('button')
        .map((b) => b.textContent?.split(' · ')[1]?.split('$')[0]);
    await screen.findByRole('list', { name: 'Pending purchase requests' });
    const sorts = within(screen.getByRole('group', { name: 'Sort' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(sorts).toEqual(['Most recent', 'Oldest', 'Price', 'Total Items Requested']);
    expect(order()).toEqual(['late', 'mid', 'early']);
    // The detail's item table shows each line's total (5 × $0.10), labelled as such.
    const detail = within(screen.getByRole('region', { name: `Request #${late.id}` }));
    expect(detail.getByRole('columnheader', { name: 'Line total' })).toBeInTheDocument();
    // The quantity reads with its unit price, "5 × $0.10", beside the line total (issue 30 item 2).
    expect(detail.getByRole('columnheader', { name: 'Quantity × price' })).toBeInTheDocument();
    expect(detail.getByRole('row', { name: /Regular Soil/ })).toHaveTextContent('Regular SoilFarming5 × $0.10$0.50');
    await user.click(screen.getByRole('button', { name: 'Oldest' }));
    expect(order()).toEqual(['early', 'mid', 'late']);
    await user.click(screen.getByRole('button', { name: 'Price' }));
    expect(order()).toEqual(['early', 'mid', 'late']);
    await user.click(screen.getByRole('button', { name: 'Total Items Requested' }));
    expect(order()).toEqual(['late', 'mid', 'early']);
    const summary = within(screen.getByRole('region', { name: 'Total Items Requested' }));
    expect(summary.getByText('Total items').previousSibling).toHaveTextContent('9');
    expect(summary.getByText('Orders').previousSibling).toHaveTextContent('3');
    const weapons = within(summary.getByRole('table', { name: 'Weapons items' }));
    expect(weapons.getByText('Weapons total').parentElement).toHaveTextContent('Weapons total4$24.00');
    expect(within(summary.getByRole('table', { name: 'Farming items' })).getByText('Farming total').parentElement).toHaveTextContent(
      '5$0.50',
    );
    await user.click(summary.getByRole('button', { name: 'All Approved Item Requests' }));
    expect(within(screen.getByRole('dialog', { name: 'All Approved Item Requests' })).getByText(/done/)).toBeInTheDocument();
  });

  it('the All Item Requests grid shows 40 lines and Show more for the rest', async () => {
    data.requests = Array.from({ length: 45 }, (_, index) => makeRequest({ requesterName: `buyer${index}` }));
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Pending Purchase Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'Total Items Requested' }));
    await user.click(screen.getByRole('button', { name: 'All Item Requests' }));
    const dialog = within(screen.getByRole('dialog', { name: 'All Item Requests' }));
    expect(within(dialog.getByRole('list', { name: 'All Item Requests' })).getAllByRole('listitem')).toHaveLength(40);
    await user.click(dialog.getByRole('button', { name: 'Show more (5 more)' }));
    expect(within(dialog.getByRole('list', { name: 'All Item Requests' })).getAllByRole('listitem')).toHaveLength(45);
  });

  it('while loading, reads Loading purchase requests...', async () => {
    server.use(http.get('/api/purchase-requests', () => new Promise(() => {})));
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Pending Purchase Requests/ }));
    expect(screen.getByText('Loading purchase requests...')).toBeInTheDocument();
  });

  it('with only closed requests, reads No purchase requests yet', async () => {
    data.requests = [makeRequest({ status: 'completed' }), makeRequest({ status: 'rejected' })];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Pending Purchase Requests/ }));
    expect(await screen.findByText('No purchase requests yet')).toBeInTheDocument();
  });

  it('when loading fails, then the admin sees the data it had (errors are silently ignored)', async () => {
    data.requests = [makeRequest({ requesterName: 'kept' })];
    const user = userEvent.setup();
    const { queryClient } = renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Pending Purchase Requests/ }));
    await screen.findByRole('button', { name: /kept/ });
    server.use(http.get('/api/purchase-requests', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    await act(() => queryClient.refetchQueries());
    expect(screen.getByRole('button', { name: /kept/ })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Approve opens Confirm Approval: Confirm stays disabled until complete and sends the drop schedule', async () => {
    const request = makeRequest();
    data.requests = [request];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Pending Purchase Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const form = within(screen.getByRole('dialog', { name: 'Confirm Approval' }));
    const confirm = form.getByRole('button', { name: 'Confirm' });
    // It starts at the next half hour, ready to confirm; emptied, Confirm waits for every field.
    expect(confirm).toBeEnabled();
    await emptySchedule(user, form);
    expect(confirm).toBeDisabled();
    await user.type(form.getByLabelText('Month'), '3');
    await user.type(form.getByLabelText('Day'), '7');
    await user.type(form.getByLabelText('Year'), '2019');
    await user.type(form.getByLabelText('Hour'), '4');
    await user.type(form.getByLabelText('Minute'), '5');
    expect(confirm).toBeDisabled();
    expect(form.getByRole('alert')).toHaveTextContent(`The year must be between ${THIS_YEAR} and ${THIS_YEAR + 4}`);
    await user.clear(form.getByLabelText('Year'));
    await user.type(form.getByLabelText('Year'), String(THIS_YEAR));
    await user.clear(form.getByLabelText('Month'));
    await user.type(form.getByLabelText('Month'), '1');
    await user.clear(form.getByLabelText('Day'));
    await user.type(form.getByLabelText('Day'), '1');
    expect(form.getByRole('alert')).toHaveTextContent('That time has already passed');
    expect(confirm).toBeDisabled();
    await user.clear(form.getByLabelText('Day'));
    await user.type(form.getByLabelText('Day'), '30');
    await user.clear(form.getByLabelText('Month'));
    await user.type(form.getByLabelText('Month'), '2');
    await user.clear(form.getByLabelText('Year'));
    await user.type(form.getByLabelText('Year'), '2030');
    expect(form.getByRole('alert')).toHaveTextContent('February 2030 has 28 days');
    expect(form.getByLabelText('Day')).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toBeDisabled();
    await user.clear(form.getByLabelText('Month'));
    await user.type(form.getByLabelText('Month'), '3');
    await user.clear(form.getByLabelText('Day'));
    await user.type(form.getByLabelText('Day'), '7');
    await user.click(form.getByRole('button', { name: 'PM' }));
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() =>
      expect(data.calls).toEqual([
        {
          method: 'PATCH',
          path: `/api/purchase-requests/${request.id}/status`,
          body: {
            status: 'approved',
            expectedStatus: 'pending',
            scheduledDate: '3/7/2030',
            scheduledTime: '4:05 PM',
            isImmediateSchedule: false,
          },
        },
      ]),
    );
    expect(await screen.findByText('No purchase requests yet')).toBeInTheDocument();
  });

  it('Approve Immediately sends Immediately; Reject asks first', { timeout: 60_000 }, async () => {
    const one = makeRequest({ requesterName: 'one' });
    const two = makeRequest({ requesterName: 'two', createdAt: '2026-02-01T00:00:00.000Z' });
    data.requests = [one, two];
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // Deny and Reject wait 10 s for Undo before they are sent (issue 33 item 5).
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Pending Purchase Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const form = within(screen.getByRole('dialog', { name: 'Confirm Approval' }));
    await user.click(form.getByRole('checkbox', { name: 'Immediately' }));
    await user.click(form.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(data.calls[0]?.body).toEqual({
        status: 'approved',
        expectedStatus: 'pending',
        scheduledDate: 'Immediately',
        scheduledTime: '',
        isImmediateSchedule: true,
      }),
    );
    await waitFor(() => expect(screen.getByRole('region', { name: `Request #${two.id}` })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const confirm = within(screen.getByRole('alertdialog', { name: 'Reject Pending Request' }));
    await user.click(confirm.getByRole('button', { name: 'Yes' }));
    await screen.findByText('Sent in 10 seconds. Nothing has been sent yet.');
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await waitFor(() =>
      expect(data.calls[1]).toEqual({
        method: 'PATCH',
        path: `/api/purchase-requests/${two.id}/status`,
        body: { status: 'rejected', expectedStatus: 'pending' },
      }),
    );
  });

  it('when a request arrives over the socket, then it appears without a reload', async () => {
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Pending Purchase Requests/ }));
    expect(await screen.findByText('No purchase requests yet')).toBeInTheDocument();
    const fresh = makeRequest({ requesterName: 'newbie' });
    data.requests = [fresh];
    act(() => socketHandlers.forEach((handler) => handler({ type: 'NEW_PURCHASE_REQUEST', payload: PurchaseRequest.parse(fresh) })));
    expect(await screen.findByRole('region', { name: `Request #${fresh.id}` })).toHaveTextContent('newbie');
  });
});

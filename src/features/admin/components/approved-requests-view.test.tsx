import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { data, serveAdminApi } from '../testing/admin-server';
import { PurchaseRequest } from '@/domain/schemas/purchases';
import { makeRequest } from '../testing/fixtures';
import { renderAdminControl } from '../testing/render-admin';
import { socketHandlers } from '../testing/socket-mock';

// Approved Requests, and Rejected and Completed.
vi.mock('@/lib/socket', () => import('../testing/socket-mock'));
serveAdminApi();

describe('Approved Requests', () => {
  function seed() {
    const soon = makeRequest({
      status: 'approved',
      requesterName: 'soon',
      scheduledDate: '3/5/2026',
      scheduledTime: '9:00 AM',
      createdAt: '2026-03-01T00:00:00.000Z',
    });
    const later = makeRequest({
      status: 'approved',
      requesterName: 'later',
      scheduledDate: '3/5/2026',
      scheduledTime: '2:00 PM',
      createdAt: '2026-03-02T00:00:00.000Z',
    });
    const now = makeRequest({
      status: 'approved',
      requesterName: 'now',
      scheduledDate: 'Immediately',
      scheduledTime: '',
      isImmediateSchedule: true,
      createdAt: '2026-03-03T00:00:00.000Z',
    });
    data.requests = [soon, later, now];
    return { soon, later, now };
  }
  const order = () =>
    within(screen.getByRole('list', { name: 'Approved requests' }))
      .getAllByRole('button')
      .map((b) => b.textContent?.split(' · ')[1]?.split('$')[0]);

  it('the toggles are mutually exclusive and scheduled-only relabels Most recent as Next Up, soonest first', async () => {
    seed();
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Approved Requests/ }));
    await screen.findByRole('list', { name: 'Approved requests' });
    expect(order()).toEqual(['now', 'later', 'soon']);
    const scheduled = screen.getByRole('switch', { name: 'Scheduled only' });
    const immediate = screen.getByRole('switch', { name: 'Immediate drops only' });
    await user.click(scheduled);
    expect(scheduled).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'Next Up' })).toHaveAttribute('aria-pressed', 'true');
    expect(order()).toEqual(['soon', 'later']);
    await user.click(immediate);
    expect(immediate).toHaveAttribute('aria-checked', 'true');
    expect(scheduled).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('button', { name: 'Most recent' })).toBeInTheDocument();
    expect(order()).toEqual(['now']);
    expect(
      within(screen.getByRole('group', { name: 'Sort' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Most recent', 'Oldest', 'Price', 'Total Items Approved']);
  });

  it('shows the empty text of each toggle', async () => {
    data.requests = [makeRequest({ status: 'approved', scheduledDate: 'Immediately', scheduledTime: '', isImmediateSchedule: true })];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Approved Requests/ }));
    await user.click(await screen.findByRole('switch', { name: 'Scheduled only' }));
    expect(screen.getByText('No scheduled requests found')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Immediate drops only' }));
    expect(screen.queryByText('No scheduled requests found')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Approved requests' })).toBeInTheDocument();
    // The same request rescheduled: the socket's copy replaces it in the cached list (no full read).
    data.requests = [makeRequest({ id: data.requests[0].id, status: 'approved', scheduledDate: '3/5/2026', scheduledTime: '9:00 AM' })];
    act(() =>
      socketHandlers.forEach((handler) =>
        handler({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: PurchaseRequest.parse(data.requests[0]) }),
      ),
    );
    expect(await screen.findByText('No immediate drops found')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Immediate drops only' }));
    expect(screen.getByRole('list', { name: 'Approved requests' })).toBeInTheDocument();
  });

  it('Completed confirms Complete Drop then completes; reject × confirms then rejects; Schedule shows the drop', async () => {
    const { soon } = seed();
    data.requests = [soon];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Approved Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'Schedule' }));
    const info = within(screen.getByRole('dialog', { name: 'Scheduled Drop Information' }));
    expect(info.getByText('3/5/2026 at 9:00 AM')).toBeInTheDocument();
    await user.click(info.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'View Items' }));
    expect(within(screen.getByRole('dialog', { name: /Item List/ })).getByText('Glock')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog', { name: /Item List/ })).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: `Reject request #${soon.id}` }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Reject Approved Request' })).getByRole('button', { name: 'No' }));
    expect(data.calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Completed' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Complete Drop' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(data.calls).toEqual([
        { method: 'PUT', path: `/api/purchase-requests/${soon.id}/complete`, body: { expectedStatus: 'approved' } },
      ]),
    );
    expect(await screen.findByText('No Approved Requests')).toBeInTheDocument();
  });
  it('Schedule opens Scheduled Drop Information with the drop date and time, or Immediately', async () => {
    const { soon, now } = seed();
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Approved Requests/ }));
    await user.click(await screen.findByRole('button', { name: new RegExp(`^#${soon.id} `) }));
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    let info = within(screen.getByRole('dialog', { name: 'Scheduled Drop Information' }));
    expect(info.getByRole('region', { name: 'Drop' })).toHaveTextContent('3/5/2026 at 9:00 AM');
    await user.click(info.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: new RegExp(`^#${now.id} `) }));
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    info = within(screen.getByRole('dialog', { name: 'Scheduled Drop Information' }));
    expect(info.getByRole('region', { name: 'Drop' })).toHaveTextContent(
      /^DropImmediatelyThis only shows the schedule. To change the time, use Reschedule.$/,
    );
    expect(info.getByText(`#${now.id}`)).toBeInTheDocument();
    // 'Mark as Completed' asks Complete Drop, then completes.
    await user.click(info.getByRole('button', { name: 'Mark as Completed' }));
    expect(screen.queryByRole('dialog', { name: 'Scheduled Drop Information' })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('alertdialog', { name: 'Complete Drop' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(data.calls).toEqual([
        { method: 'PUT', path: `/api/purchase-requests/${now.id}/complete`, body: { expectedStatus: 'approved' } },
      ]),
    );
  });
});

describe('Rejected and Completed', () => {
  it('shows the grids, the combined view, the order details and the empty texts', async () => {
    const done = makeRequest({ status: 'completed', requesterName: 'finn', completedAt: '2026-03-04T10:00:00.000Z' });
    data.requests = [done];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Step 3.*Rejected/ }));
    expect(await screen.findByText('No Rejected Requests')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rejected & Completed' }));
    expect(screen.getByRole('heading', { name: 'Rejected & Completed', level: 2 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /finn/ }));
    const details = within(screen.getByRole('dialog', { name: 'Confirmed Order Details' }));
    expect(details.getByText('Glock')).toBeInTheDocument();
    await user.click(details.getByRole('button', { name: 'Close' }));
    expect(screen.getByText('No Rejected Requests')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Admin Control' }));
    // The socket's copy of the record replaces the cached one (here the only request, now rejected).
    data.requests = [
      makeRequest({ id: data.requests[0].id, status: 'rejected', requesterName: 'rita', rejectedAt: '2026-03-04T10:00:00.000Z' }),
    ];
    act(() =>
      socketHandlers.forEach((handler) =>
        handler({ type: 'PURCHASE_REQUEST_STATUS_UPDATE', payload: PurchaseRequest.parse(data.requests[0]) }),
      ),
    );
    await user.click(screen.getByRole('button', { name: /Step 3.*Completed/ }));
    expect(await screen.findByText('No Completed Requests')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rejected' }));
    await user.click(await screen.findByRole('button', { name: /rita/ }));
    expect(within(screen.getByRole('dialog', { name: 'Rejected Order Details' })).getByText('Rejected')).toBeInTheDocument();
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import { PurchaseRequest } from '@/domain/schemas/purchases';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { SocketMessage } from '@/domain/socket-messages';
import { data, resetData, server } from '../testing/admin-server';
import { makePickup, makeRequest, makeSubmission } from '../testing/fixtures';
import { AppProviders } from '@/test/providers';
import { startOutbox } from '@/lib/outbox/triggers';
import { renderAdminControl } from '../testing/render-admin';
import { AdminControl } from './admin-control';
import { QUEUED_ADMIN_TITLE } from '@/components/admin-action-feedback';
import { getToasts, subscribeToasts } from '@/components/toast-store';
import { listOutboxRecords } from '@/lib/outbox/store';
import { deleteTestDb } from '@/test/idb';

const socketHandlers = new Set<(message: SocketMessage) => void>();
vi.mock('@/lib/socket', () => ({
  subscribeSocket: (handler: (message: SocketMessage) => void) => {
    socketHandlers.add(handler);
    return () => socketHandlers.delete(handler);
  },
}));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetData());
afterEach(async () => {
  server.resetHandlers();
  vi.useRealTimers();
  await deleteTestDb();
});
afterAll(() => server.close());

describe('Admin Control menu', () => {
  it('shows every Admin Control button and the pending submissions count', async () => {
    data.submissions = [makeSubmission(), makeSubmission(), makeSubmission({ status: 'rejected' })];
    renderAdminControl();
    expect(screen.getByRole('heading', { name: 'Admin Control' })).toBeInTheDocument();
    const submissionsButton = screen.getByRole('button', { name: /User Item Submissions/ });
    await waitFor(() => expect(within(submissionsButton).getByLabelText('2 pending')).toHaveTextContent('2'));
    expect(submissionsButton).toHaveAccessibleName('User Item Submissions 2 pending');
    for (const name of [
      'Scheduled pickups',
      'Collected',
      'Denied',
      'Paid',
      /Step 1.*Pending Purchase Requests/,
      /Step 2.*Approved Requests/,
      /Step 3.*Rejected/,
      /Step 3.*Completed/,
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('every sub-view has the back arrow to Admin Control and the close ×', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAdminControl(onClose);
    const views: Array<[RegExp | string, string]> = [
      [/User Item Submissions/, 'User Item Submissions'],
      ['Scheduled pickups', 'Scheduled Pickups'],
      ['Collected', 'Collected'],
      ['Denied', 'Denied & Paid Submissions'],
      ['Paid', 'Denied & Paid Submissions'],
      [/Pending Purchase Requests/, 'Pending Purchase Requests'],
      [/Approved Requests/, 'Approved Requests'],
      [/Step 3.*Rejected/, 'Rejected Requests'],
      [/Step 3.*Completed/, 'Completed Requests'],
    ];
    for (const [button, title] of views) {
      await user.click(screen.getByRole('button', { name: button }));
      expect(screen.getByRole('heading', { name: title, level: 2 })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Back to Admin Control' }));
      expect(screen.getByRole('heading', { name: 'Admin Control' })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
  it('when reopened after a close, then it shows the cached lists and refreshes them at once (not after the 5 s poll)', async () => {
    data.submissions = [makeSubmission()];
    const { queryClient, unmount } = renderAdminControl();
    await waitFor(() => expect(screen.getByLabelText('1 pending')).toBeInTheDocument());
    unmount();
    // Sent while the panel was closed: no socket was listening.
    data.submissions = [makeSubmission(), makeSubmission(), makeSubmission()];
    render(
      <AppProviders queryClient={queryClient}>
        <AdminControl open onClose={() => {}} />
      </AppProviders>,
    );
    expect(screen.getByLabelText('1 pending')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('3 pending')).toBeInTheDocument(), { timeout: 2000 });
  });
});

describe('User Item Submissions', () => {
  it('while loading, then reads Loading submissions...; with none pending, No submissions yet', async () => {
    data.submissions = [makeSubmission({ status: 'scheduled' })];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    expect(await screen.findByText('No submissions yet')).toBeInTheDocument();
  });

  it('shows the loading text first', async () => {
    server.use(http.get('/api/item-submissions', () => new Promise(() => {})));
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    expect(screen.getByText('Loading submissions...')).toBeInTheDocument();
  });

  it('cards show category label, submitter, No Image and the price read from a Blockspin offer name or the catalogue', async () => {
    data.submissions = [
      makeSubmission({
        ps5Name: '50,000 Blockspin ($0.75 USD)',
        robloxName: 'cash',
        paymentMethod: 'usd',
        quantity: 2,
        submittedBy: 'kim',
      }),
      makeSubmission({ ps5Name: 'Glock', robloxName: 'weapons', paymentMethod: 'blockspin', quantity: 3 }),
      makeSubmission({ ps5Name: 'Old hat', robloxName: 'other', paymentMethod: null }),
      makeSubmission({ ps5Name: 'AK-47', thumbnailUrl: '/api/images/t.jpg', imageUrl: '/api/images/f.jpg' }),
    ];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    const cash = await screen.findByRole('listitem', { name: '50,000 Blockspin ($0.75 USD)' });
    expect(within(cash).getByText('Cash')).toBeInTheDocument();
    expect(within(cash).getByText('kim')).toBeInTheDocument();
    expect(within(cash).getByText('USD Cash: $1.50 USD')).toBeInTheDocument();
    expect(within(cash).getByText('No Image')).toBeInTheDocument();
    const glock = screen.getByRole('listitem', { name: 'Glock' });
    expect(within(glock).getByText('Weapons & Ammo')).toBeInTheDocument();
    // Glock table price $2 × 0.15 × 10000 = 3,000 Blockspin each.
    expect(within(glock).getByText('Blockspin Cash: 9,000 Blockspin')).toBeInTheDocument();
    const hat = screen.getByRole('listitem', { name: 'Old hat' });
    expect(within(hat).getByText('Other')).toBeInTheDocument();
    expect(within(hat).getByText('Not set')).toBeInTheDocument();
    const ak = screen.getByRole('listitem', { name: 'AK-47' });
    expect(within(ak).getByRole('img', { name: 'AK-47' })).toHaveAttribute('src', '/api/images/t.jpg');
    await user.click(within(ak).getByRole('button', { name: 'View full-size photo of AK-47' }));
    const viewer = within(screen.getByRole('dialog', { name: 'AK-47' }));
    expect(viewer.getByRole('img', { name: 'AK-47' })).toHaveAttribute('src', '/api/images/f.jpg');
  });

  it('a short list shows every card, with no Show more (a long one is drawn a window at a time: admin-tools.test)', async () => {
    data.submissions = Array.from({ length: 20 }, (_, index) => makeSubmission({ ps5Name: `Item ${index}` }));
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    const grid = await screen.findByRole('list', { name: 'Pending submissions' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  }, 30_000);

  it('Deny asks Confirm Denial and Yes sends status rejected', { timeout: 60_000 }, async () => {
    const glock = makeSubmission();
    data.submissions = [glock];
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // Deny and Reject wait 10 s for Undo before they are sent (issue 33 item 5).
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { queryClient } = renderAdminControl();
    // The app's outbox triggers: they refresh the lists once the held Deny is confirmed by the server.
    const stopOutbox = startOutbox(queryClient);
    onTestFinished(stopOutbox);
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Confirm Denial' })).getByRole('button', { name: 'Yes' }));
    await screen.findByText('Sent in 10 seconds. Nothing has been sent yet.');
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await waitFor(() =>
      expect(data.calls).toEqual([
        { method: 'PATCH', path: `/api/item-submissions/${glock.id}/status`, body: { status: 'rejected', expectedStatus: 'pending' } },
      ]),
    );
    expect(await screen.findByText('No submissions yet')).toBeInTheDocument();
  });

  it('Contact shows the email, PS5 and Roblox names, or No Contact Information Available', async () => {
    data.submissions = [makeSubmission({ submittedBy: 'kim' }), makeSubmission({ submittedBy: 'ghost', ps5Name: 'Axe' })];
    data.contacts.kim = {
      username: 'kim',
      contactEmail: 'kim@example.com',
      ps5Username: 'kimPS',
      robloxUsername: 'kimRB',
      isAdmin: false,
      isSuperAdmin: false,
    };
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    await user.click(within(await screen.findByRole('listitem', { name: 'Glock' })).getByRole('button', { name: 'Contact' }));
    const contact = within(screen.getByRole('dialog', { name: 'Submission Details & Contact' }));
    expect(await contact.findByText('kim@example.com')).toBeInTheDocument();
    expect(contact.getByText('kimPS')).toBeInTheDocument();
    expect(contact.getByText('kimRB')).toBeInTheDocument();
    await user.click(contact.getByRole('button', { name: 'Close' }));
    await user.click(within(screen.getByRole('listitem', { name: 'Axe' })).getByRole('button', { name: 'Contact' }));
    expect(await screen.findByText('No Contact Information Available')).toBeInTheDocument();
  });
});

/** The scheduling forms start at the next half hour: these tests type every field from empty. */
async function emptySchedule(user: ReturnType<typeof userEvent.setup>, form: ReturnType<typeof within>) {
  for (const label of ['Month', 'Day', 'Year', 'Hour', 'Minute']) await user.clear(form.getByLabelText(label));
}

const THIS_YEAR = new Date().getFullYear();

describe('Schedule Item Collection', () => {
  async function openSchedule() {
    const glock = makeSubmission();
    data.submissions = [glock];
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    await user.click(await screen.findByRole('button', { name: 'Schedule' }));
    const form = within(screen.getByRole('dialog', { name: 'Schedule Item Collection' }));
    await emptySchedule(user, form);
    return { user, form, glock };
  }

  it('when a field is missing, then the Missing Information error shows for 3 s', async () => {
    const { user, form } = await openSchedule();
    await user.type(form.getByLabelText('Month'), '3');
    await user.click(form.getByRole('button', { name: 'Schedule' }));
    expect(form.getByRole('alert')).toHaveTextContent('Missing Information: Please fill in all date and time fields before scheduling');
    act(() => vi.advanceTimersByTime(2900));
    expect(form.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
    expect(data.calls).toEqual([]);
  });

  it('clamps hour and minute, refuses a year before this year, and posts M/D/YYYY and h:mm AM/PM', async () => {
    const { user, form, glock } = await openSchedule();
    await user.type(form.getByLabelText('Month'), '12');
    await user.type(form.getByLabelText('Day'), '31');
    await user.type(form.getByLabelText('Year'), '2023');
    await user.type(form.getByLabelText('Hour'), '15');
    expect(form.getByLabelText('Hour')).toHaveValue('12');
    await user.type(form.getByLabelText('Minute'), '75');
    expect(form.getByLabelText('Minute')).toHaveValue('59');
    await user.click(form.getByRole('button', { name: 'PM' }));
    // The year is refused next to the date, and Schedule cannot be pressed meanwhile.
    expect(form.getByRole('alert')).toHaveTextContent(`The year must be between ${THIS_YEAR} and ${THIS_YEAR + 4}`);
    expect(form.getByLabelText('Year')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByRole('button', { name: 'Schedule' })).toBeDisabled();
    await user.clear(form.getByLabelText('Year'));
    await user.type(form.getByLabelText('Year'), '2030');
    await user.click(form.getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(data.calls).toEqual([
        {
          method: 'POST',
          path: '/api/scheduled-pickups',
          body: {
            expectedStatus: 'pending',
            submissionId: glock.id,
            scheduledDate: '12/31/2030',
            scheduledTime: '12:59 PM',
            isImmediate: false,
          },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schedule Item Collection' })).not.toBeInTheDocument());
    expect(await screen.findByText('No submissions yet')).toBeInTheDocument();
  });

  it('ticking Immediately clears the date and time and schedules Immediately', async () => {
    const { user, form, glock } = await openSchedule();
    await user.type(form.getByLabelText('Month'), '4');
    await user.type(form.getByLabelText('Hour'), '9');
    await user.click(form.getByRole('checkbox', { name: 'Immediately' }));
    expect(form.getByLabelText('Month')).toHaveValue('');
    expect(form.getByLabelText('Hour')).toHaveValue('');
    await user.click(form.getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(data.calls[0]?.body).toEqual({
        expectedStatus: 'pending',
        submissionId: glock.id,
        scheduledDate: 'Immediately',
        scheduledTime: '',
        isImmediate: true,
      }),
    );
  });

  it('when the schedule succeeds, then the pickup and its id are stored and the card and badge hide before the refetch lands', async () => {
    const { user, form, glock } = await openSchedule();
    // From now on the list refetch never answers: only the stored id can hide the card.
    server.use(http.get('/api/item-submissions', () => new Promise<never>(() => {})));
    await user.click(form.getByRole('checkbox', { name: 'Immediately' }));
    await user.click(form.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('No submissions yet')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('scheduledSubmissionIds')!)).toEqual([glock.id]);
    expect(JSON.parse(localStorage.getItem('scheduledPickups')!)).toEqual([
      expect.objectContaining({ id: data.pickups[0]!.id, submissionId: glock.id, scheduledDate: 'Immediately' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Back to Admin Control' }));
    // With nothing pending, the badge is gone rather than a red 0.
    expect(screen.getByRole('button', { name: /User Item Submissions/ })).toHaveTextContent(/^User Item Submissions$/);
    expect(within(screen.getByRole('button', { name: /User Item Submissions/ })).queryByLabelText(/pending/)).not.toBeInTheDocument();
  });

  it('when the server answers after the schedule, then the stored id is pruned; a stored id never hides a genuinely pending submission', async () => {
    const scheduled = makeSubmission({ ps5Name: 'Axe' });
    const genuinelyPending = makeSubmission({ ps5Name: 'Shovel' });
    data.submissions = [scheduled, genuinelyPending];
    // Left by an earlier schedule whose pickup the server no longer has (e.g. a reset database), and by one it has.
    const longAgo = Date.now() - 60_000;
    localStorage.setItem('scheduledSubmissionIds', JSON.stringify([scheduled.id, genuinelyPending.id]));
    localStorage.setItem(
      'scheduledPickups',
      JSON.stringify([{ ...makePickup(genuinelyPending), submission: undefined, storedAt: longAgo }]),
    );
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    expect(await screen.findByRole('listitem', { name: 'Shovel' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Axe' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('scheduledSubmissionIds')).toBeNull());
    expect(localStorage.getItem('scheduledPickups')).toBeNull();
  });

  it('when the server refuses, then the alert reads Failed to schedule pickup; on a network error, it is kept to send later', async () => {
    server.use(http.post('/api/scheduled-pickups', () => HttpResponse.json({ message: 'nope' }, { status: 409 })));
    const { user, form } = await openSchedule();
    await user.click(form.getByRole('checkbox', { name: 'Immediately' }));
    await user.click(form.getByRole('button', { name: 'Schedule' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Alert' });
    expect(alert).toHaveTextContent('Failed to schedule pickup');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    server.use(http.post('/api/scheduled-pickups', () => HttpResponse.error()));
    await user.click(form.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(QUEUED_ADMIN_TITLE)).toBeInTheDocument();
    const [queued] = await listOutboxRecords();
    expect(queued).toMatchObject({
      kind: 'admin',
      state: 'queued',
      payload: { method: 'POST', path: '/api/scheduled-pickups', target: 'scheduled' },
    });
  });
});

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

describe('Denied & Paid Submissions', () => {
  it('shows denied submissions and paid pickups in two columns, with No Paid Submissions when none is paid', async () => {
    data.submissions = [
      makeSubmission({ ps5Name: 'Old hat', status: 'rejected', rejectedAt: '2026-03-02T10:00:00.000Z' }),
      makeSubmission({ ps5Name: 'Pending thing' }),
    ];
    data.pickups = [makePickup(makeSubmission({ ps5Name: 'Unpaid axe' }), { completed: true, collectedAt: '2026-03-05T00:00:00.000Z' })];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Denied' }));
    const denied = within(await screen.findByRole('region', { name: 'Denied' }));
    expect(denied.getByRole('button', { name: /Old hat/ })).toBeInTheDocument();
    expect(denied.queryByText(/Pending thing/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Paid' })).getByText('No Paid Submissions')).toBeInTheDocument();
    expect(screen.queryByText(/Unpaid axe/)).not.toBeInTheDocument();
    await user.click(denied.getByRole('button', { name: /Old hat/ }));
    const contact = within(screen.getByRole('dialog', { name: 'Submission Details & Contact' }));
    expect(contact.getByText('Old hat')).toBeInTheDocument();
    expect(await contact.findByText('No Contact Information Available')).toBeInTheDocument();
  });
});

describe("Denied & Paid Submissions, the columns' order (issue 52.5)", () => {
  it.each(['Denied', 'Paid'])(
    'when opened from %s, then the columns read Denied then Paid, as the tile does; from Paid, the Paid column is scrolled to',
    async (side) => {
      data.submissions = [makeSubmission({ ps5Name: 'Old hat', status: 'rejected', rejectedAt: '2026-03-02T10:00:00.000Z' })];
      data.pickups = [];
      // jsdom has no scrollIntoView: a stand-in records what was scrolled to.
      const scrolled: string[] = [];
      const original = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (this: Element) {
        scrolled.push(this.getAttribute('aria-labelledby') ?? this.tagName);
      };
      try {
        const user = userEvent.setup();
        renderAdminControl();
        const tile = screen.getByRole('group', { name: 'Denied and Paid' });
        expect(
          within(tile)
            .getAllByRole('button')
            .map((button) => button.textContent?.trim()),
        ).toEqual(['Denied', 'Paid']);
        await user.click(within(tile).getByRole('button', { name: side }));
        await screen.findByRole('region', { name: 'Paid' });
        expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Denied', 'Paid']);
        expect(scrolled).toEqual(side === 'Paid' ? ['paid-heading'] : []);
      } finally {
        Element.prototype.scrollIntoView = original;
      }
    },
  );
});

describe('Denied & Paid Submissions, a paid entry', () => {
  it('when a paid entry is opened, then its details say paid with the pickup, collection and payment, not scheduled', async () => {
    const sold = makeSubmission({ ps5Name: 'Rare hat', robloxName: 'other', paymentMethod: 'usd' });
    data.submissions = [{ ...sold, status: 'scheduled' }];
    data.pickups = [
      makePickup(sold, {
        completed: true,
        completedAt: '2026-03-07T16:30:00.000Z',
        collectedAt: '2026-03-07T16:30:00.000Z',
        paid: true,
        paidAt: '2026-03-08T09:00:00.000Z',
        agreedPrice: 12.5,
      }),
    ];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    await user.click(within(await screen.findByRole('region', { name: 'Paid' })).getByRole('button', { name: /Rare hat/ }));
    const details = within(screen.getByRole('dialog', { name: 'Submission Details & Contact' }));
    const value = (label: string) => details.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Status')).toBe('paid');
    expect(value('Pickup')).toBe('3/7/2026 at 4:05 PM');
    expect(value('Collected')).toMatch(/2026/);
    expect(value('Paid')).toMatch(/2026/);
    expect(value('Price')).toBe('$12.50 USD (agreed)');
    expect(details.queryByText('scheduled')).not.toBeInTheDocument();
  });
});

describe('Pickups', () => {
  it('while the pickups load, Scheduled pickups and Collected read Loading submissions...', async () => {
    server.use(http.get('/api/scheduled-pickups', () => new Promise<never>(() => {})));
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Scheduled pickups' }));
    expect(screen.getByText('Loading submissions...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Admin Control' }));
    await user.click(screen.getByRole('button', { name: 'Collected' }));
    expect(screen.getByText('Loading submissions...')).toBeInTheDocument();
  });

  it('Mark Collected asks Only select yes if you have collected, then Paid asks Payment Confirmation', async () => {
    const sold = makeSubmission({ ps5Name: 'Axe', paymentMethod: null });
    const pickup = makePickup(sold);
    data.submissions = [{ ...sold, status: 'scheduled' }];
    data.pickups = [pickup];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Scheduled pickups' }));
    const card = await screen.findByRole('listitem', { name: 'Axe' });
    expect(within(card).getByText('Price TBD')).toBeInTheDocument();
    expect(within(card).getByText('3/7/2026 at 4:05 PM')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Mark Collected' }));
    const confirm = within(screen.getByRole('alertdialog', { name: 'Confirm Collection' }));
    expect(confirm.getByText("Only select yes if you've collected")).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('No pending pickups')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Admin Control' }));
    await user.click(screen.getByRole('button', { name: 'Collected' }));
    await user.click(within(await screen.findByRole('listitem', { name: 'Axe' })).getByRole('button', { name: 'Paid' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Payment Confirmation' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('No collected items')).toBeInTheDocument();
    expect(data.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `PATCH /api/scheduled-pickups/${pickup.id}/complete`,
      `PATCH /api/scheduled-pickups/${pickup.id}/paid`,
    ]);
    await user.click(screen.getByRole('button', { name: 'Back to Admin Control' }));
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    expect(await screen.findByText('No Rejected Submissions')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Axe/ }));
    expect(screen.getByRole('dialog', { name: 'Submission Details & Contact' })).toBeInTheDocument();
  });

  it('alerts Failed to mark as collected / as paid on a refusal, and keeps the action to send later on a network error', async () => {
    const sold = makeSubmission({ ps5Name: 'Axe' });
    data.pickups = [
      makePickup(sold),
      makePickup(makeSubmission({ ps5Name: 'Shovel' }), { completed: true, collectedAt: '2026-03-05T00:00:00.000Z' }),
    ];
    server.use(
      http.patch('/api/scheduled-pickups/:id/complete', () => HttpResponse.json({ message: 'no' }, { status: 409 })),
      http.patch('/api/scheduled-pickups/:id/paid', () => HttpResponse.error()),
    );
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Scheduled pickups' }));
    await user.click(await screen.findByRole('button', { name: 'Mark Collected' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Confirm Collection' })).getByRole('button', { name: 'Yes' }));
    const alert = await screen.findByRole('alertdialog', { name: 'Alert' });
    expect(alert).toHaveTextContent('Failed to mark as collected');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    server.use(http.patch('/api/scheduled-pickups/:id/complete', () => HttpResponse.error()));
    // Every toast shown from here on (only one shows at a time, so a later one may replace it on screen).
    const toastTitles: string[] = [];
    const stopWatching = subscribeToasts(() => toastTitles.push(...getToasts().map((toast) => toast.title ?? '')));
    await user.click(screen.getByRole('button', { name: 'Mark Collected' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Confirm Collection' })).getByRole('button', { name: 'Yes' }));
    // Keeping the action writes it to IndexedDB first: give a loaded machine more than the default second.
    await waitFor(() => expect(toastTitles).toContain(QUEUED_ADMIN_TITLE), { timeout: 10_000 });
    await waitFor(async () =>
      expect((await listOutboxRecords()).map((r) => (r.payload as { target: string }).target)).toEqual(['collected']),
    );
    stopWatching();
    await user.click(screen.getByRole('button', { name: 'Back to Admin Control' }));
    await user.click(screen.getByRole('button', { name: 'Collected' }));
    await user.click(await screen.findByRole('button', { name: 'Paid' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Payment Confirmation' })).getByRole('button', { name: 'Yes' }));
    await waitFor(async () =>
      expect((await listOutboxRecords()).map((r) => (r.payload as { target: string }).target)).toEqual(['collected', 'paid']),
    );
    server.use(http.patch('/api/scheduled-pickups/:id/paid', () => HttpResponse.json({ message: 'no' }, { status: 409 })));
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Payment Confirmation' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('alertdialog', { name: 'Alert' }, { timeout: 5000 })).toHaveTextContent('Failed to mark as paid');
  }, 40_000);
});

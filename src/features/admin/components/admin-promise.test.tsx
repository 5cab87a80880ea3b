import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketMessage } from '@/domain/socket-messages';
import { setCurrentUser } from '@/lib/current-user';
import { data, serveAdminApi } from '../testing/admin-server';
import { makeRequest, makeSubmission, pastPromise } from '../testing/fixtures';
import { renderAdminControl } from '../testing/render-admin';

vi.mock('@/lib/socket', () => ({ subscribeSocket: (_handler: (message: SocketMessage) => void) => () => undefined }));
vi.setConfig({ testTimeout: 20_000 });

serveAdminApi();
beforeEach(() =>
  setCurrentUser({ username: 'admin1', contactEmail: null, ps5Username: null, robloxUsername: null, isAdmin: true, isSuperAdmin: false }),
);

const openPromise = { promisedAt: '2030-03-07T16:05:00.000Z', promiseStatus: 'open' as const };

describe('approved requests: promise, credit, reschedule and no-show', () => {
  it('the detail shows the promise, the store credit applied and the amount due', async () => {
    data.requests = [
      makeRequest({
        status: 'approved',
        scheduledDate: '3/7/2030',
        scheduledTime: '4:05 PM',
        ...openPromise,
        totalPrice: 20,
        creditApplied: 3.75,
        amountDue: 16.25,
      }),
    ];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Approved Requests/ }));
    const detail = await screen.findByRole('region', { name: /Request #/ });
    expect(detail).toHaveTextContent('Store credit−$3.75');
    expect(detail).toHaveTextContent('Amount due$16.25');
    expect(within(detail).getByTestId('promise-status')).toHaveTextContent(/^Promised by Mar 7, 2030/);
  });

  it('Reschedule takes the same fields as scheduling, says what is wrong, and sends the new time through the outbox', async () => {
    const request = makeRequest({ status: 'approved', scheduledDate: '3/7/2030', scheduledTime: '4:05 PM', ...openPromise });
    data.requests = [request];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Approved Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const form = within(screen.getByRole('dialog', { name: 'Propose New Drop Time' }));
    expect(form.getByText(/is promised for 3\/7\/2030 at 4:05 PM/)).toBeInTheDocument();
    const confirm = form.getByRole('button', { name: 'Propose' });
    await user.type(form.getByLabelText('Month'), '2');
    await user.type(form.getByLabelText('Day'), '30');
    await user.type(form.getByLabelText('Year'), '2030');
    expect(form.getByRole('alert')).toHaveTextContent('February 2030 has 28 days');
    // Only the day is marked wrong.
    expect(form.getByLabelText('Day')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Month')).not.toHaveAttribute('aria-invalid');
    expect(confirm).toBeDisabled();
    await user.clear(form.getByLabelText('Day'));
    await user.type(form.getByLabelText('Day'), '8');
    await user.type(form.getByLabelText('Hour'), '9');
    await user.type(form.getByLabelText('Minute'), '30');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() =>
      expect(data.calls).toEqual([
        {
          method: 'PATCH',
          path: `/api/purchase-requests/${request.id}/schedule`,
          body: { scheduledDate: '2/8/2030', scheduledTime: '9:30 AM', isImmediateSchedule: false },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Propose New Drop Time' })).not.toBeInTheDocument());
  });

  it('"Player did not show" before the promised time is off, saying from when (issue 52.5: it opened a dialog that could only say not yet)', async () => {
    data.requests = [makeRequest({ status: 'approved', scheduledDate: '3/7/2030', scheduledTime: '4:05 PM', ...openPromise })];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Approved Requests/ }));
    const noShow = await screen.findByRole('button', { name: 'Player did not show' });
    expect(noShow).toBeDisabled();
    expect(noShow).toHaveAccessibleDescription(/^From /);
    expect(screen.queryByRole('alertdialog', { name: 'Player did not show' })).toBeNull();
  });

  it('"Player did not show" asks first; No sends nothing, Yes records it with the note and the buttons go', async () => {
    const request = makeRequest({
      status: 'approved',
      scheduledDate: 'Immediately',
      scheduledTime: '',
      isImmediateSchedule: true,
      ...pastPromise,
    });
    data.requests = [request];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Approved Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'Player did not show' }));
    let confirm = within(screen.getByRole('alertdialog', { name: 'Player did not show' }));
    expect(confirm.getByText(/No store credit is given/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'No' }));
    expect(data.calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Player did not show' }));
    confirm = within(screen.getByRole('alertdialog', { name: 'Player did not show' }));
    await user.type(confirm.getByLabelText(/What happened/), 'Waited 10 minutes at the spot');
    await user.click(confirm.getByRole('button', { name: 'Yes, record it' }));
    await waitFor(() =>
      expect(data.calls).toEqual([
        {
          method: 'PATCH',
          path: `/api/purchase-requests/${request.id}/no-show`,
          body: { expectedStatus: 'approved', note: 'Waited 10 minutes at the spot' },
        },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('promise-status')).toHaveTextContent('Player did not show'));
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
  });

  it('a missed promise shows as such, without Reschedule or no-show', async () => {
    data.requests = [
      makeRequest({
        status: 'approved',
        scheduledDate: 'Immediately',
        isImmediateSchedule: true,
        promisedAt: '2026-03-07T16:05:00.000Z',
        promiseStatus: 'missed',
      }),
    ];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Approved Requests/ }));
    expect(await screen.findByTestId('promise-status')).toHaveTextContent('Missed — store credit given');
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Player did not show' })).not.toBeInTheDocument();
  });

  it('Reject takes an optional reason and sends it', { timeout: 60_000 }, async () => {
    const request = makeRequest({ requesterName: 'rita' });
    data.requests = [request];
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // Deny and Reject wait 10 s for Undo before they are sent (issue 33 item 5).
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Pending Purchase Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Reject Pending Request' }));
    await user.type(dialog.getByLabelText(/Reason/), '  Sold out  ');
    await user.click(dialog.getByRole('button', { name: 'Yes' }));
    await screen.findByText('Sent in 10 seconds. Nothing has been sent yet.');
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await waitFor(() =>
      expect(data.calls).toEqual([
        {
          method: 'PATCH',
          path: `/api/purchase-requests/${request.id}/status`,
          body: { status: 'rejected', expectedStatus: 'pending', rejectionReason: 'Sold out' },
        },
      ]),
    );
  });
});

describe('closed records: reasons and credit', () => {
  it('Rejected Order Details shows the reason and that the credit used went back', async () => {
    data.requests = [
      makeRequest({
        status: 'rejected',
        requesterName: 'rita',
        rejectedAt: '2026-03-04T10:00:00.000Z',
        rejectionReason: 'Sold out',
        creditApplied: 2,
        amountDue: 18,
      }),
    ];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Step 3.*Rejected/ }));
    await user.click(await screen.findByRole('button', { name: /rita/ }));
    const details = screen.getByRole('dialog', { name: 'Rejected Order Details' });
    expect(details).toHaveTextContent('ReasonSold out');
    expect(details).toHaveTextContent('Store credit−$2.00 (returned to the player)');
  });

  it('a denied submission shows its reason in Submission Details', async () => {
    data.submissions = [
      makeSubmission({
        ps5Name: 'Old hat',
        status: 'rejected',
        rejectedAt: '2026-03-02T10:00:00.000Z',
        rejectionReason: 'Photo too blurry',
      }),
    ];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Denied' }));
    await user.click(within(await screen.findByRole('region', { name: 'Denied' })).getByRole('button', { name: /Old hat/ }));
    expect(await screen.findByRole('dialog', { name: 'Submission Details & Contact' })).toHaveTextContent('ReasonPhoto too blurry');
  });
});

describe('the contact view: store credit', () => {
  const entry = {
    id: 71,
    amount: 5,
    kind: 'missed-pickup' as const,
    subjectType: 'pickup' as const,
    subjectId: 9,
    reason: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    createdBy: null,
  };

  it('an admin sees the player balance and entries, without Reverse', async () => {
    data.submissions = [makeSubmission({ submittedBy: 'kim' })];
    data.credit.kim = { balance: 5, entries: [entry] };
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    await user.click(await screen.findByRole('button', { name: 'Contact' }));
    const credit = await screen.findByRole('region', { name: 'Store credit of kim' });
    expect(credit).toHaveTextContent('$5.00');
    expect(credit).toHaveTextContent('Missed pickup time');
    expect(within(credit).queryByRole('button', { name: 'Reverse credit' })).not.toBeInTheDocument();
  });

  it('the super admin reverses a credit with a reason (required), and the balance follows', async () => {
    setCurrentUser({ username: 'boss', contactEmail: null, ps5Username: null, robloxUsername: null, isAdmin: true, isSuperAdmin: true });
    data.submissions = [makeSubmission({ submittedBy: 'kim' })];
    data.credit.kim = { balance: 5, entries: [entry] };
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    await user.click(await screen.findByRole('button', { name: 'Contact' }));
    const credit = await screen.findByRole('region', { name: 'Store credit of kim' });
    await user.click(within(credit).getByRole('button', { name: 'Reverse credit' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Reverse Store Credit' }));
    await user.click(dialog.getByRole('button', { name: 'Reverse credit' }));
    expect(dialog.getByText('Say why the credit is reversed')).toBeInTheDocument();
    expect(data.calls).toEqual([]);
    await user.type(dialog.getByLabelText(/Reason/), 'Player asked to move it twice');
    await user.click(dialog.getByRole('button', { name: 'Reverse credit' }));
    await waitFor(() =>
      expect(data.calls).toEqual([
        { method: 'POST', path: '/api/admin/credits/71/reverse', body: { reason: 'Player asked to move it twice' } },
      ]),
    );
    await waitFor(() => expect(within(credit).getByTestId('credit-balance')).toHaveTextContent('$0.00'));
    expect(credit).toHaveTextContent('Reversed by the store');
    expect(within(credit).queryByRole('button', { name: 'Reverse credit' })).not.toBeInTheDocument();
  });
});

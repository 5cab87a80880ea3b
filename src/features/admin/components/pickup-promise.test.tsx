import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentUser } from '@/lib/current-user';
import { data, serveAdminApi } from '../testing/admin-server';
import { makePickup, makeSubmission, pastPromise } from '../testing/fixtures';
import { renderAdminControl } from '../testing/render-admin';

// A pickup's promise in Admin Control (a purchase's: admin-promise.test.tsx).
vi.mock('@/lib/socket', () => import('../testing/socket-mock'));
vi.setConfig({ testTimeout: 20_000 });
serveAdminApi();
beforeEach(() =>
  setCurrentUser({ username: 'admin1', contactEmail: null, ps5Username: null, robloxUsername: null, isAdmin: true, isSuperAdmin: false }),
);

describe('scheduled pickups: promise, reschedule, no-show, agreed price', () => {
  it('a pickup shows its promise and agreed price; Reschedule sends isImmediate; no-show asks first', async () => {
    const pot = makeSubmission({ ps5Name: 'Regular Pot', robloxName: 'farming' });
    const pickup = makePickup(pot, { ...pastPromise, agreedPrice: 42.5, scheduledDate: '3/7/2030' });
    data.pickups = [pickup];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: 'Scheduled pickups' }));
    const card = await screen.findByRole('listitem', { name: 'Regular Pot' });
    expect(card).toHaveTextContent('$42.50 USD (agreed)');
    expect(card).not.toHaveTextContent('Price TBD');
    expect(within(card).getByTestId('promise-status')).toHaveTextContent('Promised by');
    await user.click(within(card).getByRole('button', { name: 'Reschedule' }));
    const form = within(screen.getByRole('dialog', { name: 'Propose New Pickup Time' }));
    await user.click(form.getByRole('checkbox', { name: 'Immediately' }));
    await user.click(form.getByRole('button', { name: 'Propose' }));
    await waitFor(() =>
      expect(data.calls).toEqual([
        {
          method: 'PATCH',
          path: `/api/scheduled-pickups/${pickup.id}/schedule`,
          body: { scheduledDate: 'Immediately', scheduledTime: '', isImmediate: true },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Propose New Pickup Time' })).not.toBeInTheDocument());
    await user.click(within(screen.getByRole('listitem', { name: 'Regular Pot' })).getByRole('button', { name: 'Player did not show' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Player did not show' })).getByRole('button', { name: 'Yes, record it' }),
    );
    await waitFor(() =>
      expect(data.calls[1]).toEqual({
        method: 'PATCH',
        path: `/api/scheduled-pickups/${pickup.id}/no-show`,
        body: { expectedStatus: 'scheduled' },
      }),
    );
  });

  it('scheduling an item without a catalogue price asks for the agreed price and sends it', async () => {
    const other = makeSubmission({ ps5Name: 'Signed poster', robloxName: 'other' });
    data.submissions = [other];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    await user.click(await screen.findByRole('button', { name: 'Schedule' }));
    const form = within(screen.getByRole('dialog', { name: 'Schedule Item Collection' }));
    await user.click(form.getByRole('checkbox', { name: 'Immediately' }));
    await user.click(form.getByRole('button', { name: 'Schedule' }));
    expect(form.getByRole('alert')).toHaveTextContent('Enter the price agreed with the player');
    expect(data.calls).toEqual([]);
    await user.type(form.getByLabelText('Agreed price (USD)'), '12.345');
    await user.click(form.getByRole('button', { name: 'Schedule' }));
    expect(form.getByRole('alert')).toHaveTextContent('Enter dollars and cents, like 12.50');
    await user.clear(form.getByLabelText('Agreed price (USD)'));
    await user.type(form.getByLabelText('Agreed price (USD)'), '$12.50');
    await user.click(form.getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(data.calls).toEqual([
        {
          method: 'POST',
          path: '/api/scheduled-pickups',
          body: {
            expectedStatus: 'pending',
            submissionId: other.id,
            scheduledDate: 'Immediately',
            scheduledTime: '',
            isImmediate: true,
            agreedPrice: 12.5,
          },
        },
      ]),
    );
  });

  it('an item with a catalogue price is scheduled without asking for a price', async () => {
    data.submissions = [makeSubmission({ ps5Name: 'Glock' })];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    await user.click(await screen.findByRole('button', { name: 'Schedule' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Schedule Item Collection' })).queryByLabelText('Agreed price (USD)'),
    ).not.toBeInTheDocument();
  });

  it('Deny takes an optional reason and sends it', { timeout: 60_000 }, async () => {
    const glock = makeSubmission();
    data.submissions = [glock];
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // Deny and Reject wait 10 s for Undo before they are sent (issue 33 item 5).
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /User Item Submissions/ }));
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Confirm Denial' }));
    await user.type(dialog.getByLabelText(/Reason/), 'Photo too blurry');
    await user.click(dialog.getByRole('button', { name: 'Yes' }));
    await screen.findByText('Sent in 10 seconds. Nothing has been sent yet.');
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await waitFor(() =>
      expect(data.calls).toEqual([
        {
          method: 'PATCH',
          path: `/api/item-submissions/${glock.id}/status`,
          body: { status: 'rejected', expectedStatus: 'pending', rejectionReason: 'Photo too blurry' },
        },
      ]),
    );
  });
});

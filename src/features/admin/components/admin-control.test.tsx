import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { data, serveAdminApi } from '../testing/admin-server';
import { makeSubmission } from '../testing/fixtures';
import { AppProviders } from '@/test/providers';
import { renderAdminControl, StatefulAdminControl } from '../testing/render-admin';

// Admin Control: the menu.
vi.mock('@/lib/socket', () => import('../testing/socket-mock'));
serveAdminApi();

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
        <StatefulAdminControl />
      </AppProviders>,
    );
    expect(screen.getByLabelText('1 pending')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('3 pending')).toBeInTheDocument(), { timeout: 2000 });
  });
});

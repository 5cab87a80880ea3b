import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { kvSet, snapshotKey } from '@/lib/db';
import { scheduledPickupsQueryOptions } from '../api/scheduled-pickups';
import { data, serveAdminApi, server } from '../testing/admin-server';
import { makePickup, makeSubmission } from '../testing/fixtures';
import { renderAdminControl } from '../testing/render-admin';

vi.mock('@/lib/socket', () => ({ subscribeSocket: () => () => undefined }));

serveAdminApi();

const networkDown = () => [
  http.get('/api/scheduled-pickups', () => HttpResponse.error()),
  http.get('/api/item-submissions', () => HttpResponse.error()),
  http.get('/api/purchase-requests', () => HttpResponse.error()),
];

describe('admin lists with no network', () => {
  it('when the load fails and nothing was saved, then Scheduled pickups shows an error with Retry, never "No pending pickups"', async () => {
    server.use(...networkDown());
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(await screen.findByRole('button', { name: 'Scheduled pickups' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("This couldn't be loaded");
    expect(screen.queryByText('No pending pickups')).not.toBeInTheDocument();

    // Retry once the network is back loads the list.
    server.resetHandlers();
    const submission = makeSubmission({ id: 5, ps5Name: 'Golden AK', submittedBy: 'alice', status: 'scheduled' });
    data.pickups = [makePickup(submission, { id: 50 })];
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Golden AK')).toBeInTheDocument();
  });

  it('when the load fails but a copy was saved, then the saved records show with the time they were saved', async () => {
    const submission = makeSubmission({ id: 6, ps5Name: 'Saved Shotgun', submittedBy: 'bob', status: 'scheduled' });
    await kvSet(snapshotKey(scheduledPickupsQueryOptions().queryKey), {
      data: [makePickup(submission, { id: 60 })],
      savedAt: '2026-03-03T10:15:00.000Z',
    });
    server.use(...networkDown());
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(await screen.findByRole('button', { name: 'Scheduled pickups' }));
    expect(await screen.findByText('Saved Shotgun')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('offline-data-note')).toHaveTextContent('Offline data — last updated'));
    expect(screen.getByTestId('offline-data-note').querySelector('time')).toHaveAttribute('dateTime', '2026-03-03T10:15:00.000Z');
  });
});

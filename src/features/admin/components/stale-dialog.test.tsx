import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketMessage } from '../../../domain/socket-messages';
import { setCurrentUser } from '../../../lib/current-user';
import { deleteTestDb } from '../../../test/idb';
import { purchaseRequestsQueryOptions } from '../api/purchase-requests';
import { data, resetData, server } from '../testing/admin-server';
import { makeRequest } from '../testing/fixtures';
import { renderAdminControl } from '../testing/render-admin';

vi.mock('../../../lib/socket', () => ({ subscribeSocket: (_handler: (message: SocketMessage) => void) => () => undefined }));
vi.setConfig({ testTimeout: 20_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  resetData();
  setCurrentUser({ username: 'admin1', contactEmail: null, ps5Username: null, robloxUsername: null, isAdmin: true, isSuperAdmin: false });
});
afterEach(async () => {
  server.resetHandlers();
  await deleteTestDb();
});
afterAll(() => server.close());

describe('a dialog whose record changes underneath it (issue 28)', () => {
  it('when another admin approves the request while Reject is open, then the dialog names who and when and offers no Yes; nothing is sent', async () => {
    const request = makeRequest({ requesterName: 'rita' });
    data.requests = [request];
    server.use(
      http.get('/api/history/purchase-request/:id', () =>
        HttpResponse.json([
          { from: null, to: 'pending', actorName: 'rita', at: '2026-03-04T10:00:00.000Z', note: null, photoUrl: null, thumbnailUrl: null },
          {
            from: 'pending',
            to: 'approved',
            actorName: 'sam',
            at: '2026-03-04T12:31:00.000Z',
            note: null,
            photoUrl: null,
            thumbnailUrl: null,
          },
        ]),
      ),
    );
    const user = userEvent.setup();
    const { queryClient } = renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Pending Purchase Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Reject Pending Request' }));
    expect(dialog.getByRole('button', { name: 'Yes' })).toBeInTheDocument();

    // The live update: the list in the cache now has the request approved.
    act(() => queryClient.setQueryData(purchaseRequestsQueryOptions().queryKey, [{ ...request, status: 'approved' as const }]));
    const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date('2026-03-04T12:31:00.000Z'));
    await waitFor(() => expect(dialog.getByText(new RegExp(`Already approved by sam at ${time}\\.`))).toBeInTheDocument());
    expect(dialog.queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Back to the list' }));
    expect(data.calls).toEqual([]);
  });
});
